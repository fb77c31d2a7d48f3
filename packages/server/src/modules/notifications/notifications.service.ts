import {
  type HomeEvent,
  type HomeEventKind,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
} from '@under/core/notifications/notification.schema';
import type { AuthContext } from '../../auth-context';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { writeAudit } from '../../db/repositories/audit.repository';
import { requireCompanyId } from '../accounts/tenant';
import type { FormGrants } from '../applications/access/visible-application';
import type { MailService } from '../mail/mail.service';
import { noticeMail } from './notifications.mails';
import { createNotificationsRepository } from './notifications.repository';

interface NotificationsDeps {
  db: Db;
  mail: Pick<MailService, 'queueMail' | 'dispatch'>;
  /** The master forms a STANDARD member was granted (undefined for a client administrator). */
  forms: FormGrants;
  publicUrl: string;
  now?: Clock;
}

type Row = Awaited<ReturnType<ReturnType<typeof createNotificationsRepository>['latestEvents']>>[number];

/** A chained event as Home lists it; null for an event Home does not show. */
function toHomeEvent(r: Row): HomeEvent | null {
  const d = r.details ?? {};
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const name = [r.userFirstName, r.userLastName].filter(Boolean).join(' ');
  const actor = name || r.userEmail || str(d.email);
  const kinds: Record<string, HomeEventKind> = {
    'application.invite': 'invited',
    'application.submit': 'submitted',
    'application.resubmit': 'resubmitted',
    'application.sign': d.allSigned === true ? 'signed-all' : 'signed',
    'application.documents-ready': 'documents-ready',
    'application.status': 'status-changed',
    'application.signature-invalidate': 'signatures-invalidated',
  };
  const kind = kinds[r.action];
  if (!kind) return null;
  return {
    id: `${r.applicationId}:${r.seq}`,
    kind,
    at: r.at.toISOString(),
    applicationId: r.applicationId,
    applicationNumber: r.number,
    applicantCompanyName: r.applicantCompanyName,
    formName: r.formName,
    actor: actor ?? null,
    from: kind === 'status-changed' ? str(d.from) : null,
    to: kind === 'status-changed' ? str(d.to) : null,
  };
}

/**
 * The institution kept informed (issue 21 §4; decision 060). The notices are written into the mail outbox in the
 * transaction that delivers the domain event causing them (decision 064; `notifications.module.ts` subscribes
 * `applicationsSubmitted`, `applicationSigned`, `documentsReady` to `application.submitted`, `application.signed` and
 * `documents.ready`; `syncFailed` for the integrations to come), and sent after its commit. Home's latest events
 * are read from the applications' chained history (decision 044), scoped as the applications list is (decision 042).
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const { db, mail, forms } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  const base = deps.publicUrl.replace(/\/+$/, '');

  /**
   * Queues `kind` about each application of `items` to each member who is told it (ADMINISTRATORs and the STANDARD
   * members granted its form, less those who turned the kind off). `cause` names the occurrence (a submission, the
   * last signature, a documents run), so a retried caller queues each mail once. The applications are read in one
   * query and the members once per company and template (a delivery's batch, decision 094).
   */
  async function notice(
    tx: DbOrTx,
    kind: NotificationKind,
    items: readonly { applicationId: string; cause: string }[],
    integration?: string,
  ): Promise<string[]> {
    const r = createNotificationsRepository(tx);
    const apps = new Map((await r.applications(items.map((i) => i.applicationId))).map((a) => [a.id, a]));
    const told = new Map<string, { id: string; email: string }[]>();
    const ids: string[] = [];
    for (const item of items) {
      const app = apps.get(item.applicationId);
      if (!app) continue;
      const key = `${app.companyId}:${app.masterFormId}`;
      let members = told.get(key);
      if (!members) {
        members = await r.recipients(app.companyId, app.masterFormId, kind);
        told.set(key, members);
      }
      const links = { application: `${base}/applications/${app.id}`, profile: `${base}/all-profile` };
      for (const member of members) {
        ids.push(
          await mail.queueMail(tx, {
            kind: 'institution-notice',
            key: `notice:${kind}:${app.id}:${item.cause}:${member.id}`,
            message: noticeMail(member.email, kind, app, links, integration),
          }),
        );
      }
    }
    return ids;
  }

  async function preferences(userId: string): Promise<NotificationPreferences> {
    const rows = await createNotificationsRepository(db).preferencesOf(userId);
    return {
      items: NOTIFICATION_KINDS.map((kind) => ({ kind, enabled: rows.find((r) => r.kind === kind)?.enabled ?? true })),
    };
  }

  return {
    /** On `application.submitted` (a delivery's batch of them): each application is now `pending`. */
    applicationsSubmitted: (tx: DbOrTx, applicationIds: readonly string[]) =>
      notice(
        tx,
        'application-submitted',
        applicationIds.map((applicationId) => ({ applicationId, cause: 'submit' })),
      ),
    /** On the last `application.signed`; `signatureId` (the last one) names this completion. */
    applicationSigned: (tx: DbOrTx, applicationId: string, signatureId: string) =>
      notice(tx, 'application-signed', [{ applicationId, cause: signatureId }]),
    /** On `documents.ready` (a documents run marked done). */
    documentsReady: (tx: DbOrTx, applicationId: string, runId: string) =>
      notice(tx, 'documents-ready', [{ applicationId, cause: runId }]),
    /** For the integrations to come: an application could not be sent to `integration` (`attempt` names the try). */
    syncFailed: (tx: DbOrTx, applicationId: string, opts: { integration: string; attempt: string }) =>
      notice(tx, 'sync-failed', [{ applicationId, cause: opts.attempt }], opts.integration),
    /** After the commit: sends what the calls above queued. */
    async dispatch(ids: readonly string[]) {
      for (const id of ids) await mail.dispatch(id);
    },

    /** GET /api/profile/notifications: the caller's own choices (every kind on until turned off). */
    preferences: (opts: { auth: AuthContext }) => preferences(opts.auth.userId),

    /** PUT /api/profile/notifications: turns one kind on or off for the caller, and no one else. */
    async updatePreference(opts: { auth: AuthContext; kind: NotificationKind; enabled: boolean }) {
      await db.transaction(async (tx) => {
        await createNotificationsRepository(tx).setPreference(opts.auth.userId, opts.kind, opts.enabled, now());
        await writeAudit(tx, {
          action: 'profile.notification',
          actorUserId: opts.auth.userId,
          companyId: opts.auth.companyId,
          targetType: 'user',
          targetId: opts.auth.userId,
          details: { kind: opts.kind, enabled: opts.enabled },
        });
      });
      return preferences(opts.auth.userId);
    },

    /**
     * GET /api/home/events: the latest events of the applications the caller may see (their company's; a STANDARD
     * member's, of granted forms), newest first.
     */
    async homeEvents(opts: { auth: AuthContext; limit: number }): Promise<{ items: HomeEvent[] }> {
      const companyId = requireCompanyId(opts.auth);
      const granted = await forms.grantedMasterFormIds({ auth: opts.auth });
      const rows = await createNotificationsRepository(db).latestEvents(companyId, granted, opts.limit);
      return { items: rows.flatMap((r) => toHomeEvent(r) ?? []) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
