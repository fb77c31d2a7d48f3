import { createHash, randomBytes } from 'node:crypto';
import {
  type SalesforceApp,
  type SalesforceClient,
  SalesforceError,
  type SalesforceSession,
  type SalesforceTokenSet,
} from '../modules/integrations/salesforce/salesforce.port';

/**
 * An in-memory Salesforce for the connections' tests (decision 073), behaving as Salesforce does for what the
 * connections call: codes single-use and bound to the PKCE challenge and redirect URI, refresh tokens that rotate
 * and revoke their whole family when an old one is presented, access tokens that die into `invalid_session`, errors
 * as `SalesforceError` kinds. Not the simulator (`src/simulators/salesforce`), which speaks HTTP.
 */
export interface FakeSalesforce extends SalesforceClient {
  /** The person approved on Salesforce's page: a code for the state of the last authorize URL (or the one given). */
  approve(state?: string): string;
  /** The state of the last authorize URL. */
  lastState(): string;
  /** Every access token dies (the next data call is `invalid_session`). */
  expireAccessTokens(): void;
  /** Calls of `refresh`, and of `revoke` with the token revoked. */
  refreshes: number;
  revoked: string[];
  /** Every token issued, in order (the canary looks for them). */
  issued: string[];
  /** How long a refresh takes (lets two refreshes overlap). */
  refreshDelayMs: number;
  readonly consumerKey: string;
  readonly consumerSecret: string;
  readonly instanceUrl: string;
}

export function createFakeSalesforce(
  opts: { consumerKey?: string; consumerSecret?: string; instanceUrl?: string } = {},
): FakeSalesforce {
  const consumerKey = opts.consumerKey ?? `3MVG9${randomBytes(30).toString('base64url')}`;
  const consumerSecret = opts.consumerSecret ?? `SECRET${randomBytes(24).toString('hex').toUpperCase()}`;
  const instanceUrl = opts.instanceUrl ?? 'https://acme.my.salesforce.com';
  const pending = new Map<string, { challenge: string; redirectUri: string }>();
  const codes = new Map<string, { challenge: string; redirectUri: string; used: boolean }>();
  const liveAccess = new Set<string>();
  /** refresh token -> its family; the family's current token */
  const familyOf = new Map<string, number>();
  const current = new Map<number, string>();
  let families = 0;
  let last = '';

  const token = (prefix: string) => {
    const t = `${prefix}${randomBytes(24).toString('base64url')}`;
    fake.issued.push(t);
    return t;
  };
  const checkApp = (app: SalesforceApp) => {
    if (app.consumerKey !== consumerKey || app.consumerSecret !== consumerSecret) {
      throw new SalesforceError('invalid_client', 'invalid client credentials', 400);
    }
  };
  const session = (s: SalesforceSession) => {
    if (!liveAccess.has(s.accessToken) || s.instanceUrl !== instanceUrl) {
      throw new SalesforceError('invalid_session', 'INVALID_SESSION_ID', 401);
    }
  };
  const killFamily = (family: number) => {
    current.delete(family);
  };

  const fake: FakeSalesforce = {
    consumerKey,
    consumerSecret,
    instanceUrl,
    refreshes: 0,
    revoked: [],
    issued: [],
    refreshDelayMs: 0,

    authorizeUrl(app, p) {
      const url = new URL(
        `${app.domain.startsWith('http') ? app.domain : `https://${app.domain}`}/services/oauth2/authorize`,
      );
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: app.consumerKey,
        redirect_uri: p.redirectUri,
        state: p.state,
        scope: 'api refresh_token',
        code_challenge: p.codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      pending.set(p.state, { challenge: p.codeChallenge, redirectUri: p.redirectUri });
      last = p.state;
      return url.toString();
    },

    approve(state = last) {
      const p = pending.get(state);
      if (!p) throw new Error('no authorize URL for this state');
      const code = `aPrx${randomBytes(16).toString('base64url')}`;
      codes.set(code, { ...p, used: false });
      return code;
    },
    lastState: () => last,

    async exchangeCode(app, p) {
      checkApp(app);
      const c = codes.get(p.code);
      if (!c || c.used) throw new SalesforceError('expired_code', 'expired authorization code', 400);
      c.used = true;
      const challenge = createHash('sha256').update(p.codeVerifier).digest('base64url');
      if (challenge !== c.challenge) throw new SalesforceError('failed', 'invalid code verifier', 400);
      if (p.redirectUri !== c.redirectUri) throw new SalesforceError('failed', 'redirect_uri mismatch', 400);
      const family = ++families;
      const refreshToken = token('5Aep');
      familyOf.set(refreshToken, family);
      current.set(family, refreshToken);
      const accessToken = token('00D!');
      liveAccess.add(accessToken);
      return { accessToken, refreshToken, instanceUrl, issuedAt: Date.now() } satisfies SalesforceTokenSet;
    },

    async refresh(app, refreshToken) {
      fake.refreshes += 1;
      if (fake.refreshDelayMs > 0) await new Promise((r) => setTimeout(r, fake.refreshDelayMs));
      checkApp(app);
      const family = familyOf.get(refreshToken);
      if (family === undefined) throw new SalesforceError('expired_grant', 'expired access/refresh token', 400);
      if (current.get(family) !== refreshToken) {
        // an old token of the family presented: Salesforce revokes the whole family
        killFamily(family);
        throw new SalesforceError('expired_grant', 'expired access/refresh token', 400);
      }
      const next = token('5Aep');
      familyOf.set(next, family);
      current.set(family, next);
      const accessToken = token('00D!');
      liveAccess.add(accessToken);
      return { accessToken, refreshToken: next, instanceUrl, issuedAt: Date.now() };
    },

    async revoke(_app, _s, t) {
      fake.revoked.push(t);
      const family = familyOf.get(t);
      if (family !== undefined) killFamily(family);
      liveAccess.delete(t);
    },

    expireAccessTokens() {
      liveAccess.clear();
    },

    async listObjects(s) {
      session(s);
      return [{ name: 'Lead', label: 'Lead', custom: false, createable: true }];
    },
    async describe(s, object) {
      session(s);
      return { name: object, label: object, custom: false, fields: [] };
    },
    async upsert(s) {
      session(s);
      return { id: '00Q000000000001', created: true };
    },
    async create(s) {
      session(s);
      return { id: '00Q000000000001' };
    },
    async update(s) {
      session(s);
    },
    async findIds(s) {
      session(s);
      return [];
    },
  };
  return fake;
}
