import { z } from 'zod';
import { ADMIN_ACCOUNTS_MESSAGES } from '../admin-accounts/admin-accounts-messages';
import { COUPON_MESSAGES } from '../coupons/coupon-messages';
import { CARDCONNECT_MESSAGES } from '../integrations/cardconnect-messages';
import { INTEGRATION_MESSAGES } from '../integrations/connection-messages';
import { SF_MAPPING_MESSAGES } from '../integrations/salesforce-mapping-messages';
import { MESSAGES } from '../messages';

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
 * Every error the API answers, by name: the `code` of its body, its HTTP status and, where the spec gives one text
 * for it, its default `message`, in one place. Services throw `new AppError(ERROR_CODES.name)` and the status and
 * text come from here; a site passes its own message only where the spec words that situation differently
 * (decision 066). Without a default, the status's text of spec 2 §8. The web compares `ERROR_CODES.name`, never a
 * string literal.
 */
export const ERRORS = {
  /**
   * Sign-in with an unknown e-mail or a wrong password: one code for both, so the answer does not tell which
   * e-mails have accounts (decision 019). Its message is the spec's "Invalid email or password".
   */
  invalidCredentials: { code: 'auth/invalid-credentials', status: 401, message: MESSAGES.invalidCredentials },
  /** Signed in with a user of the other pool, or a token of the other pool. */
  permissionDenied: { code: 'auth/permission-denied', status: 403 },
  /** Access token expired: refresh and retry. */
  tokenExpired: { code: 'auth/token-expired', status: 401, message: MESSAGES.tokenExpired },
  /** No session (missing, revoked or idle for 3 hours). */
  noUser: { code: 'auth/no-user', status: 401, message: MESSAGES.noCurrentUser },
  /** Sign-in of a user who has not confirmed the e-mailed code. */
  userNotConfirmed: { code: 'UserNotConfirmedException', status: 403, message: MESSAGES.userNotConfirmed },
  userDeactivated: { code: 'auth/user-deactivated', status: 403, message: MESSAGES.userDeactivated },
  codeMismatch: { code: 'auth/code-mismatch', status: 400, message: MESSAGES.codeInvalid },
  codeExpired: { code: 'auth/code-expired', status: 400, message: MESSAGES.codeExpired },
  tooManyAttempts: { code: 'auth/too-many-attempts', status: 400, message: MESSAGES.codeTooManyAttempts },
  alreadyConfirmed: { code: 'auth/already-confirmed', status: 400, message: MESSAGES.alreadyConfirmed },
  accountExists: { code: 'auth/account-exists', status: 409, message: MESSAGES.accountAlreadyExists },
  validation: { code: 'validation', status: 400 },
  badRequest: { code: 'bad-request', status: 400 },
  notFound: { code: 'not-found', status: 404 },
  forbidden: { code: 'forbidden', status: 403 },
  rateLimited: { code: 'rate-limited', status: 429 },
  internal: { code: 'internal', status: 500 },
  /** Invitation of an e-mail that is already a member or invited to this team. */
  emailAlreadyAdded: { code: 'team/email-already-added', status: 409, message: MESSAGES.emailAlreadyAdded },
  /** Invitation of an e-mail that belongs to another company. */
  joinedAnotherTeam: { code: 'team/joined-another-team', status: 409 },
  /** A dictionary entry's key (name) is taken. */
  dictionaryKeyUsed: { code: 'dictionary/key-used', status: 409, message: MESSAGES.dictionaryKeyUsed },
  /** A section's key is taken. */
  sectionKeyUsed: { code: 'section/key-used', status: 409, message: MESSAGES.sectionKeyUsed },
  /** Fastify's own refusals, answered with our body. */
  methodNotAllowed: { code: 'method-not-allowed', status: 405 },
  payloadTooLarge: { code: 'payload-too-large', status: 413 },
  unsupportedMediaType: { code: 'unsupported-media-type', status: 415 },
  accountNoCompany: { code: 'account/no-company', status: 404, message: MESSAGES.companyRequired },
  apiKey: { code: 'api-key', status: 401 },
  companyNotFound: { code: 'company/not-found', status: 404 },
  confirmPageInvalid: { code: 'confirm-page/invalid', status: 400 },
  dictionaryInUse: { code: 'dictionary/in-use', status: 409 },
  dictionaryNotFound: { code: 'dictionary/not-found', status: 400, message: MESSAGES.dictionaryNotFound },
  fileEmpty: { code: 'file/empty', status: 400, message: MESSAGES.fileEmpty },
  fileInUse: { code: 'file/in-use', status: 409, message: MESSAGES.fileInUse },
  fileMissing: { code: 'file/missing', status: 400, message: MESSAGES.fileMissing },
  fileNotFound: { code: 'file/not-found', status: 404, message: MESSAGES.fileMissing },
  fileNotYours: { code: 'file/not-yours', status: 400 },
  fileSame: { code: 'file/same', status: 400, message: MESSAGES.pdfFileUrlInvalid },
  fileTooLarge: { code: 'file/too-large', status: 413, message: MESSAGES.fileTooLarge },
  fileType: { code: 'file/type', status: 415, message: MESSAGES.fileTypeNotSupported },
  fileUrlExpired: { code: 'file/url-expired', status: 403, message: MESSAGES.urlExpired },
  fileUrlInvalid: { code: 'file/url-invalid', status: 403, message: MESSAGES.urlExpired },
  fileUsed: { code: 'file/used', status: 409, message: MESSAGES.urlExpired },
  formInvalid: { code: 'form/invalid', status: 400 },
  formSystemFields: { code: 'form/system-fields', status: 400 },
  invitationEmailMismatch: { code: 'invitation/email-mismatch', status: 400 },
  invitationExpired: { code: 'invitation/expired', status: 410, message: MESSAGES.invitationExpired },
  invitationNotFound: { code: 'invitation/not-found', status: 404, message: MESSAGES.invitationNotFound },
  invitationRevoked: { code: 'invitation/revoked', status: 409, message: MESSAGES.invitationRevoked },
  invitationUsed: { code: 'invitation/used', status: 409, message: MESSAGES.invitationUsed },
  mailNotFound: { code: 'mail/not-found', status: 404, message: MESSAGES.mailNotFound },
  mailNotRetryable: { code: 'mail/not-retryable', status: 409, message: MESSAGES.mailNotRetryable },
  mappingEmpty: { code: 'mapping/empty', status: 400, message: MESSAGES.mappingEmpty },
  mappingInvalid: { code: 'mapping/invalid', status: 400, message: MESSAGES.mappingInvalid },
  pdfBusy: { code: 'pdf/busy', status: 503, message: MESSAGES.pdfBusy },
  pdfDamaged: { code: 'pdf/damaged', status: 422, message: MESSAGES.pdfDamaged },
  pdfEncrypted: { code: 'pdf/encrypted', status: 422, message: MESSAGES.pdfEncrypted },
  pdfFailed: { code: 'pdf/failed', status: 500 },
  pdfNoPages: { code: 'pdf/no-pages', status: 422, message: MESSAGES.pdfNoPages },
  pdfNotPdf: { code: 'pdf/not-pdf', status: 415, message: MESSAGES.pdfNotPdf },
  pdfTooComplex: { code: 'pdf/too-complex', status: 422, message: MESSAGES.pdfTooComplex },
  pdfTooManyPages: { code: 'pdf/too-many-pages', status: 422, message: MESSAGES.pdfTooManyPages },
  permissionUnknownUser: { code: 'permission/unknown-user', status: 400 },
  profileEmailMismatch: { code: 'profile/email-mismatch', status: 400, message: MESSAGES.profileEmailMismatch },
  reviewInvalidImage: { code: 'review/invalid-image', status: 400, message: MESSAGES.invalidValue },
  sectionNotFound: { code: 'section/not-found', status: 400, message: MESSAGES.sectionNotFound },
  ownMembership: { code: 'team/own-membership', status: 400 },
  userQuota: { code: 'team/user-quota', status: 409, message: MESSAGES.userQuotaInvite },
  templateNameUsed: { code: 'template/name-used', status: 409, message: MESSAGES.templateNameUsed },
  templateNotFound: { code: 'template/not-found', status: 404, message: MESSAGES.templateNotFound },
  templatePage: { code: 'template/page', status: 400 },
  /** Activating a master form that has no published version (decision 030). */
  masterFormNotPublished: { code: 'master-form/not-published', status: 409, message: MESSAGES.masterFormNotPublished },
  pdfXfa: { code: 'pdf/xfa', status: 422, message: MESSAGES.pdfXfa },
  /** The gateway refused the card (declined, CVC, expired): the spec's card validation text; nothing changed. */
  cardValidation: { code: 'billing/card-validation', status: 402 },
  /** A paid plan needs a card and none is saved. */
  cardRequired: { code: 'billing/card-required', status: 400, message: MESSAGES.cardRequired },
  /** The plan change is not possible now (trial used, same plan, nothing to cancel, refund of an unpaid charge). */
  billingState: { code: 'billing/state', status: 409, message: MESSAGES.billingChanged },
  /** A smaller plan while the team uses more than it allows: the message says what to deactivate. */
  downgradeOverQuota: { code: 'billing/over-quota', status: 409 },
  /** The plan's renewal failed and is being retried: the time-subscription check says so. */
  billingPastDue: { code: 'billing/past-due', status: 402 },
  /** The payment gateway did not answer; nothing was recorded as paid. */
  paymentGateway: { code: 'billing/gateway', status: 502, message: MESSAGES.paymentGatewayUnavailable },
  /** Custom forms (issue 11; decision 035). */
  customFormNotFound: { code: 'custom-form/not-found', status: 404, message: MESSAGES.customFormNotFound },
  /** Creating or activating past the plan's form quota. */
  formQuota: { code: 'custom-form/form-quota', status: 409 },
  /** An archived form (its company lost access to the master form) is read-only. */
  customFormArchived: { code: 'custom-form/archived', status: 409, message: MESSAGES.customFormArchived },
  /** An inactive form refuses new applications. */
  customFormInactive: { code: 'custom-form/inactive', status: 409, message: MESSAGES.inactiveForm },
  /** Decision 053: a form with applications is never deleted (they belong to it); it is deactivated instead. */
  customFormHasApplications: {
    code: 'custom-form/has-applications',
    status: 409,
    message: MESSAGES.customFormHasApplications,
  },
  /** A client field's key is a master field's key. */
  customFormKeyExists: { code: 'custom-form/key-exists', status: 400 },
  /** A default value or owner's e-mail field the field's own validation refuses. */
  customFormInvalidValue: { code: 'custom-form/invalid-value', status: 400 },
  /** Update from the master asked with no newer master version. */
  customFormNoUpdate: { code: 'custom-form/no-update', status: 409, message: MESSAGES.customFormNoUpdate },
  // coupons and the admin back office (decision 033)
  couponNotFound: { code: 'coupon/not-found', status: 404, message: COUPON_MESSAGES.notFound },
  /** Spec 2 §8 'This coupon is expired': past its expiry, it cannot be applied any more. */
  couponExpired: { code: 'coupon/expired', status: 409, message: COUPON_MESSAGES.expired },
  couponLimitReached: { code: 'coupon/limit-reached', status: 409, message: COUPON_MESSAGES.limitReached },
  /** Spec 2 §8: a coupon used and removed cannot be used again by that company. */
  couponUsedBefore: { code: 'coupon/used-before', status: 409, message: COUPON_MESSAGES.usedBefore },
  /** One coupon per company at a time. */
  companyHasCoupon: { code: 'coupon/company-has-coupon', status: 409, message: COUPON_MESSAGES.companyHasCoupon },
  couponNotApplied: { code: 'coupon/not-applied', status: 404, message: COUPON_MESSAGES.notApplied },
  couponCodeUsed: { code: 'coupon/code-used', status: 409, message: COUPON_MESSAGES.codeUsed },
  /** Code, discount and duration of a coupon that has been applied cannot change. */
  couponLocked: { code: 'coupon/locked', status: 409, message: COUPON_MESSAGES.lockedOnceUsed },
  /** The last active admin user cannot be deactivated. */
  lastActiveAdmin: { code: 'admin-user/last-active', status: 409, message: ADMIN_ACCOUNTS_MESSAGES.lastActiveAdmin },
  adminUserExists: { code: 'admin-user/exists', status: 409, message: ADMIN_ACCOUNTS_MESSAGES.adminExists },
  // applications and applicant links (issue 12)
  applicationNotFound: { code: 'application/not-found', status: 404 },
  /** Issue 14: a team note of the application that is not there (or another application's). */
  noteNotFound: { code: 'application/note-not-found', status: 404 },
  /** Issue 14: a note may be deleted by its author or a client ADMINISTRATOR. */
  noteNotYours: { code: 'application/note-not-yours', status: 403, message: MESSAGES.noteNotYours },
  /** Issue 14 saved views: the user's own only. */
  savedViewNotFound: { code: 'saved-view/not-found', status: 404 },
  savedViewExists: { code: 'saved-view/exists', status: 409, message: MESSAGES.savedViewExists },
  savedViewLimit: { code: 'saved-view/limit', status: 409, message: MESSAGES.savedViewLimit },
  /** Spec 2 §8 'The URL is expired': an applicant link past its end, revoked by a fresh one, or of a removed owner. */
  applicationLinkExpired: { code: 'application/link-expired', status: 410, message: MESSAGES.urlExpired },
  /** Spec 2 §8 'Version Form Incorrect': the form version a re-submit link names is gone. */
  applicationVersionGone: { code: 'application/version-gone', status: 410, message: MESSAGES.versionFormIncorrect },
  /** The stored draft moved on since the browser's copy (another tab or device): nothing was written. */
  applicationRevisionConflict: { code: 'application/revision-conflict', status: 409 },
  /** An e-mail already has the most open (unsubmitted) applications one e-mail may have on one form. */
  applicationOpenLimit: { code: 'application/open-limit', status: 409 },
  /** The invitation's primary e-mail is neither 'primary' nor an e-mail address. */
  applicationInvalidPrimaryEmail: {
    code: 'application/invalid-primary-email',
    status: 400,
    message: MESSAGES.invalidPrimaryEmail,
  },
  /** The applicant vault: no valid x-vault-token (missing, unknown, expired, or the vault was deleted). */
  vaultLocked: { code: 'vault/locked', status: 401, message: MESSAGES.vaultLocked },
  // additional owners and applicant links (issue 12; decision 037)
  /** Only the primary applicant's link may name owners or re-send their links. */
  applicationPrimaryOnly: { code: 'application/primary-only', status: 403, message: MESSAGES.ownersPrimaryOnly },
  /** Owners change only while the application is not submitted (draft, invite_sent). */
  applicationOwnersClosed: { code: 'application/owners-closed', status: 409, message: MESSAGES.ownersClosed },
  /** An owner id that is not a current additional owner of the application. */
  applicationOwnerNotFound: { code: 'application/owner-not-found', status: 404, message: MESSAGES.ownerNotFound },
  /** A status change the application's current status does not allow (decision 042): nothing was changed. */
  applicationStatusTransition: { code: 'application/status-transition', status: 409 },
  /** A submitted or decided application: the applicant edits nothing (decision 036). */
  applicationNotEditable: { code: 'application/not-editable', status: 409, message: MESSAGES.applicationNotEditable },
  /** Decision 052: repopulate of an application already on its form's latest version. */
  applicationAlreadyLatest: {
    code: 'application/already-latest',
    status: 409,
    message: MESSAGES.repopulateAlreadyLatest,
  },
  /** Spec 1 §4: a blocked application cannot be submitted. */
  applicationBlocked: { code: 'application/blocked', status: 409 },
  /** A value that breaks a field's rule (the paths in `errors`). */
  applicationInvalid: { code: 'application/invalid', status: 422 },
  /** The primary submits before every additional owner completed their part. */
  applicationOwnersIncomplete: { code: 'application/owners-incomplete', status: 422 },
  /** A write to a field the caller's owner role may not edit: refused by path, nothing written. */
  applicationFieldNotEditable: { code: 'application/field-not-editable', status: 403 },
  /** Spec 2 §8 'Missing Required Fields': the paths in `errors`. */
  applicationMissingFields: {
    code: 'application/missing-fields',
    status: 422,
    message: MESSAGES.missingRequiredFields,
  },
  // signatures and documents (issue 13)
  /** The signing code e-mailed to the owner is wrong, used, expired, or guessed wrong too often. */
  signCodeInvalid: { code: 'sign/code-invalid', status: 400, message: MESSAGES.signCodeInvalid },
  /** The application is not waiting for signatures (not submitted, or every owner signed). */
  signNotOpen: { code: 'sign/not-open', status: 409, message: MESSAGES.signNotOpen },
  /** The owner's current signature stands: nothing was written. */
  signAlreadySigned: { code: 'sign/already-signed', status: 409, message: MESSAGES.signAlreadySigned },
  /** A signature or initials image that is not a readable PNG at least SIGNATURE_MIN_WIDTH wide. */
  signatureInvalid: { code: 'sign/signature-invalid', status: 400, message: MESSAGES.signatureInvalid },
  /** The confirm page's e-mail is not the owner's own, or a required item is missing. */
  signItemsInvalid: { code: 'sign/items-invalid', status: 400 },
  documentNotFound: { code: 'document/not-found', status: 404, message: MESSAGES.documentNotFound },
  attachmentNotFound: { code: 'attachment/not-found', status: 404, message: MESSAGES.attachmentNotFound },
  /** The final documents exist only once every owner signed. */
  documentsNotReady: { code: 'document/not-ready', status: 409, message: MESSAGES.documentsNotReady },
  /** POST /api/public/verify: the body is not a PDF. */
  verifyNotPdf: { code: 'verify/not-pdf', status: 400, message: MESSAGES.verifyNotPdf },
  /**
   * POST /api/public/verify: the file starts like a PDF but could not be checked: it does not end as a PDF, or
   * reading it passed the time or memory limit of the PDF workers (decision 055).
   */
  verifyUnreadable: { code: 'verify/unreadable', status: 422, message: MESSAGES.verifyUnreadable },
  // integrations' connections (issue #23; decision 073)
  /** Spec 1 §6: the company's plan lacks the feature (the CRM integration: the plan's `salesForce` flag). */
  upgradeRequired: { code: 'plan/upgrade-required', status: 403, message: MESSAGES.upgradeRequired },
  /** The Salesforce domain is not a Salesforce login domain (nor a configured test host). */
  integrationDomain: { code: 'integration/domain', status: 400, message: INTEGRATION_MESSAGES.domainNotAllowed },
  /** Spec 2 §8 "Expired authorization code": the code is expired or was used. */
  integrationExpiredCode: {
    code: 'integration/expired-code',
    status: 400,
    message: INTEGRATION_MESSAGES.expiredCode,
  },
  /** Salesforce refused the consumer key or secret: enter them again. */
  integrationInvalidClient: {
    code: 'integration/invalid-client',
    status: 400,
    message: INTEGRATION_MESSAGES.invalidClient,
  },
  /** The connection's refresh token is dead (expired, revoked, reused): Update Token. */
  integrationExpired: { code: 'integration/expired', status: 409, message: INTEGRATION_MESSAGES.connectionExpired },
  /**
   * Spec 2 §8 "Connection Failed !": Salesforce could not be reached or answered something else. 424, not 502: the
   * web shows a 502 as "the server is unavailable", and this is the provider's failure, said in the spec's words.
   */
  integrationFailed: { code: 'integration/failed', status: 424, message: INTEGRATION_MESSAGES.connectionFailed },
  /** The OAuth `state` is unknown, used, expired or another person's: nothing was exchanged. */
  integrationState: { code: 'integration/state', status: 400, message: INTEGRATION_MESSAGES.stateInvalid },
  integrationNotConnected: {
    code: 'integration/not-connected',
    status: 409,
    message: INTEGRATION_MESSAGES.notConnected,
  },
  integrationTurnedOff: {
    code: 'integration/turned-off',
    status: 409,
    message: INTEGRATION_MESSAGES.alreadyTurnedOff,
  },
  /** An integration kind without a connection here yet (the card processors: the next issue). */
  integrationNotAvailable: {
    code: 'integration/not-available',
    status: 409,
    message: INTEGRATION_MESSAGES.notAvailable,
  },
  // CardConnect (issue #24 §1; decision 083)
  /** The token endpoint refused the username or password. */
  cardConnectInvalidCredentials: {
    code: 'cardconnect/invalid-credentials',
    status: 400,
    message: CARDCONNECT_MESSAGES.invalidCredentials,
  },
  /** The token endpoint refused the client id or client secret key. */
  cardConnectInvalidClient: {
    code: 'cardconnect/invalid-client',
    status: 400,
    message: CARDCONNECT_MESSAGES.invalidClient,
  },
  // Salesforce mapping (issue #23; decision 075)
  /** The company's Salesforce connection cannot be used now (not connected, expired, turned off): says which. */
  integrationUnavailable: { code: 'integration/unavailable', status: 409 },
  /** The platform does not let the company's forms of this template use integrations (decision 078). */
  integrationNotPermitted: {
    code: 'integration/not-permitted',
    status: 403,
    message: INTEGRATION_MESSAGES.notPermitted,
  },
  /**
   * Salesforce did not answer as it should (unavailable, over its limit, or failed); the detail is logged. 424 as
   * integrationFailed: the web shows a 502 as "the server is unavailable".
   */
  salesforceUnavailable: { code: 'salesforce/unavailable', status: 424, message: SF_MAPPING_MESSAGES.unavailable },
  /** The Salesforce object is not there (or not visible to the connected user). */
  salesforceObjectNotFound: { code: 'salesforce/object-not-found', status: 404 },
  /** A mapping with unknown fields or incompatible pairs: each problem in `errors`, with its reason. */
  salesforceMappingInvalid: {
    code: 'salesforce/mapping-invalid',
    status: 400,
    message: SF_MAPPING_MESSAGES.mappingInvalid,
  },
} as const satisfies Record<string, { code: string; status: number; message?: string }>;

export type ErrorName = keyof typeof ERRORS;
export type ErrorCode = (typeof ERRORS)[ErrorName]['code'];

/** The codes by name (`ERROR_CODES.noUser === 'auth/no-user'`). */
export const ERROR_CODES = Object.fromEntries(Object.entries(ERRORS).map(([name, e]) => [name, e.code])) as {
  readonly [N in ErrorName]: (typeof ERRORS)[N]['code'];
};

const STATUS_BY_CODE: ReadonlyMap<string, number> = new Map(Object.values(ERRORS).map((e) => [e.code, e.status]));

const MESSAGE_BY_CODE: ReadonlyMap<string, string> = new Map(
  Object.values(ERRORS).flatMap((e) => ('message' in e ? [[e.code, e.message] as const] : [])),
);

/** The default text of an error code (undefined: the status's text). */
export function defaultMessageOf(code: ErrorCode): string | undefined {
  return MESSAGE_BY_CODE.get(code);
}

/** The HTTP status of an error code. */
export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE.get(code) ?? 500;
}
