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
} from '../salesforce/salesforce.port';
import { type ConnectionRow, createConnectionsRepository } from './connections.repository';

export const SALESFORCE = 'salesforce';

export interface SessionDeps {
  db: Db;
  fieldCrypto: FieldCrypto;
  salesforce: SalesforceClient;
  now: Clock;
  log: FastifyBaseLogger;
}

/** A sealed value opened (server side only), or undefined when there is none. */
export function openSecret(fieldCrypto: FieldCrypto, sealed: string | undefined): string | undefined {
  return sealed ? fieldCrypto.decryptValue(sealed) : undefined;
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
 * `SalesforceConnections` (ports.ts) on the connection rows (decision 073). A session's access token is used as
 * stored; on `invalid_session` the token set is refreshed and `fn` runs once more. Refresh tokens rotate and a
 * reused one revokes the family, so refreshes take turns per connection: the row is locked (`SELECT … FOR UPDATE`)
 * in a transaction around the refresh call; a worker that gets the lock after another refreshed (the token version
 * moved) takes the other's access token instead of refreshing again; the rotated refresh token is written in that
 * transaction, before anything uses the new access token.
 */
export function createSalesforceSessions(deps: SessionDeps): SalesforceConnections & {
  /** Refreshes after `seenVersion` failed (exported for tests of the lock). */
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

  async function refresh(
    companyId: string,
    seenVersion: number,
  ): Promise<{ session: SalesforceSession; version: number }> {
    // the expiry is committed before it is thrown: a rolled back transaction would forget it
    let expired = false;
    const result = await db.transaction(async (tx) => {
      const repo = createConnectionsRepository(tx);
      const row = await repo.find(companyId, SALESFORCE, true);
      const off = unavailable(row);
      if (off || !row) throw off ?? new IntegrationUnavailable('not_connected');
      // another worker refreshed while this one waited for the lock: its token is the live one
      if (row.tokenVersion !== seenVersion) {
        const session = sessionOf(row);
        if (session) return { session, version: row.tokenVersion };
      }
      const refreshToken = openSecret(fieldCrypto, row.secrets.refreshToken);
      try {
        if (!refreshToken) throw new SalesforceError('expired_grant', 'no refresh token kept');
        const tokens = await salesforce.refresh(appOf(fieldCrypto, row), refreshToken);
        const version = row.tokenVersion + 1;
        await repo.update(row.id, {
          secrets: {
            ...row.secrets,
            accessToken: fieldCrypto.encryptValue(tokens.accessToken),
            // rotated: the new one replaces the old (kept when Salesforce sends none)
            refreshToken: tokens.refreshToken
              ? fieldCrypto.encryptValue(tokens.refreshToken)
              : row.secrets.refreshToken,
          },
          instanceUrl: tokens.instanceUrl || row.instanceUrl,
          tokenVersion: version,
          tokenRefreshedAt: new Date(now()),
          updatedAt: new Date(now()),
        });
        return {
          session: { accessToken: tokens.accessToken, instanceUrl: tokens.instanceUrl || (row.instanceUrl as string) },
          version,
        };
      } catch (err) {
        if (!(err instanceof SalesforceError) || err.kind !== 'expired_grant') throw err;
        const { accessToken: _a, refreshToken: _r, ...kept } = row.secrets;
        await repo.update(row.id, {
          state: 'expired',
          secrets: kept,
          tokenVersion: row.tokenVersion + 1,
          expiredAt: new Date(now()),
          updatedAt: new Date(now()),
        });
        await writeAudit(tx, {
          action: 'integration.expire',
          actorUserId: null,
          companyId,
          targetType: 'company',
          targetId: companyId,
          details: { kind: SALESFORCE },
        });
        log.warn({ companyId, kind: SALESFORCE }, 'salesforce refresh token refused: connection expired');
        expired = true;
        return null;
      }
    });
    if (expired || !result) throw new IntegrationUnavailable('expired');
    return result;
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
