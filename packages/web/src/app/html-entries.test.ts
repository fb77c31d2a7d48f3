import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The server's CSP is `script-src 'self'`: one inline script and the app would not start. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '', body = '']) => !/\bsrc=/.test(attributes) || body.trim() !== '')
    .map(([tag]) => tag);
}

const entries = ['../../index.html', '../../admin/index.html'];
const built = ['../../dist/index.html', '../../dist/admin/index.html'];
// a path, not `new URL('literal', import.meta.url)`: Vite rewrites that pattern into an asset URL
const isBuilt = existsSync(join(dirname(fileURLToPath(import.meta.url)), '../../dist/index.html'));

describe('HTML entries', () => {
  it.each(entries)('%s loads its app from a file, with no inline script', (relative) => {
    const html = readFileSync(fileURLToPath(new URL(relative, import.meta.url)), 'utf8');
    expect(inlineScripts(html)).toEqual([]);
    expect(html).toMatch(/<script type="module" src="\/src\/app\/(client|admin)\/main\.tsx"><\/script>/);
  });
});

// dist/ exists after `vite build` (npm run build, run before every browser journey). Without a build these are
// reported as skipped, not passed without looking; with one, both apps must be in it and free of inline code.
describe.skipIf(!isBuilt)('HTML entries as built', () => {
  it.each(built)('%s has no inline script either', (relative) => {
    const file = fileURLToPath(new URL(relative, import.meta.url));
    expect(existsSync(file)).toBe(true);
    expect(inlineScripts(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
