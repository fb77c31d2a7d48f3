import { crc32, deflateSync } from 'node:zlib';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { SIGN_CODE_MAX_ATTEMPTS } from '@under/core/applications/signing.schema';
import { MESSAGES } from '@under/core/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationDocumentRuns,
  applicationOwners,
  applicationSignatures,
  applications,
  auditEvents,
} from '../../../db/schema';
import { bearer, type Caller, joinTeam, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueEmail } from '../../../test/helpers';
import { mailedSignCode, signaturePng as png } from '../../../test/signing';
import { hashAccessCode, newAccessCode } from '../applicant/access-codes';
import { linkExpiry } from '../applicant/applicant-link';
import { createApplicationFixture } from '../owners/owners.fixtures';

describe.each(testDatabases())('signing on %s', (kind) => {
  let t: TestApp;
  let b: Caller;

  beforeAll(async () => {
    t = await createTestApp(kind);
    b = await registerCompany(t, { companyName: 'Signing B', membershipId: 'MEMBERSHIP_006' });
  });
  afterAll(() => t.close());

  const key = () => ({ 'x-api-key': t.config.secrets.publicApiKey });

  /** A submitted application waiting for signatures: the primary and one additional owner, with their codes. */
  async function awaitingSignatures() {
    const f = await createApplicationFixture(t, { status: 'pending' });
    await t.database.db
      .update(applications)
      .set({ signStatus: 'PROGRESSING' })
      .where(eq(applications.id, f.applicationId));
    const ownerCode = newAccessCode();
    const ownerEmail = uniqueEmail('co-owner');
    const [owner] = await t.database.db
      .insert(applicationOwners)
      .values({
        applicationId: f.applicationId,
        kind: 'additionalOwner',
        role: 'sharedOwnerEndUser',
        email: ownerEmail,
        name: 'Co Owner',
        position: 0,
        codeHash: hashAccessCode(t.config.secrets.codeSecret, ownerCode),
        codeExpiresAt: linkExpiry(new Date()),
      })
      .returning();
    return { ...f, ownerCode, ownerEmail, ownerId: owner?.id as string };
  }
  const status = (id: string, code: string) =>
    t.app.inject({ url: `/api/public/applications/${id}/sign-status?code=${code}`, headers: key() });
  const askCode = (id: string, code: string) =>
    t.app.inject({ method: 'POST', url: `/api/public/applications/${id}/sign-code?code=${code}`, headers: key() });
  const sign = (id: string, code: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/applications/${id}/sign?code=${code}`,
      headers: { ...key(), 'user-agent': 'signing-test' },
      payload,
    });
  const mailedCode = (to: string) => mailedSignCode(t, to);
  const body = (emailCode: string, extra: Record<string, unknown> = {}) => ({
    emailCode,
    signature: { kind: 'drawn', image: png(600) },
    confirmed: true,
    ...extra,
  });

  it('every owner proves the e-mail with a code and signs; the last signature completes and asks for the documents once', async () => {
    const f = await awaitingSignatures();
    const before = (await status(f.applicationId, f.code)).json();
    expect(before).toMatchObject({ signStatus: 'PROGRESSING', items: ['signature'], canSign: false, signedAt: null });
    expect(before.owners.map((o: { signedAt: string | null }) => o.signedAt)).toEqual([null, null]);

    const asked = await askCode(f.applicationId, f.code);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().sentTo).toMatch(/^.\*\*\*@/);
    expect((await status(f.applicationId, f.code)).json().canSign).toBe(true);
    const first = await sign(f.applicationId, f.code, body(await mailedCode(f.email)));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ signStatus: 'PROGRESSING', allSigned: false });

    await askCode(f.applicationId, f.ownerCode);
    const last = await sign(f.applicationId, f.ownerCode, body(await mailedCode(f.ownerEmail)));
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ signStatus: 'COMPLETED', allSigned: true });

    const [row] = await t.database.db.select().from(applications).where(eq(applications.id, f.applicationId));
    expect(row?.signStatus).toBe('COMPLETED');
    const runs = await t.database.db
      .select()
      .from(applicationDocumentRuns)
      .where(eq(applicationDocumentRuns.applicationId, f.applicationId));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ generation: 1, reason: 'signed' });
    const sigs = await t.database.db
      .select()
      .from(applicationSignatures)
      .where(eq(applicationSignatures.applicationId, f.applicationId));
    expect(sigs).toHaveLength(2);
    expect(sigs[0]).toMatchObject({ userAgent: 'signing-test', kind: 'drawn' });
    expect(sigs[0]?.dataHash).toMatch(/^[0-9a-f]{64}$/);
    // the signature image is stored, a PNG
    const stored = await t.storage.get(sigs[0]?.signatureKey as string);
    expect(stored?.contentType).toBe('image/png');
    const after = (await status(f.applicationId, f.ownerCode)).json();
    expect(after.owners.every((o: { signedAt: string | null }) => o.signedAt !== null)).toBe(true);
    // audited, never with a code
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, f.applicationId), eq(auditEvents.action, 'application.sign')));
    expect(events).toHaveLength(2);
    // signing again is refused
    const again = await sign(f.applicationId, f.code, body('000000'));
    expect(again.statusCode).toBe(409);
  });

  it('a forwarded link alone cannot sign: no code, a wrong code, or five wrong guesses (the code dies)', async () => {
    const f = await awaitingSignatures();
    const none = await sign(f.applicationId, f.ownerCode, body('123456'));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: ERROR_CODES.signCodeInvalid, message: MESSAGES.signCodeInvalid });
    await askCode(f.applicationId, f.ownerCode);
    const right = await mailedCode(f.ownerEmail);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < SIGN_CODE_MAX_ATTEMPTS; i++) {
      expect((await sign(f.applicationId, f.ownerCode, body(wrong))).statusCode).toBe(400);
    }
    // dead: even the right code is refused now
    expect((await sign(f.applicationId, f.ownerCode, body(right))).statusCode).toBe(400);
    const sigs = await t.database.db
      .select()
      .from(applicationSignatures)
      .where(eq(applicationSignatures.applicationId, f.applicationId));
    expect(sigs).toHaveLength(0);
  });

  it('refuses a signature narrower than 500 px, a file that is not a PNG, and an e-mail item that is not the owner’s', async () => {
    const f = await awaitingSignatures();
    await askCode(f.applicationId, f.code);
    const code = await mailedCode(f.email);
    const narrow = await sign(f.applicationId, f.code, {
      ...body(code),
      signature: { kind: 'drawn', image: png(499) },
    });
    expect(narrow.statusCode).toBe(400);
    expect(narrow.json()).toMatchObject({ code: ERROR_CODES.signatureInvalid, message: MESSAGES.signatureTooNarrow });
    const gif = `data:image/png;base64,${Buffer.from('GIF89a-not-a-png-at-all-really').toString('base64')}`;
    const notPng = await sign(f.applicationId, f.code, { ...body(code), signature: { kind: 'drawn', image: gif } });
    expect(notPng.json().code).toBe(ERROR_CODES.signatureInvalid);
    // a real PNG header claiming 600 px over data that is not that image: bogus, truncated, or a decompression bomb
    // (the image data inflates to 40 MB); each is decoded and refused (decision 056)
    const real = Buffer.from(png(600).split(',')[1] as string, 'base64');
    const header = real.subarray(0, 33);
    const bomb = Buffer.concat([
      header,
      pngChunk('IDAT', deflateSync(Buffer.alloc(40 * 1024 * 1024))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    const bogus = Buffer.concat([header, pngChunk('IDAT', Buffer.alloc(400, 1)), pngChunk('IEND', Buffer.alloc(0))]);
    for (const bytes of [bogus, real.subarray(0, real.length - 20), bomb]) {
      const image = `data:image/png;base64,${bytes.toString('base64')}`;
      const refused = await sign(f.applicationId, f.code, { ...body(code), signature: { kind: 'drawn', image } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: ERROR_CODES.signatureInvalid, message: MESSAGES.signatureInvalid });
    }
    // the code still works after refused images (they never reached the code check)
    const ok = await sign(f.applicationId, f.code, body(code));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('two owners signing at the same moment complete signing once, with one document run', async () => {
    const f = await awaitingSignatures();
    await askCode(f.applicationId, f.code);
    await askCode(f.applicationId, f.ownerCode);
    const [c1, c2] = [await mailedCode(f.email), await mailedCode(f.ownerEmail)];
    const results = await Promise.all([
      sign(f.applicationId, f.code, body(c1)),
      sign(f.applicationId, f.ownerCode, body(c2)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.filter((r) => r.json().allSigned)).toHaveLength(1);
    const runs = await t.database.db
      .select()
      .from(applicationDocumentRuns)
      .where(eq(applicationDocumentRuns.applicationId, f.applicationId));
    expect(runs).toHaveLength(1);
  });

  it('not submitted: no code, no signature', async () => {
    const f = await createApplicationFixture(t, { status: 'draft' });
    const res = await askCode(f.applicationId, f.code);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ERROR_CODES.signNotOpen);
  });

  it('the institution removes a signature (signing reopens, the owner is asked again) and reminds; another company gets 404', async () => {
    const f = await awaitingSignatures();
    await askCode(f.applicationId, f.code);
    expect((await sign(f.applicationId, f.code, body(await mailedCode(f.email)))).statusCode).toBe(200);
    const a = await registerCompany(t, { companyName: 'Owner of fixture', membershipId: 'MEMBERSHIP_006' });
    // the fixture's company has no users: move the application into a company with a team
    await t.database.db
      .update(applications)
      .set({ companyId: a.companyId })
      .where(eq(applications.id, f.applicationId));
    const remove = (caller: Caller, payload: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/applications/${f.applicationId}/remove-signature`,
        headers: bearer(caller.token),
        payload,
      });
    expect((await remove(b)).statusCode).toBe(404);
    const standard = await joinTeam(t, a, 'STANDARD');
    expect((await remove(standard)).statusCode).toBe(403);
    const removed = await remove(a, { reason: 'Wrong principal' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ signStatus: 'PROGRESSING', removed: 1 });
    await t.mailer.settle();
    expect(t.mailer.sent.some((m) => m.to === f.email && m.subject.startsWith('Please sign again'))).toBe(true);
    const view = (await status(f.applicationId, f.ownerCode)).json();
    expect(view.owners[0]).toMatchObject({ signedAt: null, invalidatedReason: 'removed' });
    // an additional owner may not remind from the public page (the primary may)
    const byOwner = await t.app.inject({
      method: 'POST',
      url: `/api/public/applications/${f.applicationId}/sign-reminders?code=${f.ownerCode}`,
      headers: key(),
      payload: {},
    });
    expect(byOwner.statusCode).toBe(403);
    // reminders: to the owners who have not signed (both now)
    const remind = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${f.applicationId}/sign-reminders`,
      headers: bearer(a.token),
      payload: {},
    });
    expect(remind.statusCode, remind.body).toBe(202);
    expect(remind.json().sent).toBe(2);
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${f.applicationId}/sign-reminders`,
      headers: bearer(b.token),
      payload: {},
    });
    expect(other.statusCode).toBe(404);
  });
});

/** One PNG chunk with its length and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, sum]);
}
