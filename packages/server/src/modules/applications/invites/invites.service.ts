import { ERROR_CODES } from '@under/core/api/error.schema';
import type { ApplicationStatus } from '@under/core/applications/application.schema';
import { isValidEmail } from '@under/core/auth/credentials';
import { MESSAGES } from '@under/core/messages';
import { applicationInviteNoticeText, applicationInviteText } from '@under/core/ui-text/mails';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import { AppError } from '../../../errors';
import { composeMail } from '../../../infra/mail/compose';
import type { ThrottleRule, Throttles } from '../../../security/throttles';
import { requireCompanyId } from '../../accounts/tenant';
import type { MailService } from '../../mail/mail.service';
import { applicantLink } from '../applicant/applicant-link';
import { startApplication } from '../applicant/start-application';
import { createApplicationInvitesRepository } from './invites.repository';

const HOUR = 3_600_000;

/** Throttles of customer invitations (decision 041), beside the open-applications cap per e-mail and form. */
export const INVITE_THROTTLES = {
  /** Invitations asked for by one company, whatever the answer. */
  company: { scope: 'application-invite:company', max: 100, windowMs: HOUR },
  /** Invitations to one mailbox, from every company: nobody is flooded with invitations. */
  recipient: { scope: 'application-invite:recipient', max: 20, windowMs: 24 * HOUR },
} as const satisfies Record<string, ThrottleRule>;

/**
 * The primary applicant's address: 'primary' (the spec's default) or the invited e-mail itself means the invited
 * address; anything else must be an e-mail address (400).
 */
function primaryAddress(invitedEmail: string, emailPrimary: string): string {
  const value = emailPrimary.trim().toLowerCase();
  if (value === 'primary' || value === invitedEmail) return invitedEmail;
  if (!isValidEmail(value)) {
    throw new AppError(ERROR_CODES.applicationInvalidPrimaryEmail, MESSAGES.invalidPrimaryEmail, [
      { path: 'emailPrimary', message: MESSAGES.invalidPrimaryEmail },
    ]);
  }
  return value;
}

/** Whether `timeZone` is an IANA time zone (or alias) this server knows. */
function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

interface ApplicationInvitesDeps {
  db: Db;
  mail: MailService;
  /** Answers 404 for a form that is not the caller's company's, or of a master form a STANDARD member was not granted. */
  forms: { submittable(opts: { auth: AuthContext; customFormId: string }): Promise<unknown> };
  codeSecret: string;
  publicUrl: string;
  now?: Clock;
  throttles: Throttles;
}

/**
 * The institution invites a customer to one of its forms (issue 12; spec 1 §3 "Invite", §9; decision 041): the
 * application starts as `invite_sent` on the form's current version, with the primary applicant's owner row and
 * link code, and the invitation is mailed in the same transaction.
 */
export function createApplicationInvitesService(deps: ApplicationInvitesDeps) {
  const { db, mail, forms, codeSecret, publicUrl } = deps;
  const now = deps.now ?? Date.now;
  const { throttles } = deps;

  return {
    /** POST /api/applications/invite. */
    async invite(opts: {
      auth: AuthContext;
      customFormId: string;
      invitedEmail: string;
      emailPrimary: string;
      timeZone?: string;
      timeZoneOffset?: number;
    }): Promise<{ applicationId: string; status: ApplicationStatus }> {
      const companyId = requireCompanyId(opts.auth);
      const primaryEmail = primaryAddress(opts.invitedEmail, opts.emailPrimary);
      if (opts.timeZone !== undefined && !isKnownTimeZone(opts.timeZone)) {
        throw new AppError(ERROR_CODES.validation, MESSAGES.invalidTimeZone, [
          { path: 'timeZone', message: MESSAGES.invalidTimeZone },
        ]);
      }
      // every mailbox the invitation writes to is counted: the invited one, and the primary's when it is another
      await throttles.take([
        [INVITE_THROTTLES.company, companyId],
        [INVITE_THROTTLES.recipient, opts.invitedEmail],
        ...(primaryEmail !== opts.invitedEmail ? [[INVITE_THROTTLES.recipient, primaryEmail] as const] : []),
      ]);
      // another company's form, or one a STANDARD member was not granted: 404
      await forms.submittable({ auth: opts.auth, customFormId: opts.customFormId });
      const t = new Date(now());
      const outboxIds: string[] = [];
      const application = await db.transaction(async (tx) => {
        const repo = createApplicationInvitesRepository(tx);
        const form = await repo.findForm(opts.customFormId, companyId);
        if (!form) throw new AppError(ERROR_CODES.customFormNotFound);
        if (form.status !== 'active') throw new AppError(ERROR_CODES.customFormInactive);
        // the same start as an applicant's own draft: one lock per e-mail and form keeps both under the cap
        const { application: row, code } = await startApplication(tx, {
          codeSecret,
          at: t,
          application: {
            companyId,
            customFormId: form.id,
            formVersion: form.version,
            status: 'invite_sent',
            applicantEmail: primaryEmail,
            timeZone: opts.timeZone ?? null,
            timeZoneOffset: opts.timeZoneOffset ?? null,
            invitedBy: opts.auth.userId,
            updatedBy: opts.auth.email,
          },
          owner: { linkSentAt: t },
        });
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'application.invite',
          targetType: 'application',
          targetId: row.id,
          details: {
            customFormId: form.id,
            formVersion: form.version,
            invitedEmail: opts.invitedEmail,
            primaryEmail,
          },
        });
        outboxIds.push(
          await mail.queueMail(tx, {
            kind: 'application-invite',
            key: `application-invite:${row.id}`,
            message: composeMail(
              opts.invitedEmail,
              applicationInviteText({
                companyName: form.companyName,
                formName: form.name,
                link: applicantLink(publicUrl, {
                  customFormId: form.id,
                  applicationId: row.id,
                  code,
                  email: primaryEmail,
                }),
              }),
            ),
          }),
        );
        if (primaryEmail !== opts.invitedEmail) {
          outboxIds.push(
            await mail.queueMail(tx, {
              kind: 'application-invite-notice',
              key: `application-invite-notice:${row.id}`,
              message: composeMail(
                primaryEmail,
                applicationInviteNoticeText({
                  companyName: form.companyName,
                  formName: form.name,
                  invitedEmail: opts.invitedEmail,
                }),
              ),
            }),
          );
        }
        return row;
      });
      for (const id of outboxIds) await mail.dispatch(id);
      return { applicationId: application.id, status: 'invite_sent' };
    },
  };
}

export type ApplicationInvitesService = ReturnType<typeof createApplicationInvitesService>;
