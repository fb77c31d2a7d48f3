import { createHash, randomBytes } from 'node:crypto';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { planAllows } from '@under/core/billing/plan-features';
import { maskValue } from '@under/core/forms/masking';
import type {
  AuthorizeUrl,
  CrmConnectionResult,
  IntegrationView,
  SalesforceAddInfoBody,
  SalesforceCheckInfo,
} from '@under/core/integrations/connections.schema';
import { INTEGRATION_KINDS, type IntegrationKind, type IntegrationState } from '@under/core/integrations/integrations';
import { integrationTurnedOffText } from '@under/core/ui-text/mails';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import { createCompaniesRepository } from '../../../db/repositories/companies.repository';
import { AppError } from '../../../errors';
import type { FieldCrypto } from '../../../infra/field-crypto/field-crypto';
import { composeMail } from '../../../infra/mail/compose';
import type { Outbound } from '../../../infra/outbound/outbound';
import { hashToken, newToken } from '../../../security/secrets';
import { companyNotFound, isClientAdmin, requireCompanyId, requireOwnCompany } from '../../accounts/tenant';
import type { FormGrants } from '../../applications/access/visible-application';
import type { MailService } from '../../mail/mail.service';
import type { SalesforceClient, SalesforceTokenSet } from '../salesforce/salesforce.port';
import { SalesforceError } from '../salesforce/salesforce.port';
import { keptOrTyped, openSecret } from '../sealed-values';
import { type ConnectionRow, createConnectionsRepository } from './connections.repository';
import { createIntegrationConfigs } from './integration-configs';
import { salesforceDomain } from './salesforce-domain';
import { appOf, createSalesforceSessions, SALESFORCE } from './salesforce-session';

/** An OAuth state lives 10 minutes (decision 073). */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** Used and expired states are deleted after a day (they hold sealed credentials nobody will use). */
const OLD_STATES_MS = 24 * 60 * 60_000;
/** The integrations with actions; the other card processors are listed without, until their part of issue #24. */
const AVAILABLE: ReadonlySet<IntegrationKind> = new Set(['salesforce', 'cardconnect']);

export interface IntegrationsServiceDeps {
  db: Db;
  fieldCrypto: FieldCrypto;
  /** The Salesforce client (the lead wires `createSalesforceClient(platform.outbound)`). */
  salesforce: SalesforceClient;
  outbound: Pick<Outbound, 'allows'>;
  mail: Pick<MailService, 'queueMail' | 'dispatch'>;
  /** The template permissions of STANDARD members (applications' visibility). */
  grants: FormGrants;
  publicUrl: string;
  now: Clock;
  log: FastifyBaseLogger;
}

const base64url = (b: Buffer) => b.toString('base64url');

/** The callback's result flag of an error (the page words it). */
function resultOf(err: unknown): CrmConnectionResult {
  if (err instanceof AppError) {
    if (err.code === ERROR_CODES.integrationExpiredCode) return 'expired_code';
    if (err.code === ERROR_CODES.integrationInvalidClient) return 'invalid_client';
    if (err.code === ERROR_CODES.integrationState) return 'invalid_state';
    if (err.code === ERROR_CODES.upgradeRequired) return 'upgrade';
  }
  return 'failed';
}

/**
 * The integrations' connections (issue #23 §2, §3, §5; decision 073): Salesforce's OAuth 2.0 web-server flow with
 * PKCE and a state bound to the user and company, sealed credentials and tokens, the SalesforceConnections port
 * (sessions with one refresh at a time per connection), turn off with revoke and the admins' notice; and the
 * forms' integration configs and permissions (integration-configs.ts).
 */
