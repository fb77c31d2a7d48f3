import {
  ButtonLinkListSchema,
  ButtonLinkParamsSchema,
  ButtonLinkSchema,
  ButtonLinkWithSecretSchema,
  CreateButtonLinkSchema,
  DeliveryListQuerySchema,
  DeliveryListSchema,
  DeliveryParamsSchema,
  DeliverySchema,
  UpdateButtonLinkSchema,
} from '../../integrations/button-links.schema';
import { endpoint } from '../contract';

const tag = 'integrations';

/** Button-link integrations, the platform admin's only (issue #24 §4; decision 084). */
export const BUTTON_LINKS_API = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/button-links',
    response: ButtonLinkListSchema,
    tag,
    summary: "Every company's button-link integrations, secrets masked",
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/button-links',
    body: CreateButtonLinkSchema,
    status: 201,
    response: ButtonLinkWithSecretSchema,
    tag,
    summary: "A button link for a company: the URL's host is its only allowed host; the signing secret shown once",
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/admin/button-links/:buttonLinkId',
    params: ButtonLinkParamsSchema,
    body: UpdateButtonLinkSchema,
    response: ButtonLinkSchema,
    tag,
    summary: 'Rename, change the URL, turn off (one last integration.turned-off event) or on',
  }),
  rotateSecret: endpoint({
    method: 'POST',
    path: '/api/admin/button-links/:buttonLinkId/secret',
    params: ButtonLinkParamsSchema,
    response: ButtonLinkWithSecretSchema,
    tag,
    summary: 'A new signing secret, shown once; deliveries from now on are signed with it',
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/api/admin/button-links/:buttonLinkId/deliveries',
    params: ButtonLinkParamsSchema,
    query: DeliveryListQuerySchema,
    response: DeliveryListSchema,
    tag,
    summary: 'The delivery log, newest first: state, attempts, response code, duration',
  }),
  resend: endpoint({
    method: 'POST',
    path: '/api/admin/button-links/:buttonLinkId/deliveries/:deliveryId/resend',
    params: DeliveryParamsSchema,
    status: 202,
    response: DeliverySchema,
    tag,
    summary: 'A new delivery of the same event (same event id), queued now',
  }),
} as const;
