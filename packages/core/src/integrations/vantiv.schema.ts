import { z } from 'zod';
import { IntegrationStateSchema } from './integrations';

/**
 * Worldpay/Vantiv (issue #24 §2; decision 088): the company's PayFac Merchant Provisioner credentials, kept sealed as
 * CardConnect's are (`/api/companies/vantiv`), and `POST /api/vantiv/stage` `{applicationId}`, which stages the
 * application's merchant (a legal entity, then a sub-merchant) and answers the outcome in words.
 */
export const VANTIV_MESSAGES = {
  usernameRequired: 'Enter the Worldpay API user name',
  passwordRequired: 'Enter the Worldpay API password',
  refused: 'Worldpay did not accept the user name or password: enter them again.',
  notConnected: 'Set up Worldpay/Vantiv first: Manage integrations > Worldpay/Vantiv.',
  turnedOff: 'Worldpay/Vantiv is turned off for your company.',
  staged: 'Staged with Worldpay: the legal entity was approved and the sub-merchant created.',
  alreadyStaged: 'Already staged with Worldpay: it had this legal entity and sub-merchant, nothing new was created.',
  forReview: 'Sent to Worldpay, which holds the legal entity for review: no sub-merchant is created until it approves.',
  errors: 'Worldpay refused the merchant: correct these answers and stage again.',
  cannotSend: 'Some answers cannot be sent to Worldpay: correct them and stage again.',
} as const;

const required = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max);

/** `POST /api/companies/vantiv`: a mask sent back means "unchanged" (spec 2 §5). */
export const VantivCredentialsBodySchema = z.strictObject({
  username: required(VANTIV_MESSAGES.usernameRequired),
  password: required(VANTIV_MESSAGES.passwordRequired, 200),
});
export type VantivCredentialsBody = z.infer<typeof VantivCredentialsBodySchema>;

export const VantivViewSchema = z.object({
  state: IntegrationStateSchema,
  /** Masks only (a client ADMINISTRATOR's; null for members). */
  username: z.string().nullable(),
  password: z.string().nullable(),
  connectedAt: z.string().nullable(),
});
export type VantivView = z.infer<typeof VantivViewSchema>;

export const VantivStageBodySchema = z.strictObject({ applicationId: z.uuid() });

export const VANTIV_OUTCOMES = ['staged', 'already_staged', 'for_review', 'errors'] as const;
export type VantivOutcome = (typeof VANTIV_OUTCOMES)[number];

/** The outcome of a stage, and of the last one (`GET /api/vantiv/stage/{applicationId}`). */
export const VantivStageResultSchema = z.object({
  applicationId: z.string(),
  /** null: never staged. */
  outcome: z.enum(VANTIV_OUTCOMES).nullable(),
  /** The outcome in words. */
  message: z.string().nullable(),
  legalEntityId: z.string().nullable(),
  subMerchantId: z.string().nullable(),
  /** The legal entity's `responseCode` (10 approved) and its description. */
  responseCode: z.number().nullable(),
  responseDescription: z.string().nullable(),
  /** What to correct, in words: a form label and why, or Worldpay's own error text. */
  problems: z.array(z.string()),
  stagedAt: z.string().nullable(),
});
export type VantivStageResult = z.infer<typeof VantivStageResultSchema>;
export const VantivStageParamsSchema = z.strictObject({ applicationId: z.uuid() });
