import type { NotificationKind } from '@under/core/notifications/notification.schema';
import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  applications,
  auditEvents,
  customForms,
  masterFormPermissions,
  notificationPreferences,
  templatePermissions,
  users,
} from '../../db/schema/index';

/** The chained application events Home lists (decision 044's actions; the rest are the history's only). */
const HOME_ACTIONS = [
  'application.invite',
  'application.submit',
  'application.resubmit',
  'application.sign',
  'application.documents-ready',
  'application.status',
  'application.signature-invalidate',
] as const;

export function createNotificationsRepository(db: DbOrTx) {
  return {
    /** What a notice names: the application's number, form, applicant, and what decides who is told. */
    /** The applications a notice is about, with their form (one query; a missing one is absent), in no order. */
    async applications(applicationIds: readonly string[]) {
      if (applicationIds.length === 0) return [];
      return db
        .select({
          id: applications.id,
          companyId: applications.companyId,
          number: applications.number,
          applicantEmail: applications.applicantEmail,
          applicantCompanyName: applications.applicantCompanyName,
          formName: customForms.name,
          masterFormId: customForms.masterFormId,
        })
        .from(applications)
        .innerJoin(customForms, eq(customForms.id, applications.customFormId))
        .where(inArray(applications.id, [...new Set(applicationIds)]));
    },

    /**
     * Who is told `kind` about an application of `masterFormId`: the company's active client users who are
     * ADMINISTRATORs, or STANDARD members granted the master form (the company's template permission, global or
     * naming them, or the platform admin's grant: as custom-forms' grantedMasterIds), less those who turned it off.
     */
    async recipients(companyId: string, masterFormId: string, kind: NotificationKind) {
      return db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          and(
            eq(users.companyId, companyId),
            eq(users.pool, 'client'),
            eq(users.status, 'active'),
            sql`(${users.role} in ('ADMINISTRATOR', 'admin')
              or exists (select 1 from ${templatePermissions}
                where ${templatePermissions.companyId} = ${companyId}
                  and ${templatePermissions.masterFormId} = ${masterFormId}
                  and (${templatePermissions.isGlobal} or ${templatePermissions.userIds} @> jsonb_build_array(${users.id}::text)))
              or exists (select 1 from ${masterFormPermissions}
                where ${masterFormPermissions.companyId} = ${companyId}
                  and ${masterFormPermissions.formId} = ${masterFormId}
                  and ${masterFormPermissions.userIds} @> jsonb_build_array(${users.id}::text)))`,
            sql`not exists (select 1 from ${notificationPreferences}
              where ${notificationPreferences.userId} = ${users.id}
                and ${notificationPreferences.kind} = ${kind}
                and not ${notificationPreferences.enabled})`,
          ),
        )
        .orderBy(users.email);
    },

    async preferencesOf(userId: string) {
      return db
        .select({ kind: notificationPreferences.kind, enabled: notificationPreferences.enabled })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
    },

    async setPreference(userId: string, kind: NotificationKind, enabled: boolean, at: Date) {
      await db
        .insert(notificationPreferences)
        .values({ userId, kind, enabled, updatedAt: at })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { enabled, updatedAt: at },
        });
    },

    /**
     * The latest chained events of the company's applications (drafts are the applicant's: never), of the granted
     * master forms only when `masterFormIds` is given, newest first.
     */
    async latestEvents(companyId: string, masterFormIds: string[] | undefined, limit: number) {
      if (masterFormIds && masterFormIds.length === 0) return [];
      return db
        .select({
          at: auditEvents.at,
          seq: auditEvents.chainSeq,
          action: auditEvents.action,
          details: auditEvents.details,
          userEmail: users.email,
          userFirstName: users.firstName,
          userLastName: users.lastName,
          applicationId: applications.id,
          number: applications.number,
          applicantCompanyName: applications.applicantCompanyName,
          formName: customForms.name,
        })
        .from(auditEvents)
        .innerJoin(applications, eq(applications.id, auditEvents.applicationId))
        .innerJoin(customForms, eq(customForms.id, applications.customFormId))
        .leftJoin(users, eq(users.id, auditEvents.actorUserId))
        .where(
          and(
            eq(auditEvents.companyId, companyId),
            eq(applications.companyId, companyId),
            ne(applications.status, 'draft'),
            isNotNull(auditEvents.chainSeq),
            inArray(auditEvents.action, [...HOME_ACTIONS]),
            masterFormIds ? inArray(customForms.masterFormId, masterFormIds) : undefined,
          ),
        )
        .orderBy(desc(auditEvents.at), desc(auditEvents.chainSeq))
        .limit(limit);
    },
  };
}
