import type { DOCUMENTS_API } from '@under/core/api/applications/documents.contract';
import type { SIGNING_API } from '@under/core/api/applications/signing.contract';
import type { ResponseOf } from '@under/core/api/contract';
import type { VERIFY_API } from '@under/core/api/verify.contract';
import type { SignBody } from '@under/core/applications/signing.schema';
import type { ApplicationLink } from '../lib/applicant-api';
import type { ApplicantHttp } from '../lib/applicant-http';

type Api = typeof SIGNING_API & {
  documents: typeof DOCUMENTS_API.applicantDocuments;
  preview: typeof DOCUMENTS_API.preview;
  verify: typeof VERIFY_API.verify;
};

/** Method and path of the signing calls; checked against SIGNING_API in a test. */
export const SIGNING_ROUTES = {
  signStatus: { method: 'GET', path: '/api/public/applications/:applicationId/sign-status' },
  preview: { method: 'GET', path: '/api/public/applications/:applicationId/preview' },
  signCode: { method: 'POST', path: '/api/public/applications/:applicationId/sign-code' },
  sign: { method: 'POST', path: '/api/public/applications/:applicationId/sign' },
  remind: { method: 'POST', path: '/api/public/applications/:applicationId/sign-reminders' },
  documents: { method: 'GET', path: '/api/public/applications/:applicationId/documents' },
  verify: { method: 'POST', path: '/api/public/verify' },
} as const;

export type SignStatusView = ResponseOf<Api['signStatus']>;

/** The signing calls of one owner's link. */
export function createSigningApi(http: ApplicantHttp, link: ApplicationLink) {
  const withCode = { params: { applicationId: link.applicationId }, query: { code: link.code } };
  return {
    status: () => http.call<SignStatusView>(SIGNING_ROUTES.signStatus, withCode),
    signCode: () => http.call<ResponseOf<Api['signCode']>>(SIGNING_ROUTES.signCode, withCode),
    sign: (body: SignBody) => http.call<ResponseOf<Api['sign']>>(SIGNING_ROUTES.sign, { ...withCode, body }),
    remind: (ownerId?: string) =>
      http.call<ResponseOf<Api['remind']>>(SIGNING_ROUTES.remind, { ...withCode, body: ownerId ? { ownerId } : {} }),
    documents: () => http.call<ResponseOf<Api['documents']>>(SIGNING_ROUTES.documents, withCode),
    /** The filled document's bytes (application/pdf). */
    async preview(): Promise<ArrayBuffer> {
      return (await http.raw(SIGNING_ROUTES.preview, withCode)).arrayBuffer();
    },
  };
}
