import { ERROR_CODES } from '@under/core/api/error.schema';
import { APPLICANT_LINK_TTL_DAYS } from '@under/core/applications/application.schema';
import type { DbOrTx } from '../../../db/client';
import type { applicationOwners, applications } from '../../../db/schema';
import { AppError } from '../../../errors';
import { hashAccessCode } from './access-codes';
import { createApplicationsRepository, type RowVersions } from './applicant.repository';

export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicationOwnerRow = typeof applicationOwners.$inferSelect;

const DAY_MS = 86_400_000;

/** An owner's link: `{publicUrl}/application-form/{customFormId}/{applicationId}/{code}/{email}` (codes are base64url). */
export function applicantLink(
  publicUrl: string,
  opts: { customFormId: string; applicationId: string; code: string; email: string },
): string {
  return `${publicUrl}/application-form/${opts.customFormId}/${opts.applicationId}/${opts.code}/${encodeURIComponent(opts.email)}`;
}

/** When a link issued or used at `now` stops working. */
/**
 * An owner's section of the form (decision 059): the primary applicant is always owner 1; an additional owner has
 * the section they were given when named (null: none, they write in no owner's section).
 */
export function ownerSectionOf(owner: Pick<ApplicationOwnerRow, 'kind' | 'ownerSection'>): number | null {
  return owner.kind === 'primaryApplicant' ? 1 : owner.ownerSection;
}

export const linkExpiry = (now: Date): Date => new Date(now.getTime() + APPLICANT_LINK_TTL_DAYS * DAY_MS);

/**
 * The application and owner an applicant link opens (issue 12), or the error the applicant sees: 404 when the id
 * and code do not belong together (the same answer for a wrong id and a wrong code, so neither can be probed),
 * 'The URL is expired' (410) for a link past its end, revoked, or of an owner the primary removed. With `lock`,
 * the application row is locked for the rest of the transaction (saves and submits take it). `versions`: the two
 * rows' versions, for a write that must find them unchanged (decision 081).
 */
export async function resolveApplicantLink(
  db: DbOrTx,
  opts: { applicationId: string; code: string; codeSecret: string; now: Date; lock?: boolean },
): Promise<{ application: ApplicationRow; owner: ApplicationOwnerRow; versions: RowVersions }> {
  const codeHash = hashAccessCode(opts.codeSecret, opts.code);
  const row = await createApplicationsRepository(db).findByLink(opts.applicationId, codeHash, opts.lock ?? false);
  if (!row) throw new AppError(ERROR_CODES.applicationNotFound);
  const { owner, application, versions } = row;
  if (!linkOpen(owner, opts.now)) throw new AppError(ERROR_CODES.applicationLinkExpired);
  return { application, owner, versions };
}

/** Whether an owner's link works at `now`: not removed, not revoked, not past its end. */
export const linkOpen = (
  owner: Pick<ApplicationOwnerRow, 'removedAt' | 'codeRevokedAt' | 'codeExpiresAt'>,
  now: Date,
): boolean => !owner.removedAt && !owner.codeRevokedAt && owner.codeExpiresAt.getTime() > now.getTime();
