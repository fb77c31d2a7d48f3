import { OWNERS_API } from '@under/core/api/applications/owners.contract';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../lib/http-error';
import { createApplicantApi, PUBLIC_FORM_SCRIPT_ID, readInlineForm } from './applicant-api';
import { createApplicantHttp } from './applicant-http';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the applicant pages’ http', () => {
  it('sends the API key on every call, the code in the query, keepalive when asked', async () => {
    const fetch = vi.fn(async () => json(200, { revision: 5, savedAt: 'now' }));
    const api = createApplicantApi(createApplicantHttp({ apiKey: 'key-1', fetch }));
    const link = { applicationId: 'a1', code: 'c_1' };
    expect(await api.saveDraft(link, { data: { x: 1 }, revision: 4 }, true)).toEqual({ revision: 5, savedAt: 'now' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/public/applications/a1/draft?code=c_1');
    expect(init.method).toBe('PUT');
    expect(init.keepalive).toBe(true);
    expect(init.headers).toMatchObject({ 'x-api-key': 'key-1', 'Content-Type': 'application/json' });
    expect(JSON.parse(String(init.body))).toEqual({ data: { x: 1 }, revision: 4 });
    await api.form('f1', 3);
    expect((fetch.mock.calls[1] as unknown as [string])[0]).toBe('/api/public/custom_forms/f1?version=3');
    expect((fetch.mock.calls[1] as unknown as [string, RequestInit])[1].keepalive).toBeUndefined();
  });

  it('adds a call’s own headers, and answers calls shaped as the portal’s http.call (contract endpoints)', async () => {
    const fetch = vi.fn(async () => json(202, {}));
    const http = createApplicantHttp({ apiKey: 'k', fetch });
    await http.call({ method: 'DELETE', path: '/api/public/vault' }, { headers: { 'x-vault-token': 't1' } });
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      'x-vault-token': 't1',
      'x-api-key': 'k',
    });
    await http.contractCall(OWNERS_API.requestLink, {
      body: { applicationId: '11111111-1111-4111-8111-111111111111', email: 'a@b.co', code: 'c'.repeat(43) },
    });
    const [url, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/public/applications/link');
    expect(init.method).toBe('POST');
  });

  it('turns refusals into HttpError with the server’s code, and no answer into status 0', async () => {
    const refused = createApplicantHttp({
      apiKey: 'k',
      fetch: vi.fn(async () => json(409, { statusCode: 409, code: 'application/revision-conflict', message: 'x' })),
    });
    await expect(refused.call({ method: 'GET', path: '/api/x' })).rejects.toMatchObject({
      status: 409,
      code: 'application/revision-conflict',
    });
    const offline = createApplicantHttp({
      apiKey: 'k',
      fetch: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    const error = await offline.call({ method: 'GET', path: '/api/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(0);
  });
});

describe('the form the server inlined into the page (decision 040)', () => {
  it('answers form() for its id and version without a call, and calls for any other', async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PUBLIC_FORM_SCRIPT_ID;
    script.textContent = '{"customFormId":"f1","version":2,"name":"\\u003c/script\\u003e"}';
    document.head.append(script);
    const inline = readInlineForm(document);
    script.remove();
    expect(inline).toMatchObject({ customFormId: 'f1', version: 2, name: '</script>' });
    const fetch = vi.fn(async () => json(200, { customFormId: 'f1', version: 1 }));
    const api = createApplicantApi(createApplicantHttp({ apiKey: 'k', fetch }), inline);
    expect(await api.form('f1')).toBe(inline);
    expect(await api.form('f1', 2)).toBe(inline);
    expect(fetch).not.toHaveBeenCalled();
    await api.form('f1', 1);
    await api.form('f2');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(readInlineForm(document)).toBeUndefined();
  });
});
