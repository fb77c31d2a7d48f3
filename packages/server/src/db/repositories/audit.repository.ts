import { type AuditEventInput, checkAuditEvent } from '@under/core/audit/audit-actions';
import type { DbOrTx } from '../client';
import { auditEvents } from '../schema/index';

/**
 * Writes one audit event of core's catalogue (`AUDIT_ACTIONS`). Pass the caller's transaction, so the event commits
 * or rolls back with the change it records. The details are checked against the action's schema first.
 */
export async function writeAudit(db: DbOrTx, event: AuditEventInput): Promise<void> {
  const details = checkAuditEvent(event);
  await db.insert(auditEvents).values({
    actorUserId: event.actorUserId,
    companyId: event.companyId ?? null,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    details,
  });
}
