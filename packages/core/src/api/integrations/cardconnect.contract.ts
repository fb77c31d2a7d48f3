import { z } from 'zod';
import {
  CardConnectCredentialsBodySchema,
  CardConnectStatusBodySchema,
  CardConnectViewSchema,
  CcMapperBodySchema,
  CcMapperViewSchema,
} from '../../integrations/cardconnect.schema';
import { CcAttributesSchema } from '../../integrations/cardconnect-attributes';
import { endpoint } from '../contract';

const tag = 'integrations';
const MasterFormParamsSchema = z.strictObject({ masterFormId: z.uuid() });

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
  mapperGet: endpoint({
    method: 'GET',
    path: '/api/card-connect/mapper/:masterFormId',
    params: MasterFormParamsSchema,
    response: CcMapperViewSchema,
    tag,
    summary: "A master form's CardConnect mapping and the form's fields (platform admin)",
  }),
  mapperSave: endpoint({
    method: 'POST',
    path: '/api/card-connect/mapper/:masterFormId',
    params: MasterFormParamsSchema,
    body: CcMapperBodySchema,
    response: CcMapperViewSchema,
    tag,
    summary: "Saves a master form's CardConnect mapping: each form field (or pseudo-field) to one boarding attribute",
  }),
};
