import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { applicationAuditHeads, auditEvents, users } from '../../../db/schema';

export type ChainRow = Awaited<ReturnType<ReturnType<typeof createApplicationHistoryRepository>['chain']>>[number];

export function createApplicationHistoryRepository(db: DbOrTx) {
  return {
    /** Every chained event of the application, in chain order, with the acting user's name and pool. */
    async chain(applicationId: string) {
      return db
        .select({
          at: auditEvents.at,
          actorUserId: auditEvents.actorUserId,
          companyId: auditEvents.companyId,
          action: auditEvents.action,
          targetType: auditEvents.targetType,
          targetId: auditEvents.targetId,
          details: auditEvents.details,
          ip: auditEvents.ip,
          userAgent: auditEvents.userAgent,
          chainSeq: auditEvents.chainSeq,
          prevHash: auditEvents.prevHash,
          hash: auditEvents.hash,
          userEmail: users.email,
          userFirstName: users.firstName,
          userLastName: users.lastName,
          userPool: users.pool,
          userRole: users.role,
        })
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.actorUserId))
        .where(and(eq(auditEvents.applicationId, applicationId), isNotNull(auditEvents.chainSeq)))
        .orderBy(asc(auditEvents.chainSeq));
    },

    async head(applicationId: string) {
      const [row] = await db
        .select()
        .from(applicationAuditHeads)
        .where(eq(applicationAuditHeads.applicationId, applicationId))
        .limit(1);
      return row;
    },
  };
}
