import { ERROR_CODES } from '@under/core/api/error.schema';
import { carryAnswers } from '@under/core/applications/carry-answers';
import type {
  CopyApplicationResponse,
  EditUrlResponse,
  RepopulateResponse,
} from '@under/core/applications/corrections.schema';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { MESSAGES } from '@under/core/messages';
import { applicationInviteText, editLinkText } from '@under/core/ui-text/mails';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db, DbOrTx } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import { AppError } from '../../../errors';
import type { EventPublisher } from '../../../infra/events/events';
import type { FieldCrypto } from '../../../infra/field-crypto/field-crypto';
import { composeMail } from '../../../infra/mail/compose';
import type { Throttles } from '../../../security/throttles';
import type { MailService } from '../../mail/mail.service';
import { type FormGrants, loadVisibleApplication } from '../access/visible-application';
import { hashAccessCode, newAccessCode } from '../applicant/access-codes';
import { applicantLink, linkExpiry } from '../applicant/applicant-link';
import { startApplication } from '../applicant/start-application';
import { INVITE_THROTTLES } from '../invites/invites.service';
import type { SignatureInvalidation } from '../signing/signing.service';
import { createApplicationCorrectionsRepository } from './corrections.repository';

interface ApplicationCorrectionsDeps {
  db: Db;
  mail: MailService;
  fieldCrypto: FieldCrypto;
  codeSecret: string;
  publicUrl: string;
  /** The template permissions the visibility guard reads (decision 065). */
  forms: FormGrants;
  /** Voids the signatures of a changed document in its transaction and asks the signers again (answers the mails). */
  signatures: SignatureInvalidation;
  now?: Clock;
  throttles: Throttles;
  /** `application.data-changed` of a submitted application moved to the latest version (decision 074). */
  events: EventPublisher;
}

/**
 * The institution's corrections of an application (issue 14, decision 052): an owner's edit link (e-mailed, or
 * created for the team to pass on), a copy into a new application, and the move onto the form's latest version.
 * Every one is scoped like the detail (another company's application is 404), written in one transaction with its
 * audit event, and its mails leave after the commit.
 */
