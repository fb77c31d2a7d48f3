import { ERROR_CODES } from '@under/core/api/error.schema';
import { DRAFT_RETENTION_DAYS } from '@under/core/applications/application.schema';
import { MESSAGES } from '@under/core/messages';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applicationOwners, applications, auditEvents, mailOutbox } from '../../../db/schema';
import { createThrottles } from '../../../security/throttles';
import {
  createTestApp,
  PARALLEL_POOL_SIZE,
  type TestApp,
  testDatabases,
  uniqueAddress,
  uniqueEmail,
  within,
} from '../../../test/helpers';
import type { MailService } from '../../mail/mail.service';
import { newAccessCode } from '../applicant/access-codes';
import { resolveApplicantLink } from '../applicant/applicant-link';
import { createApplicationFixture } from './owners.fixtures';
import { createApplicationOwnersService, RETENTION_CRON, RETENTION_QUEUE } from './owners.service';

const DAY_MS = 86_400_000;

describe.each(testDatabases())('application owners on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { poolSize: PARALLEL_POOL_SIZE });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.clock.offsetMs = 0;
  });

  const key = () => ({ 'x-api-key': t.config.secrets.publicApiKey });
  const now = () => new Date(Date.now() + t.clock.offsetMs);

  function setOwners(applicationId: string, code: string, owners: unknown[], headers = key()) {
    return t.app.inject({
      method: 'PUT',
      url: `/api/public/applications/${applicationId}/owners?code=${code}`,
      headers,
      payload: { owners },
    });
  }

  function resend(applicationId: string, ownerId: string, code: string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/public/applications/${applicationId}/owners/${ownerId}/resend?code=${code}`,
      headers: key(),
    });
  }

  /** A fresh link asked for with the link `code` the caller holds; answered before it is matched (decision 056). */
  async function requestLink(applicationId: string, email: string, code: string, remoteAddress = uniqueAddress()) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/link',
      headers: key(),
      payload: { applicationId, email, code },
      remoteAddress,
    });
    await t.services.applicationOwners.settled();
    return res;
  }

  /** The code of the newest link mailed to `to` for this application. */
  async function mailedCode(to: string, applicationId: string): Promise<string> {
    await t.mailer.settle();
    const mail = [...t.mailer.sent].reverse().find((m) => m.to === to && m.text.includes(applicationId));
    const code = mail?.text.match(new RegExp(`/${applicationId}/([A-Za-z0-9_-]+)/`))?.[1];
    if (!code) throw new Error(`no link mailed to ${to}`);
    return code;
  }

  async function mailsTo(to: string): Promise<number> {
    await t.mailer.settle();
    return t.mailer.sent.filter((m) => m.to === to).length;
  }

  const resolve = (applicationId: string, code: string) =>
    resolveApplicantLink(t.database.db, { applicationId, code, codeSecret: t.config.secrets.codeSecret, now: now() });

  const audits = (action: string, targetId: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, targetId)));

  describe('PUT /api/public/applications/:applicationId/owners', () => {
    it('adds owners, each e-mailed their own link that opens the application as a shared owner', async () => {
      const app = await createApplicationFixture(t, { institution: 'Harbor Bank', applicantCompany: 'Joe’s Diner' });
      const ann = uniqueEmail('ann');
      const bob = uniqueEmail('bob');
      const res = await setOwners(app.applicationId, app.code, [
        { name: 'Ann Owner', email: ann.toUpperCase(), ownershipPercent: 30 },
        { name: 'Bob Owner', email: bob, ownershipPercent: 20.5 },
      ]);
      expect(res.statusCode).toBe(200);
      const owners = res.json().owners;
      expect(owners.map((o: { email: string; kind: string }) => [o.kind, o.email])).toEqual([
        ['primaryApplicant', app.email],
        ['additionalOwner', ann],
        ['additionalOwner', bob],
      ]);
      expect(owners[1]).toMatchObject({ name: 'Ann Owner', ownershipPercent: 30, completedAt: null });
      expect(owners[2].ownershipPercent).toBe(20.5);
      expect(owners[1].linkSentAt).toEqual(expect.any(String));
      expect(res.body).not.toMatch(/code/i);

      const annCode = await mailedCode(ann, app.applicationId);
      const mail = t.mailer.sent.find((m) => m.to === ann);
      expect(mail?.text).toContain('Harbor Bank');
      expect(mail?.text).toContain('Joe’s Diner');
      expect(mail?.text).toContain(
        `${t.config.publicUrl}/application-form/${app.customFormId}/${app.applicationId}/${annCode}/${encodeURIComponent(ann)}`,
      );
      const opened = await resolve(app.applicationId, annCode);
      expect(opened.owner).toMatchObject({ email: ann, kind: 'additionalOwner', role: 'sharedOwnerEndUser' });
      expect(annCode).not.toBe(await mailedCode(bob, app.applicationId));
      expect((await audits('application.owners', app.applicationId))[0]?.details).toEqual({
        added: 2,
        changed: 0,
        removed: 0,
      });
    });

    it('updates listed owners, removes the ones left out (their link is expired) and mails only new ones', async () => {
      const app = await createApplicationFixture(t);
      const ann = uniqueEmail('ann');
      const bob = uniqueEmail('bob');
      await setOwners(app.applicationId, app.code, [
        { name: 'Ann', email: ann, ownershipPercent: 30 },
        { name: 'Bob', email: bob, ownershipPercent: 20 },
      ]);
      const bobCode = await mailedCode(bob, app.applicationId);
      const annMails = await mailsTo(ann);
      const carl = uniqueEmail('carl');
      const res = await setOwners(app.applicationId, app.code, [
        { name: 'Carl', email: carl, ownershipPercent: 10 },
        { name: 'Ann Smith', email: ann, ownershipPercent: 40 },
      ]);
      expect(res.statusCode).toBe(200);
      expect(
        res
          .json()
          .owners.slice(1)
          .map((o: { name: string }) => o.name),
      ).toEqual(['Carl', 'Ann Smith']);
      expect(res.json().owners[2].ownershipPercent).toBe(40);
      expect(await mailsTo(ann)).toBe(annMails);
      expect(await mailsTo(carl)).toBe(1);

      await expect(resolve(app.applicationId, bobCode)).rejects.toMatchObject({
        code: ERROR_CODES.applicationLinkExpired,
        message: MESSAGES.urlExpired,
      });
      // over HTTP too: the removed owner's link answers 410 'The URL is expired'
      const gone = await setOwners(app.applicationId, bobCode, []);
      expect(gone.statusCode).toBe(410);
      expect(gone.json().message).toBe(MESSAGES.urlExpired);

      // the same list again changes nothing and mails nobody
      const again = await setOwners(app.applicationId, app.code, [
        { name: 'Carl', email: carl, ownershipPercent: 10 },
        { name: 'Ann Smith', email: ann, ownershipPercent: 40 },
      ]);
      expect(again.statusCode).toBe(200);
      expect(await mailsTo(carl)).toBe(1);
      expect((await audits('application.owners', app.applicationId)).length).toBe(2);

      // a removed owner listed again is a new owner: a new row and a new link; the old link stays expired
      const back = await setOwners(app.applicationId, app.code, [{ name: 'Bob', email: bob, ownershipPercent: 20 }]);
      expect(back.statusCode).toBe(200);
      const newBob = await mailedCode(bob, app.applicationId);
      expect(newBob).not.toBe(bobCode);
      expect((await resolve(app.applicationId, newBob)).owner.role).toBe('sharedOwnerEndUser');
      await expect(resolve(app.applicationId, bobCode)).rejects.toMatchObject({
        code: ERROR_CODES.applicationLinkExpired,
      });
      const rows = await t.database.db
        .select()
        .from(applicationOwners)
        .where(and(eq(applicationOwners.applicationId, app.applicationId), eq(applicationOwners.email, bob)));
      expect(rows.length).toBe(2);
    });

    it('gives the owners the primary names the next owner sections in order: 2, 3 (decision 059)', async () => {
      const app = await createApplicationFixture(t);
      const [ann, bob, cy, dee] = ['ann', 'bob', 'cy', 'dee'].map((n) => uniqueEmail(n)) as [
        string,
        string,
        string,
        string,
      ];
      const sections = (res: { json: () => { owners: { email: string; ownerSection: number | null }[] } }) =>
        res.json().owners.map((o) => [o.email, o.ownerSection]);
      const first = await setOwners(app.applicationId, app.code, [
        { name: 'Ann', email: ann, ownershipPercent: 10 },
        { name: 'Bob', email: bob, ownershipPercent: 10 },
      ]);
      expect(first.statusCode, first.body).toBe(200);
      expect(sections(first)).toEqual([
        [app.email, 1],
        [ann, 2],
        [bob, 3],
      ]);
      const rows = await t.database.db
        .select()
        .from(applicationOwners)
        .where(eq(applicationOwners.applicationId, app.applicationId));
      const additional = rows.filter((r) => r.kind === 'additionalOwner');
      expect(Object.fromEntries(additional.map((r) => [r.email, r.ownerSection]))).toEqual({ [ann]: 2, [bob]: 3 });
      // Ann opens her link (the drafts module's GET sets lastSeenAt; its answer's ownerSection is tested there)
      await t.database.db.update(applicationOwners).set({ lastSeenAt: now() }).where(eq(applicationOwners.email, ann));

      // Ann opened her link and is removed: her section holds what she may have typed and is not given again; Bob
      // keeps his; a new owner takes the next free one
      const second = await setOwners(app.applicationId, app.code, [
        { name: 'Bob', email: bob, ownershipPercent: 10 },
        { name: 'Cy', email: cy, ownershipPercent: 10 },
      ]);
      expect(sections(second)).toEqual([
        [app.email, 1],
        [bob, 3],
        [cy, 4],
      ]);
      // Cy never opened his link: when he is replaced, Dee is given his section; Ann, named again, gets hers back
      const third = await setOwners(app.applicationId, app.code, [
        { name: 'Bob', email: bob, ownershipPercent: 10 },
        { name: 'Dee', email: dee, ownershipPercent: 10 },
        { name: 'Ann', email: ann, ownershipPercent: 10 },
      ]);
      expect(sections(third)).toEqual([
        [app.email, 1],
        [bob, 3],
        [dee, 4],
        [ann, 2],
      ]);
    });

    it('two saves of the same list at once make one row and one mail per owner', async () => {
      const app = await createApplicationFixture(t);
      const ann = uniqueEmail('ann');
      const list = [{ name: 'Ann', email: ann, ownershipPercent: 50 }];
      const results = await Promise.all([
        setOwners(app.applicationId, app.code, list),
        setOwners(app.applicationId, app.code, list),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const rows = await t.database.db
        .select()
        .from(applicationOwners)
        .where(and(eq(applicationOwners.applicationId, app.applicationId), eq(applicationOwners.email, ann)));
      expect(rows.length).toBe(1);
      expect(await mailsTo(ann)).toBe(1);
    });

    it('refuses an additional owner’s link (403) and a submitted application (409)', async () => {
      const app = await createApplicationFixture(t);
      const ann = uniqueEmail('ann');
      await setOwners(app.applicationId, app.code, [{ name: 'Ann', email: ann, ownershipPercent: null }]);
      const annCode = await mailedCode(ann, app.applicationId);
      const res = await setOwners(app.applicationId, annCode, []);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: ERROR_CODES.applicationPrimaryOnly,
        message: MESSAGES.ownersPrimaryOnly,
      });

      const submitted = await createApplicationFixture(t, { status: 'pending' });
      const closed = await setOwners(submitted.applicationId, submitted.code, []);
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toMatchObject({
        code: ERROR_CODES.applicationOwnersClosed,
        message: MESSAGES.ownersClosed,
      });
    });

    it('works on an invited application and refuses a wrong code (404) or no API key (401)', async () => {
      const app = await createApplicationFixture(t, { status: 'invite_sent' });
      expect((await setOwners(app.applicationId, app.code, [])).statusCode).toBe(200);
      const wrong = await setOwners(app.applicationId, 'x'.repeat(43), []);
      expect(wrong.statusCode).toBe(404);
      expect((await setOwners(app.applicationId, app.code, [], {} as ReturnType<typeof key>)).statusCode).toBe(401);
    });

    it('refuses the primary’s e-mail, a duplicated e-mail and more than 100 % by path, writing nothing', async () => {
      const app = await createApplicationFixture(t);
      const ann = uniqueEmail('ann');
      const cases: [unknown[], string, string][] = [
        [[{ name: 'Me', email: app.email, ownershipPercent: 10 }], 'owners.0.email', MESSAGES.ownerEmailIsPrimary],
        [
          [
            { name: 'Ann', email: ann, ownershipPercent: 10 },
            { name: 'Ann again', email: ann.toUpperCase(), ownershipPercent: 10 },
          ],
          'owners.1.email',
          MESSAGES.ownerEmailDuplicate,
        ],
        [
          [
            { name: 'Ann', email: ann, ownershipPercent: 60.25 },
            { name: 'Bob', email: uniqueEmail('bob'), ownershipPercent: 40 },
          ],
          'owners',
          MESSAGES.ownershipOver100('100.25'),
        ],
      ];
      for (const [owners, path, message] of cases) {
        const res = await setOwners(app.applicationId, app.code, owners);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: ERROR_CODES.validation, message, errors: [{ path, message }] });
      }
      // exactly 100 % is fine
      const full = await setOwners(app.applicationId, app.code, [
        { name: 'Ann', email: ann, ownershipPercent: 60 },
        { name: 'Bob', email: uniqueEmail('bob'), ownershipPercent: 40 },
      ]);
      expect(full.statusCode).toBe(200);
      expect(
        (await setOwners(app.applicationId, app.code, [{ name: 'A', email: ann, ownershipPercent: 101 }])).statusCode,
      ).toBe(400);
    });

    it('caps link e-mails: 10 an hour per mailbox (the owner is added unmailed), 40 new owners an hour per application', async () => {
      const app = await createApplicationFixture(t);
      const ann = uniqueEmail('ann');
      for (let i = 0; i < 10; i += 1) {
        expect(
          (await setOwners(app.applicationId, app.code, [{ name: 'Ann', email: ann, ownershipPercent: 1 }])).statusCode,
        ).toBe(200);
        await setOwners(app.applicationId, app.code, []);
      }
      const unmailed = await setOwners(app.applicationId, app.code, [{ name: 'Ann', email: ann, ownershipPercent: 1 }]);
      expect(unmailed.statusCode).toBe(200);
      expect(unmailed.json().owners[1]).toMatchObject({ email: ann, linkSentAt: null });
      expect(await mailsTo(ann)).toBe(10);

      const other = await createApplicationFixture(t);
      const batch = (prefix: string) =>
        Array.from({ length: 20 }, (_, i) => ({
          name: `${prefix} ${i}`,
          email: uniqueEmail(prefix),
          ownershipPercent: null,
        }));
      expect((await setOwners(other.applicationId, other.code, batch('a'))).statusCode).toBe(200);
      const second = batch('b');
      expect((await setOwners(other.applicationId, other.code, second)).statusCode).toBe(200);
      const over = await setOwners(other.applicationId, other.code, [
        ...second.slice(0, 19),
        { name: 'C', email: uniqueEmail('c'), ownershipPercent: null },
      ]);
      expect(over.statusCode).toBe(429);
      // nothing of the refused save was written
      const current = await t.database.db
        .select()
        .from(applicationOwners)
        .where(and(eq(applicationOwners.applicationId, other.applicationId), isNull(applicationOwners.removedAt)));
      expect(current.length).toBe(21);
      // changing the owners already named is not counted
      expect((await setOwners(other.applicationId, other.code, second.slice(0, 5))).statusCode).toBe(200);
    });
  });

  describe('POST .../owners/:ownerId/resend', () => {
    it('mails a fresh link; the old code stops working and the new one opens the application', async () => {
      const app = await createApplicationFixture(t);
      const ann = uniqueEmail('ann');
      const set = await setOwners(app.applicationId, app.code, [{ name: 'Ann', email: ann, ownershipPercent: 25 }]);
      const annId = set.json().owners[1].ownerId as string;
      const oldCode = await mailedCode(ann, app.applicationId);
      const res = await resend(app.applicationId, annId, app.code);
      expect(res.statusCode).toBe(202);
      const newCode = await mailedCode(ann, app.applicationId);
      expect(newCode).not.toBe(oldCode);
      await expect(resolve(app.applicationId, oldCode)).rejects.toMatchObject({
        code: ERROR_CODES.applicationNotFound,
      });
      expect((await resolve(app.applicationId, newCode)).owner.id).toBe(annId);
      expect((await audits('application.owner-link', app.applicationId))[0]?.details).toEqual({
        ownerId: annId,
        reason: 'resend',
      });
    });

    it('is the primary’s only, for a current additional owner, and throttled per owner e-mail', async () => {
      const app = await createApplicationFixture(t);
      const ann = uniqueEmail('ann');
      const set = await setOwners(app.applicationId, app.code, [{ name: 'Ann', email: ann, ownershipPercent: 25 }]);
      const annId = set.json().owners[1].ownerId as string;
      const annCode = await mailedCode(ann, app.applicationId);
      expect((await resend(app.applicationId, annId, annCode)).statusCode).toBe(403);
      const primaryId = set.json().owners[0].ownerId as string;
      expect((await resend(app.applicationId, primaryId, app.code)).json().code).toBe(
        ERROR_CODES.applicationOwnerNotFound,
      );
      for (let i = 0; i < 5; i += 1) expect((await resend(app.applicationId, annId, app.code)).statusCode).toBe(202);
      const sent = await mailsTo(ann);
      const over = await resend(app.applicationId, annId, app.code);
      expect(over.statusCode).toBe(429);
      expect(await mailsTo(ann)).toBe(sent);
      // a removed owner's link cannot be re-sent
      await setOwners(app.applicationId, app.code, []);
      expect((await resend(app.applicationId, annId, app.code)).statusCode).toBe(404);
    });
  });

  describe('POST /api/public/applications/link', () => {
    it('answers 202 whatever was asked; only the owner’s own link or the primary’s replaces (revokes) a link', async () => {
      const app = await createApplicationFixture(t);
      const ann = uniqueEmail('ann');
      const bob = uniqueEmail('bob');
      await setOwners(app.applicationId, app.code, [
        { name: 'Ann', email: ann, ownershipPercent: 25 },
        { name: 'Bob', email: bob, ownershipPercent: 25 },
      ]);
      const oldAnn = await mailedCode(ann, app.applicationId);
      const bobCode = await mailedCode(bob, app.applicationId);
      const outboxBefore = (await t.database.db.select().from(mailOutbox)).length;

      // nothing happens to ann's link without a link of hers or the primary's: no code, a made-up one, another
      // application's, or a co-owner's (bob may not revoke ann's link, nor the primary's)
      const other = await createApplicationFixture(t);
      const refused = [
        await requestLink(app.applicationId, ann, newAccessCode()),
        await requestLink(app.applicationId, ann, other.code),
        await requestLink(app.applicationId, ann, bobCode),
        await requestLink(app.applicationId, app.email, bobCode),
        await requestLink(app.applicationId, uniqueEmail('stranger'), app.code),
        await requestLink('00000000-0000-4000-8000-000000000000', ann, oldAnn),
      ];
      expect((await t.database.db.select().from(mailOutbox)).length).toBe(outboxBefore);
      expect((await resolve(app.applicationId, oldAnn)).owner.email).toBe(ann);
      expect((await resolve(app.applicationId, app.code)).owner.kind).toBe('primaryApplicant');
      expect((await resolve(app.applicationId, bobCode)).owner.email).toBe(bob);

      // her own link (expired or not) gets ann a fresh one; the old one stops working
      const own = await requestLink(app.applicationId, ann.toUpperCase(), oldAnn);
      const newAnn = await mailedCode(ann, app.applicationId);
      expect(newAnn).not.toBe(oldAnn);
      expect((await resolve(app.applicationId, newAnn)).owner.email).toBe(ann);
      await expect(resolve(app.applicationId, oldAnn)).rejects.toMatchObject({ code: ERROR_CODES.applicationNotFound });
      // the primary's link may ask for any current owner's, and for the primary's own
      const byPrimary = await requestLink(app.applicationId, bob, app.code);
      expect(await mailedCode(bob, app.applicationId)).not.toBe(bobCode);
      const primaryOwn = await requestLink(app.applicationId, app.email, app.code);
      const newPrimary = await mailedCode(app.email, app.applicationId);
      expect((await resolve(app.applicationId, newPrimary)).owner.kind).toBe('primaryApplicant');
      for (const r of [...refused, own, byPrimary, primaryOwn]) {
        expect(r.statusCode).toBe(202);
        expect(r.body).toBe(refused[0]?.body);
      }
      expect((await t.database.db.select().from(mailOutbox)).length).toBe(outboxBefore + 3);
      const mail = [...t.mailer.sent].reverse().find((m) => m.to === ann);
      expect(mail?.subject).toMatch(/link/i);
    });

    it('answers before anything is matched: a match and a miss take the same path (no e-mail oracle)', async () => {
      const app = await createApplicationFixture(t);
      // a mail outbox that holds every write until released: an answer that waited for the match would hang
      let release: () => void = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      let queued = 0;
      const owners = createApplicationOwnersService({
        db: t.database.db,
        mail: {
          queueMail: async () => {
            queued += 1;
            await held;
            return 'held';
          },
          dispatch: async () => {},
        } as unknown as MailService,
        codeSecret: t.config.secrets.codeSecret,
        publicUrl: t.config.publicUrl,
        log: t.app.log,
        throttles: createThrottles({ db: t.database.db }),
      });
      // answered while the match waits behind the held outbox: within() fails the test if it does not answer
      const ask = (email: string) =>
        within(
          5_000,
          `requestLink for ${email}`,
          owners.requestLink({ applicationId: app.applicationId, email, code: app.code, ip: uniqueAddress() }),
        );
      await ask(app.email);
      await ask(uniqueEmail('stranger'));
      // the match goes on behind the answer
      await vi.waitFor(() => expect(queued).toBe(1), { timeout: 10_000 });
      release();
      await owners.settled();
    });

    it('does not mail a removed owner, nor an expired link’s owner beyond the limits', async () => {
      const app = await createApplicationFixture(t);
      const ann = uniqueEmail('ann');
      await setOwners(app.applicationId, app.code, [{ name: 'Ann', email: ann, ownershipPercent: 25 }]);
      const annCode = await mailedCode(ann, app.applicationId);
      await setOwners(app.applicationId, app.code, []);
      const before = await mailsTo(ann);
      expect((await requestLink(app.applicationId, ann, annCode)).statusCode).toBe(202);
      expect((await requestLink(app.applicationId, ann, app.code)).statusCode).toBe(202);
      expect(await mailsTo(ann)).toBe(before);

      // an expired primary link: a fresh one works again
      t.clock.offsetMs = 31 * DAY_MS;
      await expect(resolve(app.applicationId, app.code)).rejects.toMatchObject({
        code: ERROR_CODES.applicationLinkExpired,
      });
      expect((await requestLink(app.applicationId, app.email, app.code)).statusCode).toBe(202);
      expect((await resolve(app.applicationId, await mailedCode(app.email, app.applicationId))).owner.kind).toBe(
        'primaryApplicant',
      );

      // per e-mail: 5 an hour (the 6th is refused whatever the address), matched or not
      const other = uniqueEmail('other');
      const code = newAccessCode();
      for (let i = 0; i < 5; i += 1) expect((await requestLink(app.applicationId, other, code)).statusCode).toBe(202);
      expect((await requestLink(app.applicationId, other, code)).statusCode).toBe(429);
      // per address: 20 an hour
      const address = uniqueAddress();
      for (let i = 0; i < 20; i += 1) {
        expect((await requestLink(app.applicationId, uniqueEmail('x'), code, address)).statusCode).toBe(202);
      }
      expect((await requestLink(app.applicationId, uniqueEmail('x'), code, address)).statusCode).toBe(429);
    });
  });

  describe('the retention of unsubmitted applications', () => {
    it(`removes drafts and invitations unchanged for ${DRAFT_RETENTION_DAYS} days, in batches, once`, async () => {
      // whatever earlier tests left is removed first, so the counts below are this test's
      t.clock.offsetMs = (DRAFT_RETENTION_DAYS + 400) * DAY_MS;
      await t.services.applicationOwners.removeStaleApplications();
      t.clock.offsetMs = 0;

      const oldDraft = await createApplicationFixture(t, { status: 'draft' });
      const oldInvite = await createApplicationFixture(t, { status: 'invite_sent' });
      const submitted = await createApplicationFixture(t, { status: 'pending' });
      const recent = await createApplicationFixture(t, { status: 'draft' });
      await setOwners(oldDraft.applicationId, oldDraft.code, [
        { name: 'Ann', email: uniqueEmail('ann'), ownershipPercent: 10 },
      ]);
      // the recent draft changes 10 days later (its owners saved then)
      t.clock.offsetMs = 10 * DAY_MS;
      await setOwners(recent.applicationId, recent.code, [
        { name: 'Bo', email: uniqueEmail('bo'), ownershipPercent: 5 },
      ]);

      t.clock.offsetMs = (DRAFT_RETENTION_DAYS - 1) * DAY_MS;
      expect(await t.services.applicationOwners.removeStaleApplications()).toBe(0);

      t.clock.offsetMs = (DRAFT_RETENTION_DAYS + 1) * DAY_MS;
      expect(await t.services.applicationOwners.removeStaleApplications({ batchSize: 1 })).toBe(2);
      expect(await t.services.applicationOwners.removeStaleApplications()).toBe(0);

      const left = await t.database.db.select({ id: applications.id }).from(applications);
      const ids = new Set(left.map((r) => r.id));
      expect(ids.has(oldDraft.applicationId)).toBe(false);
      expect(ids.has(oldInvite.applicationId)).toBe(false);
      expect(ids.has(submitted.applicationId)).toBe(true);
      expect(ids.has(recent.applicationId)).toBe(true);
      const owners = await t.database.db
        .select()
        .from(applicationOwners)
        .where(eq(applicationOwners.applicationId, oldDraft.applicationId));
      expect(owners).toEqual([]);
      const [event] = await audits('application.retention-remove', oldDraft.applicationId);
      expect(event?.companyId).toBe(oldDraft.companyId);
      expect(Object.keys(event?.details ?? {}).sort()).toEqual(['status', 'updatedAt']);
      expect((await audits('application.retention-remove', oldInvite.applicationId))[0]?.details).toMatchObject({
        status: 'invite_sent',
      });
    });

    it('is scheduled in the job queue, and a queued run removes a stale draft', async () => {
      const stale = await createApplicationFixture(t, { status: 'draft' });
      const boss = await t.jobs.start();
      expect((await boss.getSchedules()).map((x) => [x.name, x.cron])).toContainEqual([
        RETENTION_QUEUE,
        RETENTION_CRON,
      ]);
      t.clock.offsetMs = (DRAFT_RETENTION_DAYS + 1) * DAY_MS;
      await t.jobs.send(RETENTION_QUEUE, {});
      const exists = async () =>
        (await t.database.db.select().from(applications).where(eq(applications.id, stale.applicationId))).length > 0;
      const deadline = Date.now() + 20_000;
      while (await exists()) {
        if (Date.now() > deadline) throw new Error('the queued retention run did not run');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await audits('application.retention-remove', stale.applicationId)).length).toBe(1);
    });
  });
});
