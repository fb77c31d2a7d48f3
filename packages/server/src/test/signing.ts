import { deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import { type TestApp, uniqueAddress, uniqueEmail } from './helpers';

/** A real greyscale PNG of the given size (one row repeated), as a data URL: a drawn signature for the tests. */
export function signaturePng(width: number, height = 150): string {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (greyscale)
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 100)]);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${bytes.toString('base64')}`;
}

/** The newest signing code mailed to `to` (after the outbox settled). */
export async function mailedSignCode(t: TestApp, to: string): Promise<string> {
  await t.mailer.settle();
  const mail = [...t.mailer.sent].reverse().find((m) => m.to === to && m.subject.startsWith('Your signing code'));
  const code = mail?.subject.match(/(\d{6})/)?.[1];
  if (!code) throw new Error(`no signing code mailed to ${to}`);
  return code;
}

/**
 * An owner signs through the public API as the pages do: asks for the e-mailed code, reads it from the mailbox and
 * signs with a drawn signature. Answers the sign response.
 */
export async function signWithMailedCode(
  t: TestApp,
  opts: { applicationId: string; code: string; email: string; extra?: Record<string, unknown> },
) {
  const headers = { 'x-api-key': t.config.secrets.publicApiKey };
  const base = `/api/public/applications/${opts.applicationId}`;
  const asked = await t.app.inject({ method: 'POST', url: `${base}/sign-code?code=${opts.code}`, headers });
  expect(asked.statusCode, asked.body).toBe(202);
  const signed = await t.app.inject({
    method: 'POST',
    url: `${base}/sign?code=${opts.code}`,
    headers,
    payload: {
      emailCode: await mailedSignCode(t, opts.email),
      signature: { kind: 'drawn', image: signaturePng(600) },
      confirmed: true,
      ...opts.extra,
    },
  });
  expect(signed.statusCode, signed.body).toBe(200);
  return signed.json() as { signStatus: string; allSigned: boolean };
}

/**
 * A new application on `customFormId` through the public API, submitted with `data` and signed by its primary
 * applicant with the e-mailed code. Answers its id, the applicant's e-mail and their link's code.
 */
export async function submittedAndSigned(
  t: TestApp,
  opts: { customFormId: string; data: Record<string, unknown>; prefix?: string },
) {
  const headers = { 'x-api-key': t.config.secrets.publicApiKey };
  const email = uniqueEmail(opts.prefix ?? 'signed');
  const draft = await t.app.inject({
    method: 'POST',
    url: '/api/public/applications/drafts',
    headers,
    payload: { customFormId: opts.customFormId, email, data: {} },
    remoteAddress: uniqueAddress(),
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const { applicationId, code } = draft.json() as { applicationId: string; code: string };
  const submitted = await t.app.inject({
    method: 'POST',
    url: `/api/public/applications/${applicationId}/submit?code=${code}`,
    headers,
    payload: { data: opts.data, revision: 1 },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  await signWithMailedCode(t, { applicationId, code, email });
  return { applicationId, email, code };
}
