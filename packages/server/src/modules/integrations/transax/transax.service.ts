import { ERROR_CODES } from '@under/core/api/error.schema';
import { type StoredTransaxPricing, TRANSAX_MESSAGES } from '@under/core/integrations/transax.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import { AppError } from '../../../errors';
import { type Outbound, OutboundRefused } from '../../../infra/outbound/outbound';
import { requireCompanyId } from '../../accounts/tenant';
import { fetchTransaxPricing, TransaxError } from './transax.client';
import { createTransaxRepository } from './transax.repository';

export interface TransaxDeps {
  db: Db;
  log: FastifyBaseLogger;
  now?: Clock;
  outbound: Outbound;
}

/**
 * TSYS/Transax stored pricing (issue #24 §2). The gateway URL is typed by the client and the server sends a password
 * to it: only the transax allowlist's hosts (https) or a simulator's test host are called, checked before any call;
 * the outbound client then resolves, pins and refuses non-public addresses as for every provider. The password is
 * used for this call only: never stored, logged or audited.
 */
export function createTransaxService(deps: TransaxDeps) {
  const { db, outbound } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());

  return {
    async retrievePricing(opts: {
      auth: AuthContext;
      gatewayUrl: string;
      user: string;
      password: string;
    }): Promise<StoredTransaxPricing> {
      const companyId = requireCompanyId(opts.auth);
      if (!outbound.allows('transax', opts.gatewayUrl)) {
        throw new AppError(ERROR_CODES.integrationDomain, TRANSAX_MESSAGES.gatewayNotAllowed);
      }
      let pricing: StoredTransaxPricing['pricing'];
      try {
        pricing = await fetchTransaxPricing(outbound, opts);
      } catch (err) {
        if (err instanceof OutboundRefused) {
          deps.log.warn({ reason: err.reason }, 'transax gateway refused by the outbound rules');
          throw new AppError(ERROR_CODES.integrationDomain, TRANSAX_MESSAGES.gatewayNotAllowed);
        }
        if (err instanceof TransaxError && err.kind === 'refused') {
          throw new AppError(ERROR_CODES.integrationFailed, TRANSAX_MESSAGES.refused);
        }
        deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'transax pricing not retrieved');
        throw new AppError(ERROR_CODES.integrationFailed);
      }
      const gatewayHost = new URL(opts.gatewayUrl).host;
      const at = now();
      await db.transaction(async (tx) => {
        await createTransaxRepository(tx).save({ companyId, gatewayHost, items: pricing, retrievedAt: at });
        await writeAudit(tx, {
          action: 'integration.transax-pricing',
          actorUserId: opts.auth.userId,
          companyId,
          targetType: 'company',
          targetId: companyId,
          details: { gatewayHost, count: pricing.length },
        });
      });
      return { gatewayHost, retrievedAt: at.toISOString(), pricing };
    },

    async storedPricing(opts: { auth: AuthContext }): Promise<StoredTransaxPricing> {
      const row = await createTransaxRepository(db).find(requireCompanyId(opts.auth));
      return row
        ? { gatewayHost: row.gatewayHost, retrievedAt: row.retrievedAt.toISOString(), pricing: row.items }
        : { gatewayHost: null, retrievedAt: null, pricing: [] };
    },
  };
}

export type TransaxService = ReturnType<typeof createTransaxService>;
