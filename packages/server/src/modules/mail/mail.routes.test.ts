import { MESSAGES } from '@under/core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema/index';
import { createJobs } from '../../infra/jobs/jobs';
import { createMailer, type MailMessage } from '../../infra/mail/mailer';
import {
  createTestApp,
  PASSWORD,
  registerClient,
  signIn,
  type TestApp,
  testDatabases,
  uniqueEmail,
} from '../../test/helpers';
import { createMailService, LEASE_MS, MAX_ATTEMPTS, RETRY_DELAYS_MS } from './mail.service';

const silent = { error() {}, warn() {}, info() {}, debug() {} } as unknown as Parameters<typeof createJobs>[0]['log'];

/** Resolves when `check` holds, polling; fails after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const codeMessage = (to: string, code = '123456'): MailMessage => ({
  to,
  subject: `Your Under verification code: ${code}`,
  text: `Your code: ${code}`,
  html: `<p>${code}</p>`,
});

describe.each(testDatabases())('mail outbox on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.services.auth.ensureAdmin({ email: 'mail-admin@under.test', password: 'Admin12345' });
    adminToken = (await signIn(t, 'admin', 'mail-admin@under.test', 'Admin12345')).accessToken;
  });
  afterAll(() => t.close());

  const outbox = () => t.services.mail;
  const rowsTo = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
  const rowOf = async (id: string) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
  const admin = (method: 'GET' | 'POST', url: string, token = adminToken) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
  const sentTo = (to: string) => t.mailer.sent.filter((m) => m.to === to);

  it('sign-up writes exactly one outbox mail, and the job sends it, marks it sent and erases its content', async () => {
    const email = uniqueEmail('outbox');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/client/sign-up',
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    const rows = await rowsTo(email);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.kind).toBe('sign-up-code');
    // the job, not the test, sends it: no drain here
    await until(async () => (await rowOf(row?.id ?? ''))?.status === 'sent');
    const sent = await rowOf(row?.id ?? '');
    expect(sent?.content).toBeNull();
    expect(sent?.sentAt).toBeInstanceOf(Date);
    expect(sent?.attempts).toBe(1);
    const mails = sentTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.messageId).toBe(`<${row?.id}@under.local>`);
    expect(mails[0]?.text).toMatch(/Your code: \d{6}/);
  });

  it('a sign-up whose transaction fails leaves no mail behind', async () => {
    await t.database.executeSql(`
      CREATE FUNCTION test_fail_sign_up() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.action = 'auth.sign-up' THEN RAISE EXCEPTION 'injected failure'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_fail_sign_up BEFORE INSERT ON audit_events
        FOR EACH ROW EXECUTE FUNCTION test_fail_sign_up();`);
    const email = uniqueEmail('rolled-back');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/client/sign-up',
        payload: { email, password: PASSWORD },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.executeSql('DROP TRIGGER test_fail_sign_up ON audit_events; DROP FUNCTION test_fail_sign_up();');
    }
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await rowsTo(email)).toHaveLength(0);
    await t.mailer.settle();
    expect(sentTo(email)).toHaveLength(0);
  });

  it('queueMail writes in the caller transaction: a rollback writes nothing; the same key twice is one mail', async () => {
    const to = uniqueEmail('tx');
    await expect(
      t.database.db.transaction(async (tx) => {
        await outbox().queueMail(tx, { kind: 'sign-up-code', key: `test:${to}`, message: codeMessage(to) });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rowsTo(to)).toHaveLength(0);

    const first = await t.database.db.transaction((tx) =>
      outbox().queueMail(tx, { kind: 'sign-up-code', key: `test:${to}`, message: codeMessage(to) }),
    );
    const second = await t.database.db.transaction((tx) =>
      outbox().queueMail(tx, { kind: 'sign-up-code', key: `test:${to}`, message: codeMessage(to, '654321') }),
    );
    expect(second).toBe(first);
    const rows = await rowsTo(to);
    expect(rows).toHaveLength(1);
    // the content is sealed: neither the subject nor the code can be read from the database
    expect(rows[0]?.content).not.toContain('123456');
    expect(rows[0]?.content).not.toContain('verification');
    await t.mailer.settle();
    expect(sentTo(to).map((m) => m.subject)).toEqual(['Your Under verification code: 123456']);
  });

  it('the sweep queues the job of a committed mail whose job was never queued', async () => {
    const to = uniqueEmail('lost-job');
    const id = await t.database.db.transaction((tx) =>
      outbox().queueMail(tx, { kind: 'sign-up-code', key: `lost:${to}`, message: codeMessage(to) }),
    );
    // no dispatch: as if the process died right after the commit
    expect(await outbox().sweep()).toBeGreaterThanOrEqual(1);
    await until(() => sentTo(to).length === 1);
    await until(async () => (await rowOf(id))?.status === 'sent');
    expect(sentTo(to)).toHaveLength(1);
  });

  it('retries a refused mail with back-off, fails it after about a day, lists it for admins, and an admin retry sends it', async () => {
    const email = uniqueEmail('smtp-down');
    t.mailer.failure = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
    try {
      await t.app.inject({ method: 'POST', url: '/api/auth/client/sign-up', payload: { email, password: PASSWORD } });
      await t.mailer.settle();
      const [row] = await rowsTo(email);
      if (!row) throw new Error('no outbox row');
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row.lastError).toContain('ECONNREFUSED');
      expect(row.nextAttemptAt.getTime() - row.updatedAt.getTime()).toBe(60_000);
      // the next attempt is a pg-boss job that starts after the back-off
      await until(async () => {
        const jobs = await t.database.executeSql(
          `SELECT start_after FROM pgboss.job WHERE name = 'send-mail' AND singleton_key = $1 AND state = 'created'`,
          [row.id],
        );
        const startAfter = (jobs.rows[0] as { start_after?: Date } | undefined)?.start_after;
        return startAfter !== undefined && new Date(startAfter).getTime() > Date.now() + 30_000;
      });

      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        const before = await rowOf(row.id);
        if (!before) throw new Error('outbox row gone');
        expect(before.nextAttemptAt.getTime() - before.updatedAt.getTime()).toBe(RETRY_DELAYS_MS[attempt - 2]);
        const due = before.nextAttemptAt.getTime();
        // not before its time
        t.clock.offsetMs = due - Date.now() - 10_000;
        await t.mailer.settle();
        expect((await rowOf(row.id))?.attempts).toBe(attempt - 1);
        t.clock.offsetMs = due - Date.now() + 1_000;
        await t.mailer.settle();
        expect((await rowOf(row.id))?.attempts).toBe(attempt);
      }
      const failed = await rowOf(row.id);
      expect(failed?.status).toBe('failed');
      expect(failed?.content).not.toBeNull();
      expect(t.clock.offsetMs).toBeGreaterThan(20 * 3_600_000);
      expect(t.clock.offsetMs).toBeLessThan(25 * 3_600_000);

      // a day later: the admin signs in again
      const token = (await signIn(t, 'admin', 'mail-admin@under.test', 'Admin12345')).accessToken;
      const list = await admin('GET', '/api/admin/mails?status=failed', token);
      expect(list.statusCode).toBe(200);
      const item = list.json().items.find((m: { id: string }) => m.id === row.id);
      expect(item).toMatchObject({
        to: email,
        kind: 'sign-up-code',
        status: 'failed',
        attempts: MAX_ATTEMPTS,
        retryable: true,
        nextAttemptAt: null,
        sentAt: null,
      });
      expect(item.lastError).toContain('ECONNREFUSED');
      // admins see the kind of mail, never its subject or code
      expect(list.body).not.toMatch(/verification code|Your code/);
      expect(list.json()).toMatchObject({ page: 1, pageSize: 10 });
      const byDefault = (await admin('GET', '/api/admin/mails', token)).json();
      expect(byDefault.items.some((m: { id: string }) => m.id === row.id)).toBe(true);

      t.mailer.failure = undefined;
      const retried = await admin('POST', `/api/admin/mails/${row.id}/retry`, token);
      expect(retried.statusCode).toBe(200);
      await t.mailer.settle();
      const sent = await rowOf(row.id);
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, content: null });
      expect(sentTo(email)).toHaveLength(1);
      expect((await admin('GET', '/api/admin/mails?status=failed', token)).json().items).not.toContainEqual(
        expect.objectContaining({ id: row.id }),
      );
      const again = await admin('POST', `/api/admin/mails/${row.id}/retry`, token);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(MESSAGES.mailNotRetryable);
    } finally {
      t.mailer.failure = undefined;
      t.clock.offsetMs = 0;
    }
  });

  it('a crash between the send and its record sends no second copy until the lease ends, then the same Message-ID', async () => {
    const to = uniqueEmail('crash');
    const id = await t.database.db.transaction((tx) =>
      outbox().queueMail(tx, { kind: 'invitation', key: `crash:${to}`, message: codeMessage(to) }),
    );
    // instance A takes the mail, hands it to the server, and dies before recording it: its send never returns
    const crashed: MailMessage[] = [];
    const instanceA = createMailService({
      db: t.database.db,
      jobs: createJobs({ database: t.database, log: silent }),
      mailer: {
        outboxDir: undefined,
        send(m) {
          crashed.push(m);
          return new Promise<void>(() => {});
        },
      },
      log: silent,
      secret: t.config.secrets.codeSecret,
      from: t.config.mailFrom,
      publicUrl: t.config.publicUrl,
      now: () => Date.now() + t.clock.offsetMs,
    });
    // A is dead: its send's 90 s timeout, when it comes (after this file closed its database), changes nothing and
    // must not surface as an unhandled rejection in whichever test file the worker runs then
    instanceA.deliver(id).catch(() => undefined);
    await until(() => crashed.length === 1);
    expect(await rowOf(id)).toMatchObject({ status: 'sending', attempts: 1 });

    // while A's lease runs, neither a job nor the sweep sends it again
    expect(await outbox().deliver(id)).toBe('not-due');
    await outbox().sweep();
    expect(await rowOf(id)).toMatchObject({ status: 'sending', attempts: 1 });
    expect(sentTo(to)).toHaveLength(0);

    // past the lease, the mail is due again: the documented at-least-once window, with the same Message-ID
    t.clock.offsetMs = LEASE_MS + 1_000;
    try {
      expect(await outbox().sweep()).toBeGreaterThanOrEqual(1);
      await until(() => sentTo(to).length === 1);
      await until(async () => (await rowOf(id))?.status === 'sent');
    } finally {
      t.clock.offsetMs = 0;
    }
    expect(sentTo(to)[0]?.messageId).toBe(crashed[0]?.messageId);
    expect(sentTo(to)[0]?.messageId).toBe(`<${id}@under.local>`);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('logs name the recipient and the outbox id, never the subject or the body', async () => {
    const lines: string[] = [];
    const capture = (...args: unknown[]) => {
      lines.push(JSON.stringify(args));
    };
    const log = { error: capture, warn: capture, info: capture, debug: capture } as unknown as typeof silent;
    const dataDir = t.config.dataDir;
    const jobs = createJobs({ database: t.database, log: silent });
    const eml = createMailer({ smtpUrl: undefined, from: t.config.mailFrom, dataDir, log });
    let refuse = true;
    const service = createMailService({
      db: t.database.db,
      jobs,
      mailer: {
        outboxDir: eml.outboxDir,
        async send(m) {
          // a server that echoes what it was given, as some do in their error replies
          if (refuse) throw new Error(`550 rejected\n${m.subject}\n${m.text}`);
          await eml.send(m);
        },
      },
      log,
      secret: t.config.secrets.codeSecret,
      from: t.config.mailFrom,
      publicUrl: t.config.publicUrl,
      now: () => Date.now() + t.clock.offsetMs,
    });
    const to = uniqueEmail('logged');
    const id = await t.database.db.transaction((tx) =>
      service.queueMail(tx, { kind: 'sign-up-code', key: `log:${to}`, message: codeMessage(to, '987123') }),
    );
    try {
      expect(await service.deliver(id)).toBe('retry');
      // only the first line of a server's reply is kept
      expect((await rowOf(id))?.lastError).toBe('550 rejected');
      refuse = false;
      t.clock.offsetMs = RETRY_DELAYS_MS[0] ?? 0;
      expect(await service.deliver(id)).toBe('sent');
    } finally {
      t.clock.offsetMs = 0;
      await jobs.stop();
    }
    const all = lines.join('\n');
    expect(all).toContain(id);
    expect(all).toContain(to);
    expect(all).not.toContain('987123');
    expect(all).not.toContain('verification code');
  });

  it('admins only; unknown mails are 404, a bad status 400', async () => {
    const email = await registerClient(t);
    const client = await signIn(t, 'client', email);
    const asClient = await t.app.inject({
      method: 'GET',
      url: '/api/admin/mails',
      headers: { authorization: `Bearer ${client.accessToken}` },
    });
    expect(asClient.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/mails' })).statusCode).toBe(401);
    const missing = await admin('POST', '/api/admin/mails/00000000-0000-4000-8000-000000000000/retry');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.mailNotFound);
    expect((await admin('GET', '/api/admin/mails?status=lost')).statusCode).toBe(400);
  });
});
