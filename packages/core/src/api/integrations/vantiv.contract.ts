import {
  VantivCredentialsBodySchema,
  VantivStageBodySchema,
  VantivStageParamsSchema,
  VantivStageResultSchema,
  VantivViewSchema,
} from '../../integrations/vantiv.schema';
import { endpoint } from '../contract';

const tag = 'integrations';

/** Worldpay/Vantiv PayFac merchant staging (issue #24 §2; decision 088). */
export const VANTIV_API = {
  get: endpoint({
    method: 'GET',
    path: '/api/companies/vantiv',
    response: VantivViewSchema,
    tag,
    summary: "The company's Worldpay/Vantiv setup: its state and the credentials' masks",
  }),
  integrate: endpoint({
    method: 'POST',
    path: '/api/companies/vantiv',
    body: VantivCredentialsBodySchema,
    response: VantivViewSchema,
    tag,
    summary: "Keeps the company's Worldpay PayFac credentials sealed (write-only, answered as masks) and turns it on",
  }),
  stage: endpoint({
    method: 'POST',
    path: '/api/vantiv/stage',
    body: VantivStageBodySchema,
    response: VantivStageResultSchema,
    tag,
    summary:
      "Stages the application's merchant with Worldpay's PayFac Merchant Provisioner: a legal entity, then a sub-merchant",
  }),
  lastStage: endpoint({
    method: 'GET',
    path: '/api/vantiv/stage/:applicationId',
    params: VantivStageParamsSchema,
    response: VantivStageResultSchema,
    tag,
    summary: "The application's last Worldpay staging (its outcome in words)",
  }),
} as const;
