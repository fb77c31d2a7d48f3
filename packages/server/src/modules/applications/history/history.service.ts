import type { HistoryEvent } from '@under/core/applications/history.schema';
import type { AuthContext } from '../../../auth-context';
import type { Db, DbOrTx } from '../../../db/client';
import { type FormGrants, loadVisibleApplication } from '../access/visible-application';
import { verifyChain } from './chain-verify';
import { type ChainRow, createApplicationHistoryRepository } from './history.repository';

/**
 * An application's history (issue 13 "Audit trail"; decision 044): its chained events, the chain verified whole on
 * every read. The institution's: scoped to its company; a STANDARD member only for granted forms; drafts are the
 * applicant's (decision 042) and answer 404 like another company's.
 */
export function createApplicationHistoryService(deps: { db: Db; forms: FormGrants }) {
  const { db, forms } = deps;
  return {
    async history(opts: {
      auth: AuthContext;
      applicationId: string;
      page: number;
      pageSize: number;
      order: 'asc' | 'desc';
      companyId?: string;
    }) {
      const { application } = await loadVisibleApplication(db, opts.auth, opts.applicationId, {
        grants: forms,
        companyId: opts.companyId,
      });
      const { events, chain } = await readApplicationHistory(db, application.id);
      const ordered = opts.order === 'desc' ? [...events].reverse() : events;
      const start = (opts.page - 1) * opts.pageSize;
      return {
        items: ordered.slice(start, start + opts.pageSize),
        total: events.length,
        page: opts.page,
        pageSize: opts.pageSize,
        chain,
      };
    },
  };
}

export type ApplicationHistoryService = ReturnType<typeof createApplicationHistoryService>;

/**
 * Every chained event of an application as the history shows it, the chain's state, and its head hash (what the
 * audit certificate of the generated documents prints, so a later rewrite of the whole chain is caught too).
 */
export async function readApplicationHistory(db: DbOrTx, applicationId: string) {
  const repo = createApplicationHistoryRepository(db);
  const rows = await repo.chain(applicationId);
  const head = await repo.head(applicationId);
  return { events: rows.map(toEvent), chain: verifyChain(rows, head), headHash: head?.hash ?? null };
}

function toEvent(r: ChainRow): HistoryEvent {
  const details = r.details ?? null;
  const ownerEmail = typeof details?.email === 'string' ? details.email : null;
  const ownerRole = typeof details?.role === 'string' ? details.role : null;
  const name = [r.userFirstName, r.userLastName].filter(Boolean).join(' ');
  const base = {
    seq: r.chainSeq ?? 0,
    at: r.at.toISOString(),
    action: r.action,
    ip: r.ip,
    userAgent: r.userAgent,
    details,
  };
  if (r.actorUserId) {
    return {
      ...base,
      actorKind: r.userPool === 'admin' ? 'admin' : 'user',
      actor: name || r.userEmail || null,
      role: r.userRole ?? null,
    };
  }
  if (ownerEmail) return { ...base, actorKind: 'owner', actor: ownerEmail, role: ownerRole };
  return { ...base, actorKind: 'system', actor: null, role: null };
}
