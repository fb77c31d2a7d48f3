import {
  ApplicationParamsSchema,
  InviteBodySchema,
  InviteResponseSchema,
  RevealBodySchema,
  RevealResponseSchema,
} from '../applications/application.schema';
import { endpoint } from './contract';

const tag = 'applications';

/** The institution's calls on applications (spec 2 §7 "Applications (client)"); issue 14 adds the lists. */
export const APPLICATIONS_API = {
  invite: endpoint({
    method: 'POST',
    path: '/api/applications/invite',
    body: InviteBodySchema,
    status: 201,
    response: InviteResponseSchema,
    tag,
    summary: 'Invite a customer to a form: the application starts as invite_sent and the e-mail carries the link',
  }),
  reveal: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/reveal',
    params: ApplicationParamsSchema,
    body: RevealBodySchema,
    response: RevealResponseSchema,
    tag,
    summary: 'A client ADMINISTRATOR reveals one encrypted value (audited)',
  }),
} as const;