export function createApplicationCorrectionsService(deps: ApplicationCorrectionsDeps) {
  const { db, mail, fieldCrypto, codeSecret, publicUrl } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  const { throttles } = deps;
  const visible = async (tx: DbOrTx, auth: AuthContext, applicationId: string, lock?: boolean) =>
    (await loadVisibleApplication(tx, auth, applicationId, { grants: deps.forms, lock })).application;

  async function formAt(tx: DbOrTx, customFormId: string, version: number): Promise<FormDefinition> {
    const row = await createApplicationCorrectionsRepository(tx).findFormVersion(customFormId, version);
    if (!row) throw new AppError(ERROR_CODES.applicationNotFound);
    return row.form as unknown as FormDefinition;
  }

  /** A fresh code for the owner of a pending application, open for corrections; the old link stops. */
  async function grantEdit(
    auth: AuthContext,
    applicationId: string,
    email: string,
    delivery: 'mail' | 'url',
  ): Promise<{ ownerId: string; email: string; url: string; expiresAt: Date; outbox: string[] }> {
    return db.transaction(async (tx) => {
      const application = await visible(tx, auth, applicationId, true);
      if (application.status !== 'pending') {
        throw new AppError(ERROR_CODES.applicationNotEditable, MESSAGES.applicationEditPendingOnly);
      }
      const repo = createApplicationCorrectionsRepository(tx);
      const owner = await repo.findOwner(application.id, email);
      if (!owner) {
        throw new AppError(ERROR_CODES.applicationOwnerNotFound, MESSAGES.ownerNotFound, [
          { path: 'email', message: MESSAGES.ownerNotFound },
        ]);
      }
      const at = now();
      const code = newAccessCode();
      const expiresAt = linkExpiry(at);
      await repo.grantEdit(owner.id, hashAccessCode(codeSecret, code), expiresAt, at);
      const url = applicantLink(publicUrl, {
        customFormId: application.customFormId,
        applicationId: application.id,
        code,
        email: owner.email,
      });
      await writeAudit(tx, {
        action: 'application.edit-link',
        actorUserId: auth.userId,
        companyId: application.companyId,
        targetType: 'application',
        targetId: application.id,
        details: { ownerId: owner.id, delivery },
      });
      const outbox: string[] = [];
      if (delivery === 'mail') {
        const form = await createApplicationCorrectionsRepository(tx).findForm(application.customFormId);
        outbox.push(
          await mail.queueMail(tx, {
            kind: 'application-edit-link',
            key: `edit-link:${owner.id}:${at.getTime()}`,
            message: composeMail(
              owner.email,
              editLinkText({
                link: url,
                institution: form?.companyName ?? 'the institution',
                applicantCompany: application.applicantCompanyName,
              }),
            ),
          }),
        );
      }
      return { ownerId: owner.id, email: owner.email, url, expiresAt, outbox };
    });
  }

  return {
    /** POST /api/applications/{id}/edit-url: the link itself, shown once to the team. */
    async editUrl(opts: { auth: AuthContext; applicationId: string; email: string }): Promise<EditUrlResponse> {
      const granted = await grantEdit(opts.auth, opts.applicationId, opts.email, 'url');
      return { ownerId: granted.ownerId, url: granted.url, expiresAt: granted.expiresAt.toISOString() };
    },

    /** POST /api/applications/{id}/invite-edit: the link e-mailed to the owner; the team never sees it. */
    async inviteEdit(opts: { auth: AuthContext; applicationId: string; email: string }) {
      const granted = await grantEdit(opts.auth, opts.applicationId, opts.email, 'mail');
      for (const id of granted.outbox) await mail.dispatch(id);
      return { ownerId: granted.ownerId, sentTo: granted.email, expiresAt: granted.expiresAt.toISOString() };
    },

    /**
     * POST /api/applications/{id}/copy: a new application (`invite_sent`) on the form's current version with the
     * source's answers that still fit (files, acceptance and signatures stay with the source), its primary
     * applicant invited by e-mail. The form must be active; the invitation throttles and the open-applications cap
     * apply as to any invitation.
     */
    async copy(opts: { auth: AuthContext; applicationId: string; email?: string }): Promise<CopyApplicationResponse> {
      const source = await db.transaction((tx) => visible(tx, opts.auth, opts.applicationId));
      const email = opts.email ?? source.applicantEmail;
      await throttles.take([
        [INVITE_THROTTLES.company, source.companyId],
        [INVITE_THROTTLES.recipient, email],
      ]);
      const at = now();
      const made = await db.transaction(async (tx) => {
        const form = await createApplicationCorrectionsRepository(tx).findForm(source.customFormId);
        if (!form) throw new AppError(ERROR_CODES.customFormNotFound);
        if (form.status !== 'active') throw new AppError(ERROR_CODES.customFormInactive);
        const from = await formAt(tx, source.customFormId, source.formVersion);
        const to = await formAt(tx, source.customFormId, form.version);
        const carried = carryAnswers(to, fieldCrypto.openData(from, source.data), { dropFiles: true });
        const { application, code } = await startApplication(tx, {
          codeSecret,
          at,
          application: {
            companyId: source.companyId,
            customFormId: source.customFormId,
            formVersion: form.version,
            status: 'invite_sent',
            applicantEmail: email,
            applicantCompanyName: source.applicantCompanyName,
            data: fieldCrypto.sealInput(to, carried.data),
            timeZone: source.timeZone,
            timeZoneOffset: source.timeZoneOffset,
            invitedBy: opts.auth.userId,
            updatedBy: opts.auth.email,
          },
          owner: { linkSentAt: at },
        });
        await writeAudit(tx, {
          action: 'application.copy',
          actorUserId: opts.auth.userId,
          companyId: source.companyId,
          targetType: 'application',
          targetId: application.id,
          details: { sourceApplicationId: source.id, version: form.version },
        });
        const outboxId = await mail.queueMail(tx, {
          kind: 'application-invite',
          key: `application-invite:${application.id}`,
          message: composeMail(
            email,
            applicationInviteText({
              companyName: form.companyName,
              formName: form.name,
              link: applicantLink(publicUrl, {
                customFormId: form.id,
                applicationId: application.id,
                code,
                email,
              }),
            }),
          ),
        });
        return { application, outboxId, dropped: carried.dropped, version: form.version };
      });
      await mail.dispatch(made.outboxId);
      return {
        applicationId: made.application.id,
        status: 'invite_sent',
        formVersion: made.version,
        dropped: made.dropped,
        sentTo: email,
      };
    },

    /**
     * POST /api/applications/{id}/repopulate: an undecided application (invite sent, or pending) moves onto its
     * form's latest version; the answers the new version cannot hold are dropped and named. The document changes,
     * so a pending application's signatures are void and its signers asked again.
     */
    async repopulate(opts: { auth: AuthContext; applicationId: string }): Promise<RepopulateResponse> {
      const outcome = await db.transaction(async (tx) => {
        const application = await visible(tx, opts.auth, opts.applicationId, true);
        if (application.status !== 'invite_sent' && application.status !== 'pending') {
          throw new AppError(ERROR_CODES.applicationNotEditable, MESSAGES.repopulateUndecidedOnly);
        }
        const repo = createApplicationCorrectionsRepository(tx);
        const form = await createApplicationCorrectionsRepository(tx).findForm(application.customFormId);
        if (!form) throw new AppError(ERROR_CODES.customFormNotFound);
        if (form.version === application.formVersion) {
          throw new AppError(ERROR_CODES.applicationAlreadyLatest);
        }
        const from = await formAt(tx, application.customFormId, application.formVersion);
        const to = await formAt(tx, application.customFormId, form.version);
        const carried = carryAnswers(to, fieldCrypto.openData(from, application.data));
        const at = now();
        const revision = application.revision + 1;
        await repo.updateApplication(application.id, {
          formVersion: form.version,
          data: fieldCrypto.sealInput(to, carried.data),
          revision,
          updatedAt: at,
          updatedBy: opts.auth.email,
        });
        await writeAudit(tx, {
          action: 'application.repopulate',
          actorUserId: opts.auth.userId,
          companyId: application.companyId,
          targetType: 'application',
          targetId: application.id,
          details: { fromVersion: application.formVersion, toVersion: form.version, dropped: carried.dropped },
        });
        const invalidation =
          application.status === 'pending'
            ? await deps.signatures.invalidateSignatures(tx, {
                application,
                fields: carried.dropped,
                actorUserId: opts.auth.userId,
              })
            : { invalidated: 0, outbox: [] };
        const events =
          application.status === 'pending'
            ? [await deps.events.publish(tx, 'application.data-changed', { applicationId: application.id, revision })]
            : [];
        return {
          events,
          response: {
            fromVersion: application.formVersion,
            formVersion: form.version,
            revision,
            dropped: carried.dropped,
            invalidatedSignatures: invalidation.invalidated,
          },
          outbox: invalidation.outbox,
        };
      });
      for (const id of outcome.outbox) await mail.dispatch(id);
      await deps.events.dispatch(outcome.events);
      return outcome.response;
    },
  };
}

export type ApplicationCorrectionsService = ReturnType<typeof createApplicationCorrectionsService>;
