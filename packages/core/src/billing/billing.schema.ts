import { z } from 'zod';
import { SubscriptionSchema } from '../accounts/company.schema';
import { PageSchema, PageSizeSchema, pagedSchema } from '../api/pagination.schema';
import { MESSAGES } from '../messages';

/** Trial length (decision 032): a paid plan for 14 days without a card. */
export const TRIAL_DAYS = 14;
/** A failed renewal is retried over 7 days (1, 3 and 7 days after the first attempt), then the plan ends. */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;
export const BASIC_MEMBERSHIP_ID = 'MEMBERSHIP_001';

/**
 * Where a company's paid plan stands:
 * - `none`: Basic, nothing to bill;
 * - `trialing`: a paid plan without a card until `trialEndsAt`;
 * - `active`: paid through `currentPeriodEnd`;
 * - `past_due`: the renewal failed; retried until `retryUntil`, then Basic.
 */
export const SUBSCRIPTION_STATUSES = ['none', 'trialing', 'active', 'past_due'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PAYMENT_STATUSES = ['paid', 'refunded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** What a charge was for. */
export const PAYMENT_KINDS = ['subscribe', 'upgrade', 'renewal'] as const;

/** A saved card as the gateway describes it: never its number. */
export const CardSchema = z.object({ brand: z.string(), last4: z.string() });

export const BillingStateSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  /** A company has one trial. */
  trialUsed: z.boolean(),
  /** The plan ends (Basic) at the period's end. */
  cancelAtPeriodEnd: z.boolean(),
  /** The cheaper plan that starts at the period's end. */
  pendingMembershipId: z.string().nullable(),
  /** While `past_due`: the last retry; after it the company drops to Basic. */
  retryUntil: z.string().nullable(),
  card: CardSchema.nullable(),
});
export type BillingState = z.infer<typeof BillingStateSchema>;

/** GET /api/subscription: the quotas (spec 1 §3 Subscription) with the plan and its billing. */
export const SubscriptionDetailSchema = SubscriptionSchema.extend({
  membershipId: z.string(),
  membershipName: z.string(),
  billing: BillingStateSchema,
});
export type SubscriptionDetail = z.infer<typeof SubscriptionDetailSchema>;

const membershipId = z.string().regex(/^MEMBERSHIP_\d{3}$/, MESSAGES.membershipNotFound);
/**
 * A gateway token (`tok_…` of the test gateway, `pm_…` of Stripe): the card itself never comes here, and anything
 * else (a card number pasted by mistake) is refused before it reaches a service, a log or the gateway.
 */
const cardToken = z
  .string()
  .max(255, MESSAGES.cardValidation)
  .regex(/^(tok|pm)_[A-Za-z0-9_]+$/, MESSAGES.cardValidation);

/** POST /api/subscription: pay for a plan (or change it); the card is needed unless one is saved. */
export const SubscribeBodySchema = z.strictObject({ membershipId, cardToken: cardToken.optional() });
export const TrialBodySchema = z.strictObject({ membershipId });
/** GET /api/subscription/quote?membershipId=: what POST /api/subscription with that plan would charge today. */
export const QuoteQuerySchema = z.strictObject({ membershipId });

/**
 * What choosing a plan does now, before anything is charged (issue 21 §5):
 * - `subscribe`: the plan's price for a month from today;
 * - `upgrade`: the price difference for the rest of the paid period;
 * - `change`: nothing today (a cheaper plan from the period's end, or the same plan resumed).
 */
export const QuoteSchema = z.object({
  kind: z.enum(['subscribe', 'upgrade', 'change']),
  /** The plan's monthly price. */
  monthlyCents: z.number().int(),
  /** Before the coupon. */
  priceCents: z.number().int(),
  /** What the company's coupon takes off today's charge. */
  discountCents: z.number().int(),
  /** Charged today: price less discount. */
  amountCents: z.number().int(),
  /** The end of the period today's charge pays for. */
  periodEnd: z.string().nullable(),
});
export type Quote = z.infer<typeof QuoteSchema>;
export const CardBodySchema = z.strictObject({ token: cardToken });

/** GET /api/billing/config: which gateway the browser tokenizes for. */
export const BillingConfigSchema = z.object({
  gateway: z.enum(['test', 'stripe']),
  /** Stripe's publishable key (Stripe only). */
  publishableKey: z.string().nullable(),
});
export type BillingConfig = z.infer<typeof BillingConfigSchema>;

export const BillingsQuerySchema = z.strictObject({ page: PageSchema, pageSize: PageSizeSchema });
export const PaymentParamsSchema = z.strictObject({ paymentId: z.uuid(MESSAGES.paymentNotFound) });

/** One line of the billing history (spec 1 §2 Billing History). */
export const BillingRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  membershipId: z.string(),
  membershipName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** Charged, in cents and in dollars with 2 decimals (spec 1 §9). */
  amountCents: z.number().int(),
  amount: z.string(),
  discountCents: z.number().int(),
  discount: z.string(),
  couponId: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** Why a charge failed, in words (never the gateway's raw answer). */
  failure: z.string().nullable(),
  refundedAt: z.string().nullable(),
  /** False for failed charges: an invoice is for money taken. */
  hasInvoice: z.boolean(),
});
export type BillingRow = z.infer<typeof BillingRowSchema>;
export const BillingListSchema = pagedSchema(BillingRowSchema);
export type BillingList = z.infer<typeof BillingListSchema>;

/** POST /api/admin/billing/renewals: what one pass of the renewal job did. */
export const RenewalRunSchema = z.object({
  charged: z.number().int(),
  failed: z.number().int(),
  ended: z.number().int(),
});
export type RenewalRun = z.infer<typeof RenewalRunSchema>;

/** GET /api/check-times-subscription/{companyId} (spec 2 §7, §8): the plan's time is in force. */
export const TimeSubscriptionSchema = z.object({ valid: z.literal(true), status: z.enum(SUBSCRIPTION_STATUSES) });
