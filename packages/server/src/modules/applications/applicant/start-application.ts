import { ERROR_CODES } from '@under/core/api/error.schema';
import { MAX_OPEN_APPLICATIONS_PER_EMAIL } from '@under/core/applications/application.schema';
import { MESSAGES } from '@under/core/messages';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../errors';
import { hashAccessCode, newAccessCode } from './access-codes';
import { createApplicationsRepository, type NewApplication, type NewOwner } from './applicant.repository';
import { type ApplicationOwnerRow, type ApplicationRow, linkExpiry } from './applicant-link';

/**
 * A new application with its primary applicant's owner row and link code, for every way an application starts (the
 * applicant's own draft, the institution's invitation): one lock per e-mail and form serialises the
 * open-applications cap (MAX_OPEN_APPLICATIONS_PER_EMAIL) across both, so parallel starts never pass it. Call inside
 * the caller's transaction; the code comes back once, for the link.
 */
export async function startApplication(
  tx: DbOrTx,
  opts: {
    codeSecret: string;
    at: Date;
    application: Omit<NewApplication, 'applicantEmail' | 'createdAt' | 'updatedAt'> & { applicantEmail: string };
    owner?: Pick<NewOwner, 'lastSeenAt' | 'linkSentAt'>;
  },
): Promise<{ application: ApplicationRow; owner: ApplicationOwnerRow; code: string }> {
  const r = createApplicationsRepository(tx);
  const email = opts.application.applicantEmail;
  const customFormId = opts.application.customFormId;
  await r.lockApplicant(email, customFormId);
  if ((await r.countOpen(email, customFormId)) >= MAX_OPEN_APPLICATIONS_PER_EMAIL) {
    throw new AppError(
      ERROR_CODES.applicationOpenLimit,
      MESSAGES.applicationOpenLimit(MAX_OPEN_APPLICATIONS_PER_EMAIL),
    );
  }
  const application = await r.insertApplication({ ...opts.application, createdAt: opts.at, updatedAt: opts.at });
  const code = newAccessCode();
  const owner = await r.insertOwner({
    applicationId: application.id,
    kind: 'primaryApplicant',
    role: 'primaryOwnerEndUser',
    email,
    position: 0,
    // the primary applicant is owner 1 (decision 059)
    ownerSection: 1,
    codeHash: hashAccessCode(opts.codeSecret, code),
    codeExpiresAt: linkExpiry(opts.at),
    createdAt: opts.at,
    ...opts.owner,
  });
  return { application, owner, code };
}
