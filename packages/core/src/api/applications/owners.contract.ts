import {
  ApplicationParamsSchema,
  CodeQuerySchema,
  OwnerParamsSchema,
  OwnersResponseSchema,
  RequestLinkBodySchema,
  SetOwnersBodySchema,
} from '../../applications/application.schema';
import { endpoint } from '../contract';

const tag = 'applicant';

/** The owners of an application (issue 10): the primary names them, resends an owner's link; anyone asks for a fresh link. */
export const OWNERS_API = {
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
