import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { bearer, invitationCode, PHONE, setMembership } from '../../test/accounts';
import { createTestApp, signIn, type TestApp, testDatabases, uniqueEmail } from '../../test/helpers';
import { OutboundFailed } from '../outbound/outbound';
import { loggerOptions, REDACTED, redactSecretText, redactUrl, serializeError } from './logger';

describe('redactUrl', () => {
  it('hides the code and e-mail of an applicant link, keeping the form and application ids', () => {
    expect(redactUrl('/application-form/f1/a1/Q29kZUNvZGVDb2RlQ29kZQ/ada%40example.com')).toBe(
      `/application-form/f1/a1/${REDACTED}`,
    );
    expect(redactUrl('/application-form/f1/a1/Q29kZQ/3/ada%40example.com')).toBe(`/application-form/f1/a1/${REDACTED}`);
    expect(redactUrl('/application-form/f1')).toBe('/application-form/f1');
  });
  it('hides credential query values and invitation codes in paths, and keeps the rest', () => {
    expect(redactUrl('/api/files?token=abc.def')).toBe(`/api/files?token=${REDACTED}`);
    expect(redactUrl('/verify?email=a%40b.c&code=123456&x=1')).toBe(`/verify?email=a%40b.c&code=${REDACTED}&x=1`);
    expect(redactUrl('/api/salesforce/callback?code=aPrx1&state=s7a7e')).toBe(
      `/api/salesforce/callback?code=${REDACTED}&state=${REDACTED}`,
    );
    expect(redactUrl('/api/x?Token=1&invitationCode=2&password=3')).toBe(
      `/api/x?Token=${REDACTED}&invitationCode=${REDACTED}&password=${REDACTED}`,
    );
    expect(redactUrl('/api/invitations/AbC_123-x')).toBe(`/api/invitations/${REDACTED}`);
    expect(redactUrl('/register/AbC_123-x?utm=1')).toBe(`/register/${REDACTED}?utm=1`);
    expect(redactUrl('/api/invitations/abc/resend')).toBe('/api/invitations/abc/resend');
    expect(redactUrl('/api/members?page=2&q=ann')).toBe('/api/members?page=2&q=ann');
  });

  it('hides the link code (and what follows it) of the applicant page paths', () => {
    expect(redactUrl('/application-form/cf1/app1/CoDe_123-x/ann%40b.co')).toBe(
      `/application-form/cf1/app1/${REDACTED}`,
    );
    expect(redactUrl('/application-form/cf1/app1/CoDe_123-x/3/ann%40b.co?x=1')).toBe(
      `/application-form/cf1/app1/${REDACTED}?x=1`,
    );
    expect(redactUrl('/application-form/cf1')).toBe('/application-form/cf1');
    expect(redactUrl('/api/public/applications/app1/draft?code=CoDe_123-x')).toBe(
      `/api/public/applications/app1/draft?code=${REDACTED}`,
    );
  });
});

describe('serializeError', () => {
  it('keeps the query text and drops its values, in the error and in its causes', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_pool_email_uq"'), {
      code: '23505',
      detail: 'Key (pool, email)=(client, ann@example.com) already exists.',
      constraint: 'users_pool_email_uq',
    });
    const err = Object.assign(
      new Error('Failed query: insert into "users" values ($1, $2)\nparams: ann@x,$argon2id$v=19$abc'),
      {
        query: 'insert into "users" values ($1, $2)',
        params: ['ann@x', '$argon2id$v=19$abc'],
        cause,
      },
    );
    const out = serializeError(err);
    const text = JSON.stringify(out);
    expect(text).not.toContain('argon2id');
    expect(text).not.toContain('ann@');
    expect(out.message).toBe('Failed query: insert into "users" values ($1, $2)');
    expect(out.query).toBe('insert into "users" values ($1, $2)');
    expect(out.stack).toContain('at ');
    expect(out.cause).toMatchObject({ code: '23505', constraint: 'users_pool_email_uq' });
  });
});

