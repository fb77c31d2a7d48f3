import { z } from 'zod';
import {
  ApplicationKycSchema,
  KycConnectionViewSchema,
  KycCredentialsBodySchema,
  KycSubmissionParamsSchema,
  KycSubmissionQuerySchema,
  KycSubmissionSchema,
} from '../../integrations/kyc.schema';
import { endpoint } from '../contract';

const tag = 'integrations';

/** KYC: identity checks of an application's owners (issue #24 §3; decision 089). */
export const KYC_API = {
  submission: endpoint({
    method: 'GET',
    path: '/api/kyc/submissions/:id',
    params: KycSubmissionParamsSchema,
    query: KycSubmissionQuerySchema,
    response: KycSubmissionSchema,
    tag,
    summary: "A KYC submission of an application: each owner's result and reasons (no personal data but the name)",
  }),
  forApplication: endpoint({
    method: 'GET',
    path: '/api/applications/:applicationId/kyc',
    params: z.strictObject({ applicationId: z.uuid() }),
    response: ApplicationKycSchema,
    tag,
    summary: "The application's KYC submission, if one was started (the panel of the application's detail)",
  }),
  getConnection: endpoint({
    method: 'GET',
    path: '/api/companies/kyc',
    response: KycConnectionViewSchema,
    tag,
    summary: "The company's KYC provider connection: its state and (for an ADMINISTRATOR) the API key's mask",
  }),
  connect: endpoint({
    method: 'POST',
    path: '/api/companies/kyc',
    body: KycCredentialsBodySchema,
    response: KycConnectionViewSchema,
    tag,
    summary: 'Checks the API key with the KYC provider, then keeps it sealed (a mask sent back keeps the stored key)',
  }),
} as const;
