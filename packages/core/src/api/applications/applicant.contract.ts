import {
  ApplicantApplicationSchema,
  ApplicationParamsSchema,
  CodeQuerySchema,
  CreateDraftBodySchema,
  CreateDraftResponseSchema,
  PresignBodySchema,
  PresignResponseSchema,
  SaveDraftBodySchema,
  SaveDraftResponseSchema,
  SubmitBodySchema,
  SubmitResponseSchema,
} from '../../applications/application.schema';
import { endpoint } from '../contract';

const tag = 'applicant';

/** The applicant's own calls on an application, without a login (spec 2 §7 "Applicant"): start, autosave, submit, read, upload. */
export const APPLICANT_API = {
  createDraft: endpoint({
    method: 'POST',
    path: '/api/public/applications/drafts',
    body: CreateDraftBodySchema,
    status: 201,
    response: CreateDraftResponseSchema,
    tag,
    summary: 'Start an application on an active form: the primary applicant’s link code comes back once',
  }),
  saveDraft: endpoint({
    method: 'PUT',
    path: '/api/public/applications/:applicationId/draft',
    params: ApplicationParamsSchema,
    query: CodeQuerySchema,
    body: SaveDraftBodySchema,
    response: SaveDraftResponseSchema,
    tag,
    summary: 'Autosave: refused with 409 when the stored revision is not the one the browser based its copy on',
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/public/applications/:applicationId/submit',
    params: ApplicationParamsSchema,
    query: CodeQuerySchema,
    body: SubmitBodySchema,
    response: SubmitResponseSchema,
    tag,
    summary: 'Submit (primary) or complete one’s part (additional owner)',
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/public/applications/:applicationId',
    params: ApplicationParamsSchema,
    query: CodeQuerySchema,
    response: ApplicantApplicationSchema,
    tag,
    summary: 'The application as the caller’s link shows it (encrypted values masked)',
  }),
  presign: endpoint({
    method: 'POST',
    path: '/api/public/files/presign',
    body: PresignBodySchema,
    response: PresignResponseSchema,
    tag,
    summary: 'A single-use upload URL for an attachment (png, jpeg, pdf by content; 25 MB)',
  }),
} as const;
