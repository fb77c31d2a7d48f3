import {
  ApplicantApplicationSchema,
  ApplicationParamsSchema,
  CodeQuerySchema,
  CreateDraftBodySchema,
  CreateDraftResponseSchema,
  OwnerParamsSchema,
  OwnersResponseSchema,
  PresignBodySchema,
  PresignResponseSchema,
  RequestLinkBodySchema,
  SaveDraftBodySchema,
  SaveDraftResponseSchema,
  SetOwnersBodySchema,
  SubmitBodySchema,
  SubmitResponseSchema,
} from '../applications/application.schema';
import { endpoint } from './contract';

const tag = 'applicant';

/**
 * The applicant's public calls (spec 2 §7 "Applications (applicant, public)"; issue 12). Every one needs the
 * x-api-key header; the link's `code` (query) is the capability for one owner of one application.
 */
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
  setOwners: endpoint({
    method: 'PUT',
    path: '/api/public/applications/:applicationId/owners',
    params: ApplicationParamsSchema,
    query: CodeQuerySchema,
    body: SetOwnersBodySchema,
    response: OwnersResponseSchema,
    tag,
    summary: 'The primary applicant names the additional owners; each new one is e-mailed their own link',
  }),
  resendOwnerLink: endpoint({
    method: 'POST',
    path: '/api/public/applications/:applicationId/owners/:ownerId/resend',
    params: OwnerParamsSchema,
    query: CodeQuerySchema,
    status: 202,
    tag,
    summary: 'The primary applicant re-sends an owner’s link (a fresh code; the old one stops working)',
  }),
  requestLink: endpoint({
    method: 'POST',
    path: '/api/public/applications/link',
    body: RequestLinkBodySchema,
    status: 202,
    tag,
    summary: 'E-mail a fresh link to an owner on file (an expired link); the same answer whether or not it matched',
  }),
} as const;
