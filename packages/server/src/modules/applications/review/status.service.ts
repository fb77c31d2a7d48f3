import { ERROR_CODES } from '@under/core/api/error.schema';
import {
  canChangeStatus,
  type ListedStatus,
  STATUS_TRANSITIONS,
} from '@under/core/applications/application-list.schema';
import { MESSAGES } from '@under/core/messages';
import { applicationStatusText } from '@under/core/ui-text/mails';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import { AppError } from '../../../errors';
import type { EventPublisher } from '../../../infra/events/events';
import { composeMail } from '../../../infra/mail/compose';
import { requireCompanyId } from '../../accounts/tenant';
import type { MailService } from '../../mail/mail.service';
import { type FormGrants, loadVisibleApplication } from '../access/visible-application';
import { createApplicationListsRepository } from './lists.repository';

interface ApplicationStatusDeps {
  db: Db;
  mail: MailService;
  /** `application.status-changed` (the integrations sync again: decision 074). */
  events: EventPublisher;
  /** The master forms a STANDARD member was granted (undefined for a client administrator: all of the company's). */
  forms: FormGrants;
  now?: Clock;
}

const notFound = () => new AppError(ERROR_CODES.applicationNotFound, MESSAGES.applicationNotFound);
/** The status change answers a missing application with its own text (as before decision 065). */
const withListMessage = (e: unknown): never => {
  throw e instanceof AppError && e.code === ERROR_CODES.applicationNotFound ? notFound() : e;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The institution's decision on an application (issue 14; decision 042): approve, deny, reopen. */
export function createApplicationStatusService(deps: ApplicationStatusDeps) {
  const { db, mail, forms } = deps;
  const now = deps.now ?? Date.now;

  return {
    /**
     * PUT /api/applications/{id}/status: approve or deny a submitted application, or reopen a decided one
     * (`STATUS_TRANSITIONS`). A refused change is 409 and writes nothing. The change and its audit event commit
     * together; the applicant's e-mail, if asked for, is queued in the same transaction and sent after it.
     */
    async changeStatus(opts: {
      auth: AuthContext;
      applicationId: string;
      companyId?: string;
      newStatus: 'pending' | 'approved' | 'denied';
      reason?: string;
      notifyApplicant: boolean;
    }) {
      const companyId = requireCompanyId(opts.auth);
      const t = new Date(now());
      const outbox: string[] = [];
      const result = await db.transaction(async (tx) => {
        const r = createApplicationListsRepository(tx);
        // decision 065 (the spec's optional companyId: another company's is answered as a missing application)
        const { application: app, formName } = await loadVisibleApplication(tx, opts.auth, opts.applicationId, {
          grants: forms,
          companyId: opts.companyId,
          lock: true,
        }).catch(withListMessage);
        const from = app.status as ListedStatus;
        if (!canChangeStatus(from, opts.newStatus)) {
          throw new AppError(
            ERROR_CODES.applicationStatusTransition,
            MESSAGES.applicationStatusTransition(from, opts.newStatus, STATUS_TRANSITIONS[from]),
          );
        }
        const reason = opts.reason ?? null;
        const row = await r.setStatus(app.id, {
          status: opts.newStatus,
          statusReason: reason,
          decidedAt: opts.newStatus === 'pending' ? null : t,
          updatedAt: t,
          updatedBy: opts.auth.email,
        });
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'application.status',
          targetType: 'application',
          targetId: app.id,
          details: { from, to: opts.newStatus, reason, notifyApplicant: opts.notifyApplicant },
        });
        if (opts.notifyApplicant) {
          outbox.push(
            await mail.queueMail(tx, {
              kind: 'application-status',
              key: `application-status:${app.id}:${t.getTime()}:${opts.newStatus}`,
              message: composeMail(
                app.applicantEmail,
                applicationStatusText({
                  companyName: (await r.companyName(companyId)) ?? '',
                  formName,
                  number: app.number,
                  status: opts.newStatus,
                  reason,
                }),
              ),
            }),
          );
        }
        const event = await deps.events.publish(tx, 'application.status-changed', {
          applicationId: app.id,
          from,
          to: opts.newStatus,
        });
        return { row, from, event };
      });
      for (const id of outbox) await mail.dispatch(id);
      await deps.events.dispatch([result.event]);
      return {
        applicationId: result.row.id,
        status: result.row.status as ListedStatus,
        previousStatus: result.from,
        statusReason: result.row.statusReason,
        decidedAt: iso(result.row.decidedAt),
        updatedAt: result.row.updatedAt.toISOString(),
        updatedBy: result.row.updatedBy,
      };
    },
  };
}

export type ApplicationStatusService = ReturnType<typeof createApplicationStatusService>;
