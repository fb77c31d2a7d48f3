import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BUTTON_LINK_HEADERS, BUTTON_LINK_REPLAY_WINDOW_SECONDS } from '@under/core/integrations/button-links.schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buttonLinkDeliveries, buttonLinkIntegrations } from '../../../db/schema';
import { bearer, type Caller, registerCompany } from '../../../test/accounts';
import { createTestApp, type TestApp, testDatabases, uniqueAddress, uniqueEmail } from '../../../test/helpers';
import { activeForm } from '../../applications/review/lists.fixtures';
import { adminToken, publishedMaster } from '../../custom-forms/custom-forms.fixtures';
import { until } from '../sync/sync.fixtures';
import { DELIVERY_LOG_DAYS, SUPERSEDED_BY_RESEND } from './button-links.service';

const SECRET_ANSWER = 'TAX-SECRET-918273';
const EXTRA = [
  { type: 'textfield', key: 'bank_name', label: 'Bank name', input: true },
  { type: 'textfield', key: 'tax_secret', label: 'Tax secret', input: true, euEncrypted: true },
];
const FULL = {
  Firstname: 'Ada',
  Lastname: 'Lovelace',
  PhoneNumber: '(555) 123-4567',
  Email: 'ada@example.com',
  CompanyName: 'Analytical Engines',
  bank_name: 'First',
  tax_secret: SECRET_ANSWER,
};

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/**
 * A loopback receiver (an INTEGRATION_TEST_HOSTS pair): records every POST and answers the next scripted status (a
 * promise of one holds the answer until it settles).
 */
function receiver() {
  const received: Received[] = [];
  const script: (number | Promise<number>)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '' });
      void Promise.resolve(script.shift() ?? 200).then((status) => {
        res.statusCode = status;
        res.end('{"ok":true,"echo":"receiver text never kept"}');
      });
    });
  });
  return { received, script, server };
}

/** What a receiver does (README "Verifying a button-link delivery"). */
function verifies(r: Received, secret: string, nowSeconds: number) {
  const ts = Number(r.headers[BUTTON_LINK_HEADERS.timestamp]);
  if (!Number.isFinite(ts) || Math.abs(nowSeconds - ts) > BUTTON_LINK_REPLAY_WINDOW_SECONDS) return false;
  const expected = `v1=${createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex')}`;
  return r.headers[BUTTON_LINK_HEADERS.signature] === expected;
}

/**
 * Button-link integrations through the app (issue #24 §4; decision 084): the admin sets a company's URL, submits and
 * edits of that company's applications are POSTed there signed, a 503 is retried after its back-off, the log is
 * paginated, a resend is a new delivery of the same event, turning off sends one last event, and nothing of it is
 * open to a client.
 */