export function createIntegrationsService(deps: IntegrationsServiceDeps) {
  const { db, fieldCrypto, salesforce, outbound, mail, now, log } = deps;
  const redirectUri = `${deps.publicUrl}/api/salesforce/callback`;
  const sessions = createSalesforceSessions({ db, fieldCrypto, salesforce, now, log });

  const mask = (sealed: string | undefined) => {
    const plain = openSecret(fieldCrypto, sealed);
    return plain ? maskValue(plain) : null;
  };

  function viewOf(kind: IntegrationKind, row: ConnectionRow | undefined): IntegrationView {
    return {
      kind,
      available: AVAILABLE.has(kind),
      state: (row?.state as IntegrationState | undefined) ?? 'not_connected',
      domain: row?.domain ?? null,
      instanceUrl: row?.state === 'connected' ? (row.instanceUrl ?? null) : null,
      consumerKey: row ? mask(row.secrets.consumerKey) : null,
      consumerSecret: row ? mask(row.secrets.consumerSecret) : null,
      connectedAt: row?.connectedAt?.toISOString() ?? null,
      tokenRefreshedAt: row?.tokenRefreshedAt?.toISOString() ?? null,
      turnedOffAt: row?.state === 'turned_off' ? (row.turnedOffAt?.toISOString() ?? null) : null,
    };
  }

  /** The company a caller reads: a client user their own (another is 404), a platform admin any that exists. */
  async function readableCompany(auth: AuthContext, companyId: string | undefined) {
    let id: string;
    if (auth.pool === 'admin') {
      if (!companyId) throw new AppError(ERROR_CODES.validation, 'companyId is required');
      id = companyId;
    } else {
      id = companyId ? requireOwnCompany(auth, companyId) : requireCompanyId(auth);
    }
    const found = await createCompaniesRepository(db).findCompanyWithMembership(id);
    if (!found) throw companyNotFound();
    return found;
  }

  function requirePlan(auth: AuthContext) {
    if (!planAllows(auth.profile.membership, 'crm')) throw new AppError(ERROR_CODES.upgradeRequired);
  }

  /** Spec 2 §5: a masked value sent back (holding '*') means "unchanged": the stored one. */
  function keptOrNew(sent: string, stored: string | undefined): string {
    const kept = keptOrTyped(fieldCrypto, sent, stored);
    if (kept === null) throw new AppError(ERROR_CODES.integrationInvalidClient);
    return kept;
  }

  function mapExchangeError(err: unknown): never {
    if (err instanceof SalesforceError) {
      log.warn({ kind: err.kind, status: err.status }, 'salesforce code exchange failed');
      if (err.kind === 'expired_code') throw new AppError(ERROR_CODES.integrationExpiredCode);
      if (err.kind === 'invalid_client') throw new AppError(ERROR_CODES.integrationInvalidClient);
      throw new AppError(ERROR_CODES.integrationFailed);
    }
    throw err;
  }

  /**
   * The exchange of `get-token` and the callback: the state taken once (unknown, used, expired: refused), its
   * user still an active ADMINISTRATOR of its company on a plan with the CRM, the code exchanged with the sealed
   * PKCE verifier, then the connection written with the credentials the state carried.
   */
  async function exchange(opts: { code: string; state: string; userId?: string }): Promise<SalesforceCheckInfo> {
    const taken = await createConnectionsRepository(db).takeState(hashToken(opts.state), new Date(now()));
    if (!taken || taken.kind !== SALESFORCE) throw new AppError(ERROR_CODES.integrationState);
    if (opts.userId && taken.userId !== opts.userId) throw new AppError(ERROR_CODES.integrationState);
    const user = await createConnectionsRepository(db).findCompanyUser(taken.companyId, taken.userId);
    if (user?.status !== 'active' || !isClientAdmin(user)) throw new AppError(ERROR_CODES.integrationState);
    const company = await createCompaniesRepository(db).findCompanyWithMembership(taken.companyId);
    if (company?.company.status !== 'active') throw new AppError(ERROR_CODES.integrationState);
    if (!planAllows(company.membership, 'crm')) throw new AppError(ERROR_CODES.upgradeRequired);

    const app = appOf(fieldCrypto, taken);
    let tokens: SalesforceTokenSet;
    try {
      tokens = await salesforce.exchangeCode(app, {
        code: opts.code,
        redirectUri,
        codeVerifier: openSecret(fieldCrypto, taken.secrets.codeVerifier) ?? '',
      });
    } catch (err) {
      mapExchangeError(err);
    }
    // instance_url is a host the outbound policy allows: the client checked it (decision 072) before answering
    const at = new Date(now());
    const previous = await db.transaction(async (tx) => {
      const repo = createConnectionsRepository(tx);
      const old = await repo.find(taken.companyId, SALESFORCE, true);
      await repo.upsert({
        companyId: taken.companyId,
        kind: SALESFORCE,
        state: 'connected',
        secrets: {
          consumerKey: taken.secrets.consumerKey,
          consumerSecret: taken.secrets.consumerSecret,
          accessToken: fieldCrypto.encryptValue(tokens.accessToken),
          ...(tokens.refreshToken ? { refreshToken: fieldCrypto.encryptValue(tokens.refreshToken) } : {}),
        },
        domain: taken.domain,
        instanceUrl: tokens.instanceUrl,
        tokenVersion: (old?.tokenVersion ?? 0) + 1,
        refreshingUntil: null,
        tokenRefreshedAt: at,
        connectedAt: at,
        connectedBy: taken.userId,
        expiredAt: null,
        turnedOffAt: null,
        turnedOffBy: null,
        updatedAt: at,
      });
      await writeAudit(tx, {
        action: 'integration.connect',
        actorUserId: taken.userId,
        companyId: taken.companyId,
        targetType: 'company',
        targetId: taken.companyId,
        details: { kind: SALESFORCE, instanceHost: new URL(tokens.instanceUrl).host },
      });
      return old;
    });
    // a connection replaced while its tokens still lived (Edit, Update Token): its token family is revoked
    if (previous?.state === 'connected') await revokeQuietly(previous);
    return { state: 'connected', connected: true, expired: false, instanceUrl: tokens.instanceUrl };
  }

  /** Revokes a connection's refresh token (which ends its access tokens too); answers whether Salesforce did. */
  async function revokeQuietly(row: ConnectionRow): Promise<boolean> {
    const token = openSecret(fieldCrypto, row.secrets.refreshToken) ?? openSecret(fieldCrypto, row.secrets.accessToken);
    if (!token || !row.instanceUrl) return true;
    try {
      const accessToken = openSecret(fieldCrypto, row.secrets.accessToken) ?? '';
      await salesforce.revoke(appOf(fieldCrypto, row), { accessToken, instanceUrl: row.instanceUrl }, token);
      return true;
    } catch (err) {
      log.warn(
        { companyId: row.companyId, kind: err instanceof SalesforceError ? err.kind : 'error' },
        'salesforce token revoke failed',
      );
      return false;
    }
  }

  const configs = createIntegrationConfigs({ db, fieldCrypto, grants: deps.grants, now, readableCompany, requirePlan });

  return {
    ...sessions,

    /** POST /api/salesforce/add-info: the credentials kept with a new state; answers Salesforce's authorize URL. */
    async addInfo(opts: { auth: AuthContext } & SalesforceAddInfoBody): Promise<AuthorizeUrl> {
      const companyId = requireCompanyId(opts.auth);
      requirePlan(opts.auth);
      const domain = salesforceDomain(opts.salesForceDomain, outbound);
      if (!domain) throw new AppError(ERROR_CODES.integrationDomain);
      const current = await createConnectionsRepository(db).find(companyId, SALESFORCE);
      const consumerKey = keptOrNew(opts.consumerKey, current?.secrets.consumerKey);
      const consumerSecret = keptOrNew(opts.consumerSecret, current?.secrets.consumerSecret);
      const state = newToken('sfs');
      const codeVerifier = base64url(randomBytes(48));
      const codeChallenge = base64url(createHash('sha256').update(codeVerifier).digest());
      let authorizeUrl: string;
      try {
        authorizeUrl = salesforce.authorizeUrl(
          { consumerKey, consumerSecret, domain },
          {
            redirectUri,
            state,
            codeChallenge,
          },
        );
      } catch (err) {
        mapExchangeError(err);
      }
      const at = now();
      await db.transaction(async (tx) => {
        const repo = createConnectionsRepository(tx);
        await repo.deleteOldStates(new Date(at - OLD_STATES_MS));
        await repo.insertState({
          stateHash: hashToken(state),
          companyId,
          userId: opts.auth.userId,
          kind: SALESFORCE,
          domain,
          secrets: {
            consumerKey: fieldCrypto.encryptValue(consumerKey),
            consumerSecret: fieldCrypto.encryptValue(consumerSecret),
            codeVerifier: fieldCrypto.encryptValue(codeVerifier),
          },
          expiresAt: new Date(at + OAUTH_STATE_TTL_MS),
        });
        // a company without a connection yet shows "not connected" with its domain and masks from now on (a
        // callback that connected since `current` was read keeps its tokens: insert only when there is no row)
        if (!current) {
          await repo.insertIfAbsent({
            companyId,
            kind: SALESFORCE,
            state: 'not_connected',
            domain,
            secrets: {
              consumerKey: fieldCrypto.encryptValue(consumerKey),
              consumerSecret: fieldCrypto.encryptValue(consumerSecret),
            },
          });
        }
        await writeAudit(tx, {
          action: 'integration.authorize',
          actorUserId: opts.auth.userId,
          companyId,
          targetType: 'company',
          targetId: companyId,
          details: { kind: SALESFORCE, domain },
        });
      });
      return { authorizeUrl };
    },

    /** POST /api/salesforce/get-token: the state must be the caller's own. */
    async getToken(opts: { auth: AuthContext; code: string; state: string }): Promise<SalesforceCheckInfo> {
      requireCompanyId(opts.auth);
      return exchange({ code: opts.code, state: opts.state, userId: opts.auth.userId });
    },

    /**
     * GET /api/salesforce/callback: the browser back from Salesforce, without our Authorization header (a
     * redirect): the state is the authentication (decision 073). Answers where to send the browser.
     */
    async callback(query: { code?: string; state?: string; error?: string }): Promise<string> {
      let result: CrmConnectionResult;
      if (query.error || !query.code) {
        // the state is spent either way: a refused or broken attempt cannot be replayed
        if (query.state) await createConnectionsRepository(db).takeState(hashToken(query.state), new Date(now()));
        result = !query.state ? 'invalid_state' : query.error === 'access_denied' ? 'denied' : 'failed';
      } else if (!query.state) {
        result = 'invalid_state';
      } else {
        try {
          await exchange({ code: query.code, state: query.state });
          result = 'connected';
        } catch (err) {
          if (!(err instanceof AppError)) log.error({ err }, 'salesforce callback failed');
          result = resultOf(err);
        }
      }
      return `/manage-integration?salesforce=${result}`;
    },

    /** POST /api/salesforce/check-info: the caller's company's connection (any member reads it). */
    async checkInfo(opts: { auth: AuthContext }): Promise<SalesforceCheckInfo> {
      const row = await createConnectionsRepository(db).find(requireCompanyId(opts.auth), SALESFORCE);
      const state = (row?.state as IntegrationState | undefined) ?? 'not_connected';
      return {
        state,
        connected: state === 'connected',
        expired: state === 'expired',
        instanceUrl: state === 'connected' ? (row?.instanceUrl ?? null) : null,
      };
    },

    /**
     * PATCH /api/salesforce/{companyId}/turn-off: the tokens revoked at Salesforce (a failure is logged and
     * recorded; the tokens are erased here either way), syncing stops (the state), the platform's admins told.
     */
    async turnOff(opts: { auth: AuthContext; companyId: string }): Promise<IntegrationView> {
      const companyId = requireOwnCompany(opts.auth, opts.companyId);
      const current = await createConnectionsRepository(db).find(companyId, SALESFORCE);
      if (!current || current.state === 'not_connected') throw new AppError(ERROR_CODES.integrationNotConnected);
      if (current.state === 'turned_off') throw new AppError(ERROR_CODES.integrationTurnedOff);
      const revoked = await revokeQuietly(current);
      const at = new Date(now());
      const companyName = opts.auth.profile.company?.name ?? 'A company';
      const { row, outboxIds } = await db.transaction(async (tx) => {
        const repo = createConnectionsRepository(tx);
        const locked = await repo.find(companyId, SALESFORCE, true);
        if (!locked || locked.state === 'turned_off') throw new AppError(ERROR_CODES.integrationTurnedOff);
        const { accessToken: _a, refreshToken: _r, ...kept } = locked.secrets;
        const patch = {
          state: 'turned_off',
          secrets: kept,
          tokenVersion: locked.tokenVersion + 1,
          refreshingUntil: null,
          turnedOffAt: at,
          turnedOffBy: opts.auth.userId,
          updatedAt: at,
        };
        await repo.update(locked.id, patch);
        await writeAudit(tx, {
          action: 'integration.turn-off',
          actorUserId: opts.auth.userId,
          companyId,
          targetType: 'company',
          targetId: companyId,
          details: { kind: SALESFORCE, revoked },
        });
        const ids: string[] = [];
        for (const to of await repo.activeAdminEmails()) {
          ids.push(
            await mail.queueMail(tx, {
              kind: 'integration-turned-off',
              key: `integration-off:${locked.id}:${locked.tokenVersion + 1}:${to}`,
              message: composeMail(
                to,
                integrationTurnedOffText({
                  companyName,
                  integration: 'Salesforce',
                  by: opts.auth.email,
                  at,
                  adminUrl: `${deps.publicUrl}/admin/accounts`,
                }),
              ),
            }),
          );
        }
        return { row: { ...locked, ...patch }, outboxIds: ids };
      });
      for (const id of outboxIds) await mail.dispatch(id);
      return viewOf(SALESFORCE, row);
    },

    /** GET /api/salesforce/integrations/{companyId}. */
    async salesforceIntegration(opts: { auth: AuthContext; companyId: string }): Promise<IntegrationView> {
      const { company } = await readableCompany(opts.auth, opts.companyId);
      return viewOf(SALESFORCE, await createConnectionsRepository(db).find(company.id, SALESFORCE));
    },

    /** GET /api/integrations and GET /api/companies/{companyId}/integrations. */
    async overview(opts: { auth: AuthContext; companyId?: string }) {
      const { company, membership } = await readableCompany(opts.auth, opts.companyId);
      const rows = await createConnectionsRepository(db).listByCompany(company.id);
      return {
        companyId: company.id,
        planAllowsCrm: planAllows(membership, 'crm'),
        canManage: opts.auth.pool === 'client' && isClientAdmin(opts.auth),
        integrations: INTEGRATION_KINDS.map((kind) =>
          viewOf(
            kind,
            rows.find((r) => r.kind === kind),
          ),
        ),
        configs: await configs.listMasked(company.id),
      };
    },

    saveConfig: configs.save,
    credentialsForApplication: configs.forApplication,
    getPermissions: configs.getPermissions,
    setPermissions: configs.setPermissions,
    ucPermissions: configs.ucPermissions,
  };
}

export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
