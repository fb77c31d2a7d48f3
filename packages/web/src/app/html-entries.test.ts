import { existsSync, readFileSync } from 'node:fs';
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

describe('HTML entries', () => {
  it.each(entries)('%s loads its app from a file, with no inline script', (relative) => {
    const html = readFileSync(fileURLToPath(new URL(relative, import.meta.url)), 'utf8');
    expect(inlineScripts(html)).toEqual([]);
    expect(html).toMatch(/<script type="module" src="\/src\/app\/(client|admin)\/main\.tsx"><\/script>/);
  });

  // dist/ exists after `vite build`; checked when present so a build that adds inline code is caught.
  it.each(built)('%s (when built) has no inline script either', (relative) => {
    const file = fileURLToPath(new URL(relative, import.meta.url));
    if (!existsSync(file)) return;
    expect(inlineScripts(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
