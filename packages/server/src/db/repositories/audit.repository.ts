import { type AuditEventInput, checkAuditEvent } from '@under/core/audit/audit-actions';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { auditEvents } from '../schema/index';

/**
 * Writes one audit event of core's catalogue (`AUDIT_ACTIONS`). Pass the caller's transaction, so the event commits
 * or rolls back with the change it records. The details are checked against the action's schema first.
 */
export async function writeAudit(db: DbOrTx, event: AuditEventInput): Promise<void> {
  await auditInsert(db, event);
}

/** The checked insert of one event (not yet run). */
function auditInsert(db: DbOrTx, event: AuditEventInput) {
  const details = checkAuditEvent(event);
  return db.insert(auditEvents).values({
    actorUserId: event.actorUserId,
    companyId: event.companyId ?? null,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    details,
  });
}

/**
 * The insert of one audit event as SQL, not yet run (checked like `writeAudit`): for a use case that sends it
 * together with its other writes in one statement (`with … as (…)`), saving a round trip on a hot path.
 */
export function auditInsertSql(db: DbOrTx, event: AuditEventInput): SQL {
  return auditInsert(db, event).getSQL();
}
