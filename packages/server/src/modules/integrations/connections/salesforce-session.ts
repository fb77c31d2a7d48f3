import type { IntegrationState } from '@under/core/integrations/integrations';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import type { FieldCrypto } from '../../../infra/field-crypto/field-crypto';
import { IntegrationUnavailable, type SalesforceConnections } from '../ports';
import {
  type SalesforceApp,
  type SalesforceClient,
  SalesforceError,
  type SalesforceSession,
  type SalesforceTokenSet,
} from '../salesforce/salesforce.port';
import { openSecret } from '../sealed-values';
import { type ConnectionRow, createConnectionsRepository } from './connections.repository';

export const SALESFORCE = 'salesforce';

export interface SessionDeps {
  db: Db;
  fieldCrypto: FieldCrypto;
  salesforce: SalesforceClient;
  now: Clock;
  log: FastifyBaseLogger;
}

/** The connected app of a connection row, its credentials opened. */
export function appOf(fieldCrypto: FieldCrypto, row: Pick<ConnectionRow, 'secrets' | 'domain'>): SalesforceApp {
  return {
    consumerKey: openSecret(fieldCrypto, row.secrets.consumerKey) ?? '',
    consumerSecret: openSecret(fieldCrypto, row.secrets.consumerSecret) ?? '',
    domain: row.domain ?? '',
  };
}

/**
 * How long a refresh's claim lasts: longer than the outbound client's total deadline of one call (60 s, decision
 * 071), so a claim outlives the call it covers; a claim left by a process that died ends by itself.
 */
export const REFRESH_CLAIM_MS = 120_000;
/** A waiting worker reads the connection again after these pauses (then every last one). */
const WAIT_STEPS_MS = [20, 40, 80, 160, 320, 500];

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `SalesforceConnections` (ports.ts) on the connection rows (decisions 073, 079). A session's access token is used as
 * stored; on `invalid_session` the token set is refreshed and `fn` runs once more. Refresh tokens rotate and a
 * reused one revokes the family, so refreshes take turns per connection, without holding the database during
 * Salesforce's call (up to 60 s; PGlite has one connection):
 * 1. a short transaction locks the row (`FOR UPDATE`): if the token version moved since the failing worker read it,
 *    another refreshed and its access token is taken; if another worker's claim (`refreshing_until`) lies ahead,
 *    this one commits, pauses and reads again; otherwise it writes its claim and commits;
 * 2. Salesforce's refresh is called outside any transaction;
 * 3. one update, conditioned on the version claimed, stores the new access token, the rotated refresh token and
 *    version+1 and clears the claim, before anything uses the new access token. A refused refresh (`expired_grant`)
 *    marks the connection expired under the same condition; any other failure releases the claim. When the version
 *    moved meanwhile (turned off, reconnected), the row is read again.
 */
