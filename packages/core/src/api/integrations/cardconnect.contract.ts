import {
  CardConnectCredentialsBodySchema,
  CardConnectStatusBodySchema,
  CardConnectViewSchema,
} from '../../integrations/cardconnect.schema';
import { CcAttributesSchema } from '../../integrations/cardconnect-attributes';
import { endpoint } from '../contract';

const tag = 'integrations';

/** CardConnect (CardPointe CoPilot) boarding (issue #24 §1; decision 083): spec 2 §7's paths. */
export const CARDCONNECT_API = {
  get: endpoint({
    method: 'GET',
    path: '/api/companies/card-connect',
    response: CardConnectViewSchema,
    tag,
    summary: "The company's CardConnect setup: its state and the credentials' masks",
  }),
  integrate: endpoint({
    method: 'POST',
    path: '/api/companies/card-connect',
    body: CardConnectCredentialsBodySchema,
    response: CardConnectViewSchema,
    tag,
    summary: 'Checks the credentials by obtaining a token from CardConnect, then keeps them sealed and turns it on',
  }),
  status: endpoint({
    method: 'PATCH',
    path: '/api/companies/card-connect/status',
    body: CardConnectStatusBodySchema,
    response: CardConnectViewSchema,
    tag,
    summary: "Turns CardConnect off (status inactive): nothing is sent to it and the platform's admins are told",
  }),
  attributes: endpoint({
    method: 'GET',
    path: '/api/cc-attributes',
    response: CcAttributesSchema,
    tag,
    summary:
      "The boarding attributes a form's fields map to: type, limits, enumeration values and the spec's help text",
  }),
};