describe.each(testDatabases())('button links on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let a: Caller;
  let b: Caller;
  let formA: string;
  let formB: string;
  const rx = receiver();
  let base: string;

  beforeAll(async () => {
    await new Promise<void>((r) => rx.server.listen(0, '127.0.0.1', r));
    const port = (rx.server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp(kind, {
      config: { outbound: { testHosts: [`127.0.0.1:${port}`], timeoutMs: 60_000, maxBodyBytes: 1024 * 1024 } },
    });
    admin = await adminToken(t);
    const masterId = await publishedMaster(t, admin, { name: 'Button Link Bank', extra: EXTRA });
    a = await registerCompany(t, { companyName: 'Button Link A', membershipId: 'MEMBERSHIP_006' });
    b = await registerCompany(t, { companyName: 'Button Link B', membershipId: 'MEMBERSHIP_006' });
    formA = await activeForm(t, a, masterId, 'Button link form A');
    formB = await activeForm(t, b, masterId, 'Button link form B');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((r) => rx.server.close(r));
  });
  beforeEach(() => {
    rx.received.length = 0;
    rx.script.length = 0;
  });

  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload } : {}) });
  const headers = () => ({ 'x-api-key': t.config.secrets.publicApiKey });

  async function submitted(formId: string) {
    const address = uniqueAddress();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/applications/drafts',
      headers: headers(),
      payload: { customFormId: formId, email: uniqueEmail('hook'), data: { bank_name: 'One' } },
      remoteAddress: address,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { applicationId, code } = res.json();
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/public/applications/${applicationId}/submit?code=${code}`,
      headers: headers(),
      payload: { data: FULL, revision: 1 },
      remoteAddress: address,
    });
    expect(done.statusCode, done.body).toBe(200);
    await t.events.drain();
    return applicationId as string;
  }
  async function link(companyId: string, url = `${base}/hooks/under`) {
    const res = await api('POST', '/api/admin/button-links', { companyId, name: 'Ops hook', buttonLink: url });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { integration: { id: string; secretMask: string }; secret: string };
  }
  const log = (id: string, query = '') => api('GET', `/api/admin/button-links/${id}/deliveries${query}`);
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  /** Turns a link off and waits for its last event to be done with, so the next test's receiver starts clean. */
  async function turnOff(id: string) {
    const res = await api('PATCH', `/api/admin/button-links/${id}`, { status: 'inactive' });
    expect(res.statusCode, res.body).toBe(200);
    await until('the turn-off delivery', async () => {
      const [d] = (await log(id)).json().items;
      return d?.eventType === 'integration.turned-off' && (d.state === 'delivered' || d.state === 'failed');
    });
  }

  it('posts a signed event on submit and on an edit: keys only, never an encrypted value; other companies not', async () => {
    const made = await link(a.companyId);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(made.integration.secretMask).toBe(`••••••••${made.secret.slice(-4)}`);
    // sealed at rest, masked in every answer after this one
    const [row] = await t.database.db
      .select()
      .from(buttonLinkIntegrations)
      .where(eq(buttonLinkIntegrations.id, made.integration.id));
    expect(JSON.stringify(row?.secrets)).not.toContain(made.secret);
    expect((await api('GET', '/api/admin/button-links')).body).not.toContain(made.secret);

    await submitted(formB);
    const id = await submitted(formA);
    await until('the submit event', async () => rx.received.length >= 1);
    expect(rx.received).toHaveLength(1);
    const [first] = rx.received as [Received];
    expect(first.path).toBe('/hooks/under');
    expect(first.headers['content-type']).toBe('application/json');
    expect(verifies(first, made.secret, nowSeconds())).toBe(true);
    // a receiver with a wrong secret, a changed body or an old timestamp refuses it
    expect(verifies(first, 'whsec_wrong', nowSeconds())).toBe(false);
    expect(verifies({ ...first, body: first.body.replace('pending', 'approved') }, made.secret, nowSeconds())).toBe(
      false,
    );
    expect(verifies(first, made.secret, nowSeconds() + BUTTON_LINK_REPLAY_WINDOW_SECONDS + 5)).toBe(false);
    const event = JSON.parse(first.body);
    expect(first.headers[BUTTON_LINK_HEADERS.eventId]).toBe(event.id);
    expect(event).toMatchObject({
      type: 'application.submitted',
      integrationId: made.integration.id,
      companyId: a.companyId,
      application: { id, status: 'pending', form: { id: formA, name: 'Button link form A' }, changedFields: null },
    });

    // the institution's edit: the changed keys, the encrypted one included, and no value at all
    const detail = (await t.app.inject({ url: `/api/applications/${id}`, headers: bearer(a.token) })).json();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/applications/${id}`,
      headers: bearer(a.token),
      payload: { data: { ...FULL, Lastname: 'Byron', tax_secret: 'TAX-SECRET-NEW-5550' }, revision: detail.revision },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await t.events.drain();
    await until('the edit event', async () => rx.received.length >= 2);
    const second = rx.received[1] as Received;
    expect(verifies(second, made.secret, nowSeconds())).toBe(true);
    expect(JSON.parse(second.body)).toMatchObject({
      type: 'application.data-changed',
      application: { id, changedFields: ['Lastname', 'tax_secret'] },
    });
    for (const r of rx.received) {
      expect(r.body).not.toContain(SECRET_ANSWER);
      expect(r.body).not.toContain('TAX-SECRET-NEW-5550');
      expect(r.body).not.toContain('Byron');
    }
    const stored = await t.database.db
      .select()
      .from(buttonLinkDeliveries)
      .where(eq(buttonLinkDeliveries.integrationId, made.integration.id));
    expect(JSON.stringify(stored)).not.toContain('TAX-SECRET');
    // the log: delivered, with the receiver's status and a duration
    const items = (await log(made.integration.id)).json().items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      state: 'delivered',
      responseCode: 200,
      attempts: 1,
      eventType: 'application.data-changed',
    });
    expect(items[0].durationMs).toBeGreaterThanOrEqual(0);
    await turnOff(made.integration.id);
  });

  it('retries after a 503 once its back-off is due, then a resend is a new delivery of the same event', async () => {
    const made = await link(a.companyId);
    rx.script.push(503);
    const id = await submitted(formA);
    const delivery = await until('the first attempt', async () => {
      const [d] = (await log(made.integration.id)).json().items;
      return d?.attempts === 1 && d.state === 'queued' && d;
    });
    expect(delivery).toMatchObject({ responseCode: 503, lastError: 'The receiver answered HTTP 503.' });
    expect(Date.parse(delivery.nextAttemptAt) - Date.now()).toBeGreaterThan(50_000);
    expect(rx.received).toHaveLength(1);
    // not due yet: the sweep leaves it
    expect(await t.services.buttonLinks.sweep()).toBe(0);
    t.clock.offsetMs += 61_000;
    try {
      expect(await t.services.buttonLinks.sweep()).toBe(1);
      await until('the retry', async () => {
        const [d] = (await log(made.integration.id)).json().items;
        return d?.state === 'delivered' && d;
      });
    } finally {
      t.clock.offsetMs -= 61_000;
    }
    expect(rx.received).toHaveLength(2);
    const [one, two] = rx.received as [Received, Received];
    expect(two.body).toBe(one.body);
    expect(two.headers[BUTTON_LINK_HEADERS.eventId]).toBe(one.headers[BUTTON_LINK_HEADERS.eventId]);
    expect(verifies(two, made.secret, nowSeconds())).toBe(true);
    const [done] = (await log(made.integration.id)).json().items;
    expect(done).toMatchObject({ state: 'delivered', attempts: 2, responseCode: 200, applicationId: id });

    const resent = await api('POST', `/api/admin/button-links/${made.integration.id}/deliveries/${done.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toMatchObject({ eventId: done.eventId, resendOf: done.id, state: 'queued' });
    expect(resent.json().id).not.toBe(done.id);
    await until('the resend', async () => rx.received.length >= 3);
    const three = rx.received[2] as Received;
    expect(three.body).toBe(one.body);
    expect(three.headers[BUTTON_LINK_HEADERS.eventId]).toBe(done.eventId);
    expect(three.headers[BUTTON_LINK_HEADERS.deliveryId]).toBe(resent.json().id);

    // the log pages, newest first
    const page = (await log(made.integration.id, '?page=1&pageSize=10')).json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(page.items.map((d: { id: string }) => d.id)).toEqual([resent.json().id, done.id]);
    expect((await log(made.integration.id, '?page=2&pageSize=10')).json().items).toEqual([]);
    await turnOff(made.integration.id);
  });

  it('turning off posts one integration.turned-off event, then nothing more is sent', async () => {
    const made = await link(a.companyId);
    const off = await api('PATCH', `/api/admin/button-links/${made.integration.id}`, { status: 'inactive' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().status).toBe('inactive');
    await until('the turn-off event', async () => rx.received.length >= 1);
    const event = JSON.parse((rx.received[0] as Received).body);
    expect(event).toMatchObject({
      type: 'integration.turned-off',
      integrationId: made.integration.id,
      application: null,
    });
    expect(verifies(rx.received[0] as Received, made.secret, nowSeconds())).toBe(true);
    await submitted(formA);
    const items = (await log(made.integration.id)).json().items;
    expect(items.map((d: { eventType: string }) => d.eventType)).toEqual(['integration.turned-off']);
  });

  it('a resend of a delivery still waiting for its retry stops that retry; finished deliveries go after 90 days', async () => {
    const made = await link(a.companyId);
    rx.script.push(503);
    await submitted(formA);
    const waiting = await until('the first attempt', async () => {
      const [d] = (await log(made.integration.id)).json().items;
      return d?.attempts === 1 && d.state === 'queued' && d;
    });
    const resent = await api('POST', `/api/admin/button-links/${made.integration.id}/deliveries/${waiting.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    await until('the resend delivered', async () => {
      const d = (await log(made.integration.id)).json().items.find((x: { id: string }) => x.id === resent.json().id);
      return d?.state === 'delivered' && d;
    });
    const original = (await log(made.integration.id)).json().items.find((x: { id: string }) => x.id === waiting.id);
    expect(original).toMatchObject({ state: 'failed', attempts: 1, lastError: SUPERSEDED_BY_RESEND });
    // its back-off comes due: nothing is sent again
    const sent = rx.received.length;
    t.clock.offsetMs += 61_000;
    try {
      expect(await t.services.buttonLinks.sweep()).toBe(0);
    } finally {
      t.clock.offsetMs -= 61_000;
    }
    expect(rx.received).toHaveLength(sent);

    // 89 days old: kept; 91 days: pruned (both finished ones, not another link's)
    const age = (days: number) => new Date(Date.now() - days * 86_400_000);
    await t.database.db
      .update(buttonLinkDeliveries)
      .set({ createdAt: age(89) })
      .where(eq(buttonLinkDeliveries.integrationId, made.integration.id));
    expect(await t.services.buttonLinks.prune()).toBe(0);
    await t.database.db
      .update(buttonLinkDeliveries)
      .set({ createdAt: age(DELIVERY_LOG_DAYS + 1) })
      .where(eq(buttonLinkDeliveries.integrationId, made.integration.id));
    expect(await t.services.buttonLinks.prune()).toBeGreaterThanOrEqual(2);
    expect((await log(made.integration.id)).json()).toMatchObject({ items: [], total: 0 });
    await turnOff(made.integration.id);
  });

  it('a resend while the original is being sent: that attempt failing is not retried (the receiver gets it once more only)', async () => {
    const made = await link(a.companyId);
    let answer: (status: number) => void = () => {};
    rx.script.push(new Promise<number>((r) => (answer = r)));
    await submitted(formA);
    const sending = await until('the first attempt in flight', async () => {
      const [d] = (await log(made.integration.id)).json().items;
      return rx.received.length === 1 && d?.state === 'sending' && d;
    });
    const resent = await api('POST', `/api/admin/button-links/${made.integration.id}/deliveries/${sending.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    await until('the resend delivered', async () => {
      const d = (await log(made.integration.id)).json().items.find((x: { id: string }) => x.id === resent.json().id);
      return d?.state === 'delivered' && d;
    });
    answer(503);
    const original = await until('the held attempt done', async () => {
      const d = (await log(made.integration.id)).json().items.find((x: { id: string }) => x.id === sending.id);
      return d?.state !== 'sending' && d;
    });
    expect(original).toMatchObject({ state: 'failed', attempts: 1, lastError: SUPERSEDED_BY_RESEND });
    // its back-off would have come due: nothing is sent again
    t.clock.offsetMs += 61_000;
    try {
      expect(await t.services.buttonLinks.sweep()).toBe(0);
    } finally {
      t.clock.offsetMs -= 61_000;
    }
    expect(rx.received).toHaveLength(2);
    await turnOff(made.integration.id);
  });

  it('an original a resend marked while it was being sent, whose worker then died, is not sent again', async () => {
    const made = await link(a.companyId);
    await submitted(formA);
    const first = await until('the first delivery', async () => {
      const [d] = (await log(made.integration.id)).json().items;
      return d?.state === 'delivered' && d;
    });
    const before = rx.received.length;
    // as a resend leaves it when its worker died mid-send: still `sending`, marked, its lease run out
    await t.database.db
      .update(buttonLinkDeliveries)
      .set({ state: 'sending', lastError: SUPERSEDED_BY_RESEND, leaseUntil: new Date(Date.now() - 60_000) })
      .where(eq(buttonLinkDeliveries.id, first.id));
    expect(await t.services.buttonLinks.runDelivery(first.id)).toBe('failed');
    expect(rx.received).toHaveLength(before);
    const d = (await log(made.integration.id)).json().items.find((x: { id: string }) => x.id === first.id);
    expect(d).toMatchObject({ state: 'failed', lastError: SUPERSEDED_BY_RESEND });
    await turnOff(made.integration.id);
  });

  it('a retry still waiting when the link is turned off is not sent: it fails in words', async () => {
    const made = await link(a.companyId);
    rx.script.push(503);
    await submitted(formA);
    const waiting = await until('the first attempt', async () => {
      const [d] = (await log(made.integration.id)).json().items;
      return d?.attempts === 1 && d.state === 'queued' && d;
    });
    await turnOff(made.integration.id);
    const before = rx.received.length;
    t.clock.offsetMs += 61_000;
    try {
      await t.services.buttonLinks.sweep();
      await until('the waiting retry ended', async () => {
        const d = (await log(made.integration.id)).json().items.find((x: { id: string }) => x.id === waiting.id);
        return d?.state === 'failed' && d;
      });
    } finally {
      t.clock.offsetMs -= 61_000;
    }
    const ended = (await log(made.integration.id)).json().items.find((x: { id: string }) => x.id === waiting.id);
    expect(ended).toMatchObject({ state: 'failed', attempts: 2, lastError: 'Not sent: the link was turned off.' });
    expect(rx.received).toHaveLength(before);
  });

  it('refuses hostile button links on save, and a name resolving to loopback at send, never connecting', async () => {
    for (const url of [
      'http://hooks.example.com/under',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:7f00:1]/hook',
      'https://10.0.0.1:8443/hook',
      'https://user:pass@hooks.example.com/',
      'https://2130706433/',
      `http://127.0.0.1:1/hook`,
      'file:///etc/passwd',
      'gopher://hooks.example.com/',
    ]) {
      const res = await api('POST', '/api/admin/button-links', { companyId: a.companyId, name: 'x', buttonLink: url });
      expect(res.statusCode, url).toBe(400);
    }
    // localhost is a name: it passes the form, and the pinned resolution refuses it at send; not retried
    const made = await link(a.companyId, 'https://localhost/hook');
    await submitted(formA);
    const failed = await until('the refused delivery', async () => {
      const [d] = (await log(made.integration.id)).json().items;
      return d?.state === 'failed' && d;
    });
    expect(failed).toMatchObject({ attempts: 1, responseCode: null });
    expect(failed.lastError).toMatch(/^The call was refused: localhost resolves to a loopback address/);
    expect(rx.received).toEqual([]);
    await turnOff(made.integration.id);
  });

  it('is the platform admin’s only: a client ADMINISTRATOR can neither list, make, read nor resend; unknown ids 404', async () => {
    const made = await link(b.companyId);
    const before = (await log(made.integration.id)).json().total;
    for (const [method, url, payload] of [
      ['GET', '/api/admin/button-links', undefined],
      ['POST', '/api/admin/button-links', { companyId: a.companyId, name: 'x', buttonLink: `${base}/x` }],
      ['PATCH', `/api/admin/button-links/${made.integration.id}`, { buttonLink: `${base}/stolen` }],
      ['POST', `/api/admin/button-links/${made.integration.id}/secret`, undefined],
      ['GET', `/api/admin/button-links/${made.integration.id}/deliveries`, undefined],
    ] as const) {
      const res = await api(method, url, payload, a.token);
      expect([401, 403], `${method} ${url}`).toContain(res.statusCode);
      expect(res.body).not.toContain(made.secret);
    }
    const [row] = await t.database.db
      .select()
      .from(buttonLinkIntegrations)
      .where(eq(buttonLinkIntegrations.id, made.integration.id));
    expect(row?.url).toBe(`${base}/hooks/under`);
    expect((await log(made.integration.id)).json().total).toBe(before);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await log(missing)).statusCode).toBe(404);
    expect(
      (await api('POST', `/api/admin/button-links/${made.integration.id}/deliveries/${missing}/resend`)).statusCode,
    ).toBe(404);
    expect(
      (await api('POST', '/api/admin/button-links', { companyId: missing, name: 'x', buttonLink: `${base}/x` }))
        .statusCode,
    ).toBe(404);
    // a new secret: shown once, the old one no longer signs
    const rotated = await api('POST', `/api/admin/button-links/${made.integration.id}/secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().secret).not.toBe(made.secret);
    await api('PATCH', `/api/admin/button-links/${made.integration.id}`, { status: 'inactive' });
    await until('the turn-off event', async () => rx.received.length >= 1);
    expect(verifies(rx.received[0] as Received, rotated.json().secret, nowSeconds())).toBe(true);
    expect(verifies(rx.received[0] as Received, made.secret, nowSeconds())).toBe(false);
  });
});
