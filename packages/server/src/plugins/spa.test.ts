import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonForScript, PUBLIC_FORM_SCRIPT_ID, registerSpa } from './spa';

const ACTIVE = '8d1c1f7e-0000-4000-8000-000000000001';
const INACTIVE = '8d1c1f7e-0000-4000-8000-000000000002';
const form = { customFormId: ACTIVE, version: 3, name: 'A </script><script>alert(1)</script> \u2028 & form' };

describe('the applicant page with its form inlined (decision 040)', () => {
  const app = Fastify();
  const asked: string[] = [];
  beforeAll(async () => {
    const web = mkdtempSync(path.join(tmpdir(), 'under-spa-'));
    mkdirSync(path.join(web, 'applicant'));
    writeFileSync(path.join(web, 'index.html'), '<html>client app</html>');
    writeFileSync(
      path.join(web, 'applicant', 'index.html'),
      '<html><head><meta name="under-api-key" content="" /></head><body>applicant app</body></html>',
    );
    await registerSpa(app, web, {
      publicApiKey: 'k',
      publicForm: async (id) => {
        asked.push(id);
        if (id !== ACTIVE) throw new Error('inactive');
        return form;
      },
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const inlined = (body: string) =>
    new RegExp(`<script type="application/json" id="${PUBLIC_FORM_SCRIPT_ID}">([^<]*)</script>`).exec(body)?.[1];

  it('puts the active form into the page as a JSON data block that parses back to the same value', async () => {
    for (const url of [
      `/application-form/${ACTIVE}`,
      `/application-form/${ACTIVE}/app/code/a%40b.co`,
      `/application-form-successfully/${ACTIVE}`,
    ]) {
      const body = (await app.inject({ url })).body;
      const json = inlined(body);
      expect(json).toBeDefined();
      expect(JSON.parse(json ?? '')).toEqual(form);
      // nothing in it can end the script element or break the page
      expect(json).not.toMatch(/[<>\u2028\u2029]/);
      expect(body.match(/<script/g)).toHaveLength(1);
    }
  });

  it('serves the verify page from the applicant entry (issue 13), with no form to inline', async () => {
    for (const url of ['/verify', '/verify/']) {
      const body = (await app.inject({ url })).body;
      expect(body).toContain('applicant app');
      expect(inlined(body)).toBeUndefined();
    }
    expect((await app.inject({ url: '/verifying' })).body).not.toContain('applicant app');
  });

  it('leaves it out when there is no active form, or the path names none', async () => {
    expect(inlined((await app.inject({ url: `/application-form/${INACTIVE}` })).body)).toBeUndefined();
    asked.length = 0;
    const body = (await app.inject({ url: '/application-form/not-a-uuid' })).body;
    expect(body).toContain('applicant app');
    expect(inlined(body)).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('escapes what would close the element', () => {
    expect(jsonForScript({ a: '</script>\u2028' })).toBe('{"a":"\\u003c/script\\u003e\\u2028"}');
  });
});
