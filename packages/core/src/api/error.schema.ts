import { z } from 'zod';

/** Every API error has this body. `errors` lists field problems of a 400. */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/**
 * Every error the API answers, by name: the `code` of its body and its HTTP status, in one place. Services throw
 * `new AppError(ERROR_CODES.name, message?)` and the status comes from here; the web compares `ERROR_CODES.name`,
 * never a string literal.
 */
export const ERRORS = {
  /**
   * Sign-in with an unknown e-mail or a wrong password: one code for both, so the answer does not tell which
   * e-mails have accounts (decision 019). Its message is the spec's "Invalid email or password".
   */
  invalidCredentials: { code: 'auth/invalid-credentials', status: 401 },
  /** Signed in with a user of the other pool, or a token of the other pool. */
  permissionDenied: { code: 'auth/permission-denied', status: 403 },
  /** Access token expired: refresh and retry. */
  tokenExpired: { code: 'auth/token-expired', status: 401 },
  /** No session (missing, revoked or idle for 3 hours). */
  noUser: { code: 'auth/no-user', status: 401 },
  /** Sign-in of a user who has not confirmed the e-mailed code. */
  userNotConfirmed: { code: 'UserNotConfirmedException', status: 403 },
  userDeactivated: { code: 'auth/user-deactivated', status: 403 },
  codeMismatch: { code: 'auth/code-mismatch', status: 400 },
  codeExpired: { code: 'auth/code-expired', status: 400 },
  tooManyAttempts: { code: 'auth/too-many-attempts', status: 400 },
  alreadyConfirmed: { code: 'auth/already-confirmed', status: 400 },
  accountExists: { code: 'auth/account-exists', status: 409 },
  validation: { code: 'validation', status: 400 },
  badRequest: { code: 'bad-request', status: 400 },
  notFound: { code: 'not-found', status: 404 },
  forbidden: { code: 'forbidden', status: 403 },
  rateLimited: { code: 'rate-limited', status: 429 },
  internal: { code: 'internal', status: 500 },
  /** Invitation of an e-mail that is already a member or invited to this team. */
  emailAlreadyAdded: { code: 'team/email-already-added', status: 409 },
  /** Invitation of an e-mail that belongs to another company. */
  joinedAnotherTeam: { code: 'team/joined-another-team', status: 409 },
  /** A dictionary entry's key (name) is taken. */
  dictionaryKeyUsed: { code: 'dictionary/key-used', status: 409 },
  /** A section's key is taken. */
  sectionKeyUsed: { code: 'section/key-used', status: 409 },
  /** Fastify's own refusals, answered with our body. */
  methodNotAllowed: { code: 'method-not-allowed', status: 405 },
  payloadTooLarge: { code: 'payload-too-large', status: 413 },
  unsupportedMediaType: { code: 'unsupported-media-type', status: 415 },
  accountNoCompany: { code: 'account/no-company', status: 404 },
  apiKey: { code: 'api-key', status: 401 },
  companyNotFound: { code: 'company/not-found', status: 404 },
  confirmPageInvalid: { code: 'confirm-page/invalid', status: 400 },
  dictionaryInUse: { code: 'dictionary/in-use', status: 409 },
  dictionaryNotFound: { code: 'dictionary/not-found', status: 400 },
  fileEmpty: { code: 'file/empty', status: 400 },
  fileInUse: { code: 'file/in-use', status: 409 },
  fileMissing: { code: 'file/missing', status: 400 },
  fileNotFound: { code: 'file/not-found', status: 404 },
  fileNotYours: { code: 'file/not-yours', status: 400 },
  fileSame: { code: 'file/same', status: 400 },
  fileTooLarge: { code: 'file/too-large', status: 413 },
  fileType: { code: 'file/type', status: 415 },
  fileUrlExpired: { code: 'file/url-expired', status: 403 },
  fileUrlInvalid: { code: 'file/url-invalid', status: 403 },
  fileUsed: { code: 'file/used', status: 409 },
  formInvalid: { code: 'form/invalid', status: 400 },
  formSystemFields: { code: 'form/system-fields', status: 400 },
  invitationEmailMismatch: { code: 'invitation/email-mismatch', status: 400 },
  invitationExpired: { code: 'invitation/expired', status: 410 },
  invitationNotFound: { code: 'invitation/not-found', status: 404 },
  invitationRevoked: { code: 'invitation/revoked', status: 409 },
  invitationUsed: { code: 'invitation/used', status: 409 },
  mailNotFound: { code: 'mail/not-found', status: 404 },
  mailNotRetryable: { code: 'mail/not-retryable', status: 409 },
  mappingEmpty: { code: 'mapping/empty', status: 400 },
  mappingInvalid: { code: 'mapping/invalid', status: 400 },
  pdfBusy: { code: 'pdf/busy', status: 503 },
  pdfDamaged: { code: 'pdf/damaged', status: 422 },
  pdfEncrypted: { code: 'pdf/encrypted', status: 422 },
  pdfFailed: { code: 'pdf/failed', status: 500 },
  pdfNoPages: { code: 'pdf/no-pages', status: 422 },
  pdfNotPdf: { code: 'pdf/not-pdf', status: 415 },
  pdfTooComplex: { code: 'pdf/too-complex', status: 422 },
  pdfTooManyPages: { code: 'pdf/too-many-pages', status: 422 },
  permissionUnknownUser: { code: 'permission/unknown-user', status: 400 },
  profileEmailMismatch: { code: 'profile/email-mismatch', status: 400 },
  reviewInvalidImage: { code: 'review/invalid-image', status: 400 },
  sectionNotFound: { code: 'section/not-found', status: 400 },
  ownMembership: { code: 'team/own-membership', status: 400 },
  userQuota: { code: 'team/user-quota', status: 409 },
  templateNameUsed: { code: 'template/name-used', status: 409 },
  templateNotFound: { code: 'template/not-found', status: 404 },
  templatePage: { code: 'template/page', status: 400 },
  /** Activating a master form that has no published version (decision 030). */
  masterFormNotPublished: { code: 'master-form/not-published', status: 409 },
  pdfXfa: { code: 'pdf/xfa', status: 422 },
  /** The gateway refused the card (declined, CVC, expired): the spec's card validation text; nothing changed. */
  cardValidation: { code: 'billing/card-validation', status: 402 },
  /** A paid plan needs a card and none is saved. */
  cardRequired: { code: 'billing/card-required', status: 400 },
  /** The plan change is not possible now (trial used, same plan, nothing to cancel, refund of an unpaid charge). */
  billingState: { code: 'billing/state', status: 409 },
  /** A smaller plan while the team uses more than it allows: the message says what to deactivate. */
  downgradeOverQuota: { code: 'billing/over-quota', status: 409 },
  /** The plan's renewal failed and is being retried: the time-subscription check says so. */
  billingPastDue: { code: 'billing/past-due', status: 402 },
  /** The payment gateway did not answer; nothing was recorded as paid. */
  paymentGateway: { code: 'billing/gateway', status: 502 },
  /** Custom forms (issue 11; decision 035). */
  customFormNotFound: { code: 'custom-form/not-found', status: 404 },
  /** Creating or activating past the plan's form quota. */
  formQuota: { code: 'custom-form/form-quota', status: 409 },
  /** An archived form (its company lost access to the master form) is read-only. */
  customFormArchived: { code: 'custom-form/archived', status: 409 },
  /** An inactive form refuses new applications. */
  customFormInactive: { code: 'custom-form/inactive', status: 409 },
  /** Decision 053: a form with applications is never deleted (they belong to it); it is deactivated instead. */
  customFormHasApplications: { code: 'custom-form/has-applications', status: 409 },
  /** A client field's key is a master field's key. */
  customFormKeyExists: { code: 'custom-form/key-exists', status: 400 },
  /** A default value or owner's e-mail field the field's own validation refuses. */
  customFormInvalidValue: { code: 'custom-form/invalid-value', status: 400 },
  /** Update from the master asked with no newer master version. */
  customFormNoUpdate: { code: 'custom-form/no-update', status: 409 },
  // coupons and the admin back office (decision 033)
  couponNotFound: { code: 'coupon/not-found', status: 404 },
  /** Spec 2 §8 'This coupon is expired': past its expiry, it cannot be applied any more. */
  couponExpired: { code: 'coupon/expired', status: 409 },
  couponLimitReached: { code: 'coupon/limit-reached', status: 409 },
  /** Spec 2 §8: a coupon used and removed cannot be used again by that company. */
  couponUsedBefore: { code: 'coupon/used-before', status: 409 },
  /** One coupon per company at a time. */
  companyHasCoupon: { code: 'coupon/company-has-coupon', status: 409 },
  couponNotApplied: { code: 'coupon/not-applied', status: 404 },
  couponCodeUsed: { code: 'coupon/code-used', status: 409 },
  /** Code, discount and duration of a coupon that has been applied cannot change. */
  couponLocked: { code: 'coupon/locked', status: 409 },
  /** The last active admin user cannot be deactivated. */
  lastActiveAdmin: { code: 'admin-user/last-active', status: 409 },
  adminUserExists: { code: 'admin-user/exists', status: 409 },
  // applications and applicant links (issue 12)
  applicationNotFound: { code: 'application/not-found', status: 404 },
  /** Issue 14: a team note of the application that is not there (or another application's). */
  noteNotFound: { code: 'application/note-not-found', status: 404 },
  /** Issue 14: a note may be deleted by its author or a client ADMINISTRATOR. */
  noteNotYours: { code: 'application/note-not-yours', status: 403 },
  /** Issue 14 saved views: the user's own only. */
  savedViewNotFound: { code: 'saved-view/not-found', status: 404 },
  savedViewExists: { code: 'saved-view/exists', status: 409 },
  savedViewLimit: { code: 'saved-view/limit', status: 409 },
  /** Spec 2 §8 'The URL is expired': an applicant link past its end, revoked by a fresh one, or of a removed owner. */
  applicationLinkExpired: { code: 'application/link-expired', status: 410 },
  /** Spec 2 §8 'Version Form Incorrect': the form version a re-submit link names is gone. */
  applicationVersionGone: { code: 'application/version-gone', status: 410 },
  /** The stored draft moved on since the browser's copy (another tab or device): nothing was written. */
  applicationRevisionConflict: { code: 'application/revision-conflict', status: 409 },
  /** An e-mail already has the most open (unsubmitted) applications one e-mail may have on one form. */
  applicationOpenLimit: { code: 'application/open-limit', status: 409 },
  /** The invitation's primary e-mail is neither 'primary' nor an e-mail address. */
  applicationInvalidPrimaryEmail: { code: 'application/invalid-primary-email', status: 400 },
  /** The applicant vault: no valid x-vault-token (missing, unknown, expired, or the vault was deleted). */
  vaultLocked: { code: 'vault/locked', status: 401 },
  // additional owners and applicant links (issue 12; decision 037)
  /** Only the primary applicant's link may name owners or re-send their links. */
  applicationPrimaryOnly: { code: 'application/primary-only', status: 403 },
  /** Owners change only while the application is not submitted (draft, invite_sent). */
  applicationOwnersClosed: { code: 'application/owners-closed', status: 409 },
  /** An owner id that is not a current additional owner of the application. */
  applicationOwnerNotFound: { code: 'application/owner-not-found', status: 404 },
  /** A status change the application's current status does not allow (decision 042): nothing was changed. */
  applicationStatusTransition: { code: 'application/status-transition', status: 409 },
  /** A submitted or decided application: the applicant edits nothing (decision 036). */
  applicationNotEditable: { code: 'application/not-editable', status: 409 },
  /** Decision 052: repopulate of an application already on its form's latest version. */
  applicationAlreadyLatest: { code: 'application/already-latest', status: 409 },
  /** Spec 1 §4: a blocked application cannot be submitted. */
  applicationBlocked: { code: 'application/blocked', status: 409 },
  /** A value that breaks a field's rule (the paths in `errors`). */
  applicationInvalid: { code: 'application/invalid', status: 422 },
  /** The primary submits before every additional owner completed their part. */
  applicationOwnersIncomplete: { code: 'application/owners-incomplete', status: 422 },
  /** A write to a field the caller's owner role may not edit: refused by path, nothing written. */
  applicationFieldNotEditable: { code: 'application/field-not-editable', status: 403 },
  /** Spec 2 §8 'Missing Required Fields': the paths in `errors`. */
  applicationMissingFields: { code: 'application/missing-fields', status: 422 },
  // signatures and documents (issue 13)
  /** The signing code e-mailed to the owner is wrong, used, expired, or guessed wrong too often. */
  signCodeInvalid: { code: 'sign/code-invalid', status: 400 },
  /** The application is not waiting for signatures (not submitted, or every owner signed). */
  signNotOpen: { code: 'sign/not-open', status: 409 },
  /** The owner's current signature stands: nothing was written. */
  signAlreadySigned: { code: 'sign/already-signed', status: 409 },
  /** A signature or initials image that is not a readable PNG at least SIGNATURE_MIN_WIDTH wide. */
  signatureInvalid: { code: 'sign/signature-invalid', status: 400 },
  /** The confirm page's e-mail is not the owner's own, or a required item is missing. */
  signItemsInvalid: { code: 'sign/items-invalid', status: 400 },
  documentNotFound: { code: 'document/not-found', status: 404 },
  attachmentNotFound: { code: 'attachment/not-found', status: 404 },
  /** The final documents exist only once every owner signed. */
  documentsNotReady: { code: 'document/not-ready', status: 409 },
  /** POST /api/public/verify: the body is not a PDF. */
  verifyNotPdf: { code: 'verify/not-pdf', status: 400 },
  /**
   * POST /api/public/verify: the file starts like a PDF but could not be checked: it does not end as a PDF, or
   * reading it passed the time or memory limit of the PDF workers (decision 055).
   */
  verifyUnreadable: { code: 'verify/unreadable', status: 422 },
} as const satisfies Record<string, { code: string; status: number }>;

export type ErrorName = keyof typeof ERRORS;
export type ErrorCode = (typeof ERRORS)[ErrorName]['code'];

/** The codes by name (`ERROR_CODES.noUser === 'auth/no-user'`). */
export const ERROR_CODES = Object.fromEntries(Object.entries(ERRORS).map(([name, e]) => [name, e.code])) as {
  readonly [N in ErrorName]: (typeof ERRORS)[N]['code'];
};

const STATUS_BY_CODE: ReadonlyMap<string, number> = new Map(Object.values(ERRORS).map((e) => [e.code, e.status]));

/** The HTTP status of an error code. */
export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE.get(code) ?? 500;
}
