/**
 * Core values the applicant's first page needs, whose own modules also build zod schemas: importing them would
 * bring zod (25 KB gzip) into a bundle that must stay under 120 KB (decision 040). Each is checked equal to core's
 * in applicant-constants.test.ts.
 */
export const AUTOSAVE_DELAY_MS = 1_500;
export const HONEYPOT_FIELD = 'website';
export const DEFAULT_HEADER_TITLE = 'Merchant Processing Application';
export const DEFAULT_HEADER_SUBTITLE =
  'Fill out all the application once and you will never have to fill out another form again!';
export const DEFAULT_HEADER_COLOR = '#4582ec';

/** The error codes the pages react to. */
export const APPLICANT_ERROR_CODES = {
  customFormInactive: 'custom-form/inactive',
  applicationLinkExpired: 'application/link-expired',
  applicationVersionGone: 'application/version-gone',
  applicationRevisionConflict: 'application/revision-conflict',
} as const;

/** Method and path of every call the pages make; checked against the contracts (APPLICANT_API, CUSTOM_FORMS_API). */
export const APPLICANT_ROUTES = {
  form: { method: 'GET', path: '/api/public/custom_forms/:customFormId' },
  get: { method: 'GET', path: '/api/public/applications/:applicationId' },
  createDraft: { method: 'POST', path: '/api/public/applications/drafts' },
  saveDraft: { method: 'PUT', path: '/api/public/applications/:applicationId/draft' },
  submit: { method: 'POST', path: '/api/public/applications/:applicationId/submit' },
  presign: { method: 'POST', path: '/api/public/files/presign' },
  requestLink: { method: 'POST', path: '/api/public/applications/link' },
} as const;

/** Where the primary's submit leaves the link to sign with, for the success page (sessionStorage: this tab only). */
export const SIGN_LINK_KEY = 'under-sign-link';