export function createSalesforceSessions(deps: SessionDeps): SalesforceConnections & {
  /** Refreshes after `seenVersion` failed (exported for tests of the claim). */
  refresh(companyId: string, seenVersion: number): Promise<{ session: SalesforceSession; version: number }>;
} {
  const { db, fieldCrypto, salesforce, now, log } = deps;

  function unavailable(row: ConnectionRow | undefined): IntegrationUnavailable | null {
    if (!row || row.state === 'not_connected') return new IntegrationUnavailable('not_connected');
    if (row.state === 'connected') return null;
    return new IntegrationUnavailable(row.state as Exclude<IntegrationState, 'connected'>);
  }

  function sessionOf(row: ConnectionRow): SalesforceSession | null {
    const accessToken = openSecret(fieldCrypto, row.secrets.accessToken);
    if (!accessToken || !row.instanceUrl) return null;
    return { accessToken, instanceUrl: row.instanceUrl };
  }

  type Step =
    | { kind: 'taken'; session: SalesforceSession; version: number }
    | { kind: 'wait' }
    | { kind: 'claimed'; row: ConnectionRow };

  /** Step 1: take another's newer token, wait for another's refresh, or claim the refresh (short transaction). */
  function claim(companyId: string, seenVersion: number): Promise<Step> {
    return db.transaction(async (tx): Promise<Step> => {
      const repo = createConnectionsRepository(tx);
      const row = await repo.find(companyId, SALESFORCE, true);
      const off = unavailable(row);
      if (off || !row) throw off ?? new IntegrationUnavailable('not_connected');
      // another worker refreshed since this one read the row: its token is the live one
      if (row.tokenVersion !== seenVersion) {
        const session = sessionOf(row);
        if (session) return { kind: 'taken', session, version: row.tokenVersion };
      }
      if (row.refreshingUntil && row.refreshingUntil.getTime() > now()) return { kind: 'wait' };
      const until = new Date(now() + REFRESH_CLAIM_MS);
      await repo.update(row.id, { refreshingUntil: until });
      return { kind: 'claimed', row: { ...row, refreshingUntil: until } };
    });
  }

  /** `expired_grant`: the connection is expired (audited), unless its version moved meanwhile. */
  function expire(row: ConnectionRow, companyId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const { accessToken: _a, refreshToken: _r, ...kept } = row.secrets;
      const done = await createConnectionsRepository(tx).updateAtVersion(row.id, row.tokenVersion, {
        state: 'expired',
        secrets: kept,
        tokenVersion: row.tokenVersion + 1,
        refreshingUntil: null,
        expiredAt: new Date(now()),
        updatedAt: new Date(now()),
      });
      if (!done) return false;
      await writeAudit(tx, {
        action: 'integration.expire',
        actorUserId: null,
        companyId,
        targetType: 'company',
        targetId: companyId,
        details: { kind: SALESFORCE },
      });
      log.warn({ companyId, kind: SALESFORCE }, 'salesforce refresh token refused: connection expired');
      return true;
    });
  }

  async function refresh(
    companyId: string,
    seenVersion: number,
  ): Promise<{ session: SalesforceSession; version: number }> {
    let seen = seenVersion;
    const startedAt = Date.now();
    let waits = 0;
    for (;;) {
      const step = await claim(companyId, seen);
      if (step.kind === 'taken') return { session: step.session, version: step.version };
      if (step.kind === 'wait') {
        // the claimant's call is bounded by the outbound deadline; past the claim's length something is wrong
        if (Date.now() - startedAt > REFRESH_CLAIM_MS) {
          throw new SalesforceError('unavailable', 'another refresh of this connection is taking too long');
        }
        await pause(WAIT_STEPS_MS[Math.min(waits++, WAIT_STEPS_MS.length - 1)] as number);
        continue;
      }
      const { row } = step;
      const repo = createConnectionsRepository(db);
      // step 2: Salesforce's call, no transaction open
      let tokens: SalesforceTokenSet;
      try {
        const refreshToken = openSecret(fieldCrypto, row.secrets.refreshToken);
        if (!refreshToken) throw new SalesforceError('expired_grant', 'no refresh token kept');
        tokens = await salesforce.refresh(appOf(fieldCrypto, row), refreshToken);
      } catch (err) {
        if (err instanceof SalesforceError && err.kind === 'expired_grant') {
          if (await expire(row, companyId)) throw new IntegrationUnavailable('expired');
        } else {
          await repo.updateAtVersion(row.id, row.tokenVersion, { refreshingUntil: null });
          throw err;
        }
        seen = row.tokenVersion;
        continue;
      }
      // step 3: the rotated refresh token stored, in one conditional update, before the access token is used
      const version = row.tokenVersion + 1;
      const instanceUrl = tokens.instanceUrl || (row.instanceUrl as string);
      const saved = await repo.updateAtVersion(row.id, row.tokenVersion, {
        secrets: {
          ...row.secrets,
          accessToken: fieldCrypto.encryptValue(tokens.accessToken),
          // rotated: the new one replaces the old (kept when Salesforce sends none)
          refreshToken: tokens.refreshToken ? fieldCrypto.encryptValue(tokens.refreshToken) : row.secrets.refreshToken,
        },
        instanceUrl,
        tokenVersion: version,
        refreshingUntil: null,
        tokenRefreshedAt: new Date(now()),
        updatedAt: new Date(now()),
      });
      if (saved) return { session: { accessToken: tokens.accessToken, instanceUrl }, version };
      // turned off or reconnected during the call: the tokens just got belong to a replaced connection
      log.warn({ companyId, kind: SALESFORCE }, 'salesforce connection changed during a refresh; reading it again');
      seen = row.tokenVersion;
    }
  }

  return {
    refresh,

    async state(companyId) {
      const row = await createConnectionsRepository(db).find(companyId, SALESFORCE);
      return (row?.state as IntegrationState | undefined) ?? 'not_connected';
    },

    async withSession(companyId, fn) {
      const row = await createConnectionsRepository(db).find(companyId, SALESFORCE);
      const off = unavailable(row);
      if (off || !row) throw off ?? new IntegrationUnavailable('not_connected');
      const session = sessionOf(row);
      if (session) {
        try {
          return await fn(session);
        } catch (err) {
          if (!(err instanceof SalesforceError) || err.kind !== 'invalid_session') throw err;
        }
      }
      const fresh = await refresh(companyId, row.tokenVersion);
      return fn(fresh.session);
    },
  };
}
