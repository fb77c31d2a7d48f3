import { ApplicationParamsSchema, CodeQuerySchema } from '../applications/application.schema';
import { ApplicantDocumentListSchema } from '../applications/documents.schema';
import {
  SignBodySchema,
  SignCodeResponseSchema,
  SignReminderBodySchema,
  SignReminderResponseSchema,
  SignResponseSchema,
  SignStatusSchema,
  VerifyResultSchema,
} from '../applications/signing.schema';
import { endpoint } from './contract';

const tag = 'signing';

/**
 * The applicant's signing calls and the public verification of our PDFs (issue 13; spec 2 §7 "sign status",
 * "POST submit PDF review"). Every call needs the x-api-key header; the link's `code` is one owner's capability,
 * and signing also needs the one-time code e-mailed to that owner.
 */
export const SIGNING_API = {
  signStatus: endpoint({
    method: 'GET',
    path: '/api/public/applications/:applicationId/sign-status',
    params: ApplicationParamsSchema,
    query: CodeQuerySchema,
    response: SignStatusSchema,
    tag,
    summary: 'Who has signed, what the caller must provide, whether the documents are ready',
  }),
  // binary answer: application/pdf
  preview: endpoint({
    method: 'GET',
    path: '/api/public/applications/:applicationId/preview',
    params: ApplicationParamsSchema,
    query: CodeQuerySchema,
    tag,
    summary: 'The filled PDF the owner is about to sign (application/pdf, not sealed, marked as a preview)',
  }),
  signCode: endpoint({
    method: 'POST',
    path: '/api/public/applications/:applicationId/sign-code',
    params: ApplicationParamsSchema,
    query: CodeQuerySchema,
    status: 202,
    response: SignCodeResponseSchema,
    tag,
    summary: "E-mails the owner a one-time code to sign with (to the link's own address)",
  }),
  sign: endpoint({
    method: 'POST',
    path: '/api/public/applications/:applicationId/sign',
    params: ApplicationParamsSchema,
    query: CodeQuerySchema,
    body: SignBodySchema,
    response: SignResponseSchema,
    tag,
    summary: "The owner signs with the e-mailed code; the last owner's signature starts the documents' generation",
  }),
  remind: endpoint({
    method: 'POST',
    path: '/api/public/applications/:applicationId/sign-reminders',
    params: ApplicationParamsSchema,
    query: CodeQuerySchema,
    body: SignReminderBodySchema,
    status: 202,
    response: SignReminderResponseSchema,
    tag,
    summary: 'The primary applicant reminds one owner (or every owner who has not signed) to sign',
  }),
  documents: endpoint({
    method: 'GET',
    path: '/api/public/applications/:applicationId/documents',
    params: ApplicationParamsSchema,
    query: CodeQuerySchema,
    response: ApplicantDocumentListSchema,
    tag,
    summary: 'The final sealed PDFs (once every owner signed), each with a short-lived download URL',
  }),
  // body: the PDF's bytes as application/pdf
  verify: endpoint({
    method: 'POST',
    path: '/api/public/verify',
    response: VerifyResultSchema,
    tag,
    summary:
      'Whether we issued a PDF (body: its bytes, application/pdf), for which application and when, and whether it is unchanged',
  }),
} as const;
