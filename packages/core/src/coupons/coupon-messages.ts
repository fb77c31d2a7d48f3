import { MESSAGES } from '../messages';

/**
 * Texts of coupons (spec 1 §5, spec 2 §8). The spec's own are taken from MESSAGES; the others are ours (decision 033),
 * kept here beside the coupon schemas.
 */
export const COUPON_MESSAGES = {
  expired: MESSAGES.couponExpired,
  monthRange: MESSAGES.monthRange,
  codeRequired: 'Coupon code is required',
  nameRequired: 'Coupon name is required',
  codeFormat: 'Use 3-40 letters, digits, hyphens or underscores for the code.',
  nameLength: 'The name must be 1-100 characters.',
  oneDiscount: 'Give either a percentage or an amount.',
  percentageRange: 'The percentage must be above 0 and at most 100.',
  /** Spec 1 §5 and §9: "value 1-2990", the amount in dollars at most the highest plan price. */
  amountRange: (maxDollars: string) => `The amount must be from $1.00 to ${maxDollars} (the highest plan price).`,
  redemptionLimit: 'The redemption limit must be a whole number from 1 to 1,000,000.',
  expiresAtPast: 'The expiry must be in the future.',
  notFound: 'The coupon is not found.',
  codeUsed: 'This coupon code is already in use. Please try another.',
  limitReached: 'This coupon has reached its redemption limit.',
  usedBefore: 'This company has used this coupon before; a coupon used and removed cannot be used again.',
  companyHasCoupon: 'This company already has a coupon. Remove it first.',
  notApplied: 'This coupon is not applied to this company.',
  lockedOnceUsed:
    'Once a coupon has been applied to a company, its code, discount and duration cannot change; you can still change its name, limit and expiry.',
  limitBelowUsed: (used: number) => `The redemption limit cannot be lower than the ${used} redemption(s) already made.`,
} as const;
