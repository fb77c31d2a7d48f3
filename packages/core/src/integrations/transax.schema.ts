import { z } from 'zod';

/**
 * TSYS/Transax stored pricing (issue #24 §2): `POST /api/transax/retrieve-transax-pricing` with the client's gateway
 * URL, user and password reads the gateway's pricing list and keeps it for the company; the integration config's
 * `selectedStoredPricing` picks one of it. The password is used for that one call and never kept.
 */
export const RetrieveTransaxPricingBodySchema = z.strictObject({
  gatewayUrl: z.string().trim().min(1, 'Enter the Transax gateway URL').max(2000),
  user: z.string().trim().min(1, 'Enter the Transax user').max(200),
  password: z.string().min(1, 'Enter the Transax password').max(500),
});

export const TransaxPricingSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The plan's rates as the gateway states them (percent and per-item fees), unconverted. */
  discountRatePct: z.number().nullable(),
  perItemFee: z.number().nullable(),
  monthlyFee: z.number().nullable(),
});
export type TransaxPricing = z.infer<typeof TransaxPricingSchema>;

export const StoredTransaxPricingSchema = z.object({
  /** The gateway it came from (its host), null before the first retrieval. */
  gatewayHost: z.string().nullable(),
  retrievedAt: z.string().nullable(),
  pricing: z.array(TransaxPricingSchema),
});
export type StoredTransaxPricing = z.infer<typeof StoredTransaxPricingSchema>;

export const TRANSAX_MESSAGES = {
  gatewayNotAllowed: 'Enter your Transax gateway URL, such as https://secure.transaxgateway.com.',
  refused: 'Transax did not accept the user or password: enter them again.',
} as const;
