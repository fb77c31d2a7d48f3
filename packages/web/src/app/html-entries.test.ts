import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The server's CSP is `script-src 'self'`: one inline script and the app would not start. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '', body = '']) => !/\bsrc=/.test(attributes) || body.trim() !== '')
    .map(([tag]) => tag);
}

const entries = ['../../index.html', '../../admin/index.html', '../../applicant/index.html'];

describe('HTML entries', () => {
  it.each(entries)('%s loads its app from a file, with no inline script', (relative) => {
    const html = readFileSync(fileURLToPath(new URL(relative, import.meta.url)), 'utf8');
    expect(inlineScripts(html)).toEqual([]);
    expect(html).toMatch(/<script type="module" src="\/src\/app\/(client|admin|applicant)\/main\.tsx"><\/script>/);
  });

  it('the applicant entry has the API key placeholder the server fills in (plugins/spa.ts)', () => {
    // a literal `new URL('…', import.meta.url)` would be rewritten by Vite into an asset URL
    const relative = entries[2] as string;
    const html = readFileSync(fileURLToPath(new URL(relative, import.meta.url)), 'utf8');
    expect(html).toContain('<meta name="under-api-key" content="" />');
  });
});

// What `vite build` makes of them is checked where the build exists: e2e/tests/built-html.spec.ts.
