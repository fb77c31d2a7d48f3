import { InviteBodySchema, InviteResponseSchema } from '../../applications/application.schema';
import { endpoint } from '../contract';

const tag = 'applications';

/** The institution invites an applicant to a new application (spec 2 §7 "Applications (client)"). */
export const INVITES_API = {
  invite: endpoint({
    method: 'POST',
    path: '/api/applications/invite',
    body: InviteBodySchema,
    status: 201,
    response: InviteResponseSchema,
    tag,
    summary: 'Invite a customer to a form: the application starts as invite_sent and the e-mail carries the link',
  }),
} as const;
