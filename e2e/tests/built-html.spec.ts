import { expect, test } from '../support/test';

/** The server's CSP is `script-src 'self'`: one inline script and an app would not start. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = '', body = '']) => !/\bsrc=/.test(attributes) || body.trim() !== '')
    .map(([tag]) => tag);
}

// The built apps as the server sends them (the unit test checks the sources; this checks what `vite build` made
// of them, which exists only here, after the build that precedes the journeys).
for (const path of ['/', '/admin/', '/application-form/00000000-0000-4000-8000-000000000000']) {
  test(`${path} is served with its scripts from files, no inline script, under the strict CSP`, async ({ request }) => {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const csp = res.headers()['content-security-policy'] ?? '';
    // scripts from our origin only: no eval, no inline code (styles may be inline: Mantine, decision 004)
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const html = await res.text();
    expect(html).toMatch(/<script type="module"[^>]* src="\/[^"]+\.js"/);
    expect(inlineScripts(html)).toEqual([]);
  });
}

test('the applicant page carries the public API key its calls send, and no other page does', async ({ request }) => {
  const applicant = await (await request.get('/application-form/00000000-0000-4000-8000-000000000000')).text();
  const key = applicant.match(/<meta name="under-api-key" content="([^"]+)"/)?.[1] ?? '';
  expect(key.length).toBeGreaterThanOrEqual(20);
  const form = await request.get('/api/public/custom_forms/00000000-0000-4000-8000-000000000000', {
    headers: { 'x-api-key': key },
  });
  // the key is accepted: an unknown form is 404, not 401
  expect(form.status()).toBe(404);
  expect(await (await request.get('/')).text()).not.toContain(key);
});
