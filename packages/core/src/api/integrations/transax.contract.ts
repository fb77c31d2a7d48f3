import { RetrieveTransaxPricingBodySchema, StoredTransaxPricingSchema } from '../../integrations/transax.schema';
import { endpoint } from '../contract';

const tag = 'integrations';

/** TSYS/Transax stored pricing (issue #24 §2; spec 2 §7). */
export const TRANSAX_API = {
  retrievePricing: endpoint({
    method: 'POST',
    path: '/api/transax/retrieve-transax-pricing',
    body: RetrieveTransaxPricingBodySchema,
    response: StoredTransaxPricingSchema,
    tag,
    summary:
      "Reads the pricing list from the company's Transax gateway (an allowlisted host only) and stores it; the password is not kept",
  }),
  storedPricing: endpoint({
    method: 'GET',
    path: '/api/transax/pricing',
    response: StoredTransaxPricingSchema,
    tag,
    summary: "The company's stored Transax pricing list (what selectedStoredPricing picks from)",
  }),
} as const;
