import type { DbOrTx } from '../client';
import { auditEvents } from '../schema/index';

export type AuditEvent = typeof auditEvents.$inferInsert;

/** The `audit_events` table. Pass the caller's transaction, so the event commits or rolls back with the change. */
export function createAuditRepository(db: DbOrTx) {
  return {
    async insert(event: AuditEvent): Promise<void> {
      await db.insert(auditEvents).values(event);
    },
  };
}
