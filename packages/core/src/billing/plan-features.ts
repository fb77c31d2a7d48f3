import type { Membership } from '../accounts/membership.schema';

/**
 * Features a plan may lack (spec 1 §6: "Membership level gates features"). The plans carry one feature flag today:
 * the CRM integration (`salesForce`). A screen of a gated feature shows the spec's upgrade text with a way to the
 * plans when the company's plan lacks it.
 */
export const PLAN_FEATURES = {
  crm: (m: Pick<Membership, 'salesForce'>) => m.salesForce,
} as const;
export type PlanFeature = keyof typeof PLAN_FEATURES;

export function planAllows(membership: Pick<Membership, 'salesForce'> | null | undefined, feature: PlanFeature) {
  return membership ? PLAN_FEATURES[feature](membership) : false;
}