describe('an outbound call logged carelessly (decision 071)', () => {
  const secrets = {
    bearer: 'eyJhbGciOiJSUzI1NiJ9.payload.sig-BEARER',
    sessionId: '00D5e000000abcd!AQ4AQFw5b0TfVS8Oh1JdSESSIONsecret',
    accessToken: 'AT-0123456789-access',
    refreshToken: 'RT-0123456789-refresh',
    password: 'Pr0cessor-P4ssword',
    clientSecret: 'CS-client-secret-value',
    consumerSecret: 'CONSUMER-secret-value',
    consumerKey: '3MVG9-consumer-key-value',
    codeVerifier: 'verifier-0123456789abcdef',
    clientSecretKey: 'CSK-secret-key-value',
    basic: Buffer.from('api-user:api-password').toString('base64'),
  };

  it('writes none of the tokens, passwords or secrets, in request, response or error', () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: loggerOptions({ level: 'trace', stream: { write: (line: string) => void lines.push(line) } }),
    });
    const form = `grant_type=refresh_token&refresh_token=${secrets.refreshToken}&client_id=abc&client_secret=${secrets.clientSecret}&code_verifier=${secrets.codeVerifier}`;
    const answer = JSON.stringify({
      access_token: secrets.accessToken,
      refresh_token: secrets.refreshToken,
      instance_url: 'https://acme.my.salesforce.com',
    });
    // an HTTP client's error that carries the request and the answer
    const failure = Object.assign(new OutboundFailed('network', `token call failed: ${form}`), {
      request: {
        method: 'POST',
        url: 'https://login.salesforce.com/services/oauth2/token',
        headers: { Authorization: `Bearer ${secrets.bearer}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      },
      response: { status: 400, headers: { 'set-cookie': `sid=${secrets.sessionId}` }, body: answer },
      credentials: { consumerKey: secrets.consumerKey, consumerSecret: secrets.consumerSecret },
      cause: new Error(`upstream said ${answer}`),
    });
    app.log.error({ err: failure }, 'salesforce refresh failed');
    app.log.warn(
      {
        provider: 'salesforce',
        request: {
          headers: { authorization: `Bearer ${secrets.bearer}`, 'proxy-authorization': `Basic ${secrets.basic}` },
        },
        response: { headers: { 'set-cookie': secrets.sessionId } },
        credentials: {
          password: secrets.password,
          clientSecret: secrets.clientSecret,
          client_secret: secrets.clientSecret,
          consumerSecret: secrets.consumerSecret,
          consumer_secret: secrets.consumerSecret,
          code_verifier: secrets.codeVerifier,
          clientSecretKey: secrets.clientSecretKey,
        },
        accessToken: secrets.accessToken,
        refresh_token: secrets.refreshToken,
      },
      'cardconnect token call',
    );
    app.log.info(`retrying with Authorization: Bearer ${secrets.bearer} and ${form}`);
    app.log.info(`salesforce answered ${answer} for session ${secrets.sessionId}`);
    app.log.info(`vantiv <password>${secrets.password}</password> basic Basic ${secrets.basic}`);

    const log = lines.join('');
    // the lines were written: the checks below are not vacuous
    expect(lines.length).toBe(5);
    expect(log).toContain('salesforce refresh failed');
    expect(log).toContain('https://acme.my.salesforce.com');
    expect(log).toContain(REDACTED);
    for (const [name, value] of Object.entries(secrets))
      expect(log.includes(value), `${name} is in the log`).toBe(false);
  });

  it('redacts credentials in free text and keeps the rest', () => {
    expect(redactSecretText('Authorization: Bearer abc.def.ghi')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactSecretText('a=1&password=hunter2&b=2')).toBe(`a=1&password=${REDACTED}&b=2`);
    expect(redactSecretText('{"errorCode":"INVALID_FIELD","message":"password is required"}')).toBe(
      '{"errorCode":"INVALID_FIELD","message":"password is required"}',
    );
  });
});

/**
 * A whole journey with the logger at 'trace' writing to a buffer: not one code, token, password, hash or signed
 * URL token it produced may appear in the log (decision 022).
 */
describe.each(testDatabases())('the log of a whole journey on %s', (kind) => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
      outbox: true,
      extend: (app) =>
        // a failing query whose values hold a password hash, as a unique violation would
        app.post('/api/test-failing-query', { config: { access: 'public' } }, async (req) => {
          const { email } = req.body as { email: string };
          const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
          await t.database.db.insert(users).values({
            pool: 'client',
            email,
            passwordHash: user?.passwordHash ?? '',
            role: 'ADMINISTRATOR',
          });
          return { ok: true };
        }),
    });
  });
  afterAll(() => t.close());

  it('holds none of the secrets', async () => {
    const email = uniqueEmail('journey');
    const password = `Jr${randomBytes(6).toString('hex')}7`;
    const up = await t.app.inject({ method: 'POST', url: '/api/auth/client/sign-up', payload: { email, password } });
    expect(up.statusCode, up.body).toBe(201);
    const signUpCode = await t.mailer.lastCode(email);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/client/confirm-sign-up',
      payload: { email, code: signUpCode },
    });
    expect(confirm.statusCode).toBe(200);
    const session = await signIn(t, 'client', email, password);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/client/refresh',
      cookies: { under_rt_client: session.refreshCookie },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const token = refreshed.json().accessToken as string;
    const refreshCookie = refreshed.cookies.find((c) => c.name === 'under_rt_client')?.value ?? '';
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/profiles',
      headers: bearer(token),
      payload: { companyName: 'Journey Bank', email, firstName: 'Jo', lastName: 'Urney', phoneNumber: PHONE },
    });
    expect(profile.statusCode, profile.body).toBe(201);
    const companyId = profile.json().company.id as string;
    // a plan with room for a second member
    await setMembership(t, companyId, 'MEMBERSHIP_002');

    const invitee = uniqueEmail('invitee');
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: bearer(token),
      payload: { email: invitee, role: 'STANDARD' },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const code = await invitationCode(t, invitee);
    expect((await t.app.inject({ url: `/api/invitations/${code}` })).statusCode).toBe(200);
    await t.app.inject({ url: `/register/${code}` });
    await t.app.inject({ url: `/verify-email?email=${encodeURIComponent(email)}&code=${signUpCode}` });

    const gen = (
      await t.app.inject({ method: 'POST', url: '/api/companies/gen-upload-logo-url', headers: bearer(token) })
    ).json();
    const uploadUrl = new URL(gen.uploadUrl);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const put = await t.app.inject({ method: 'PUT', url: `${uploadUrl.pathname}${uploadUrl.search}`, payload: png });
    expect(put.statusCode).toBe(200);
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/companies-logo/${companyId}`,
      headers: bearer(token),
      payload: { fileUrl: gen.fileUrl },
    });
    const downloadUrl = new URL(set.json().logoUrl);
    expect((await t.app.inject({ url: `${downloadUrl.pathname}${downloadUrl.search}` })).statusCode).toBe(200);

    const failing = await t.app.inject({ method: 'POST', url: '/api/test-failing-query', payload: { email } });
    expect(failing.statusCode).toBe(500);

    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const passwordHash = user?.passwordHash ?? '';
    expect(passwordHash).toMatch(/^\$argon2id\$/);
    const log = lines.join('');
    // the log did record the journey, the failure and the mail: the checks below are not vacuous
    expect(log).toContain(`/api/files?token=${REDACTED}`);
    expect(log).toContain(`/api/invitations/${REDACTED}`);
    expect(log).toContain(`/register/${REDACTED}`);
    expect(log).toContain('Failed query');
    expect(log).toContain('mail written to outbox');

    const secrets = {
      password,
      passwordHash,
      // the hash's salt and digest alone, should a serializer have escaped the '$' signs
      passwordDigest: passwordHash.split('$').pop() ?? '',
      firstAccessToken: session.accessToken,
      firstRefreshToken: session.refreshCookie,
      accessToken: token,
      refreshToken: refreshCookie,
      invitationCode: code,
      uploadToken: uploadUrl.searchParams.get('token') ?? '',
      uploadSignature: uploadUrl.searchParams.get('token')?.split('.')[1] ?? '',
      downloadToken: downloadUrl.searchParams.get('token') ?? '',
      downloadSignature: downloadUrl.searchParams.get('token')?.split('.')[1] ?? '',
    };
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(5);
      expect(log.includes(value), `${name} is in the log`).toBe(false);
    }
    // a 6-digit code, not as part of a longer number (timestamps, durations)
    expect(new RegExp(`(?<![0-9])${signUpCode}(?![0-9])`).test(log), 'the sign-up code is in the log').toBe(false);
    // nor the mails' subjects
    for (const mail of t.mailer.sent) expect(log.includes(mail.subject), mail.subject).toBe(false);
  });
});
