import { z } from 'zod';
import { PageSchema, PageSizeSchema, SearchSchema, SortOrderSchema } from '../api/pagination.schema';
import { COUPON_MESSAGES as M } from './coupon-messages';

/** Spec 1 §9: "Coupon value 1-2990": an amount is at most $2,990.00, the price of the highest plan. */
export const COUPON_AMOUNT_MIN_CENTS = 100;
export const COUPON_AMOUNT_MAX_CENTS = 299_000;
export const COUPON_MONTHS_MAX = 12;
export const COUPON_REDEMPTION_LIMIT_MAX = 1_000_000;

/** Codes are compared without regard to case: stored and matched in upper case. */
export const CouponCodeSchema = z
  .string({ error: M.codeRequired })
  .trim()
  .min(1, M.codeRequired)
  .regex(/^[A-Za-z0-9_-]{3,40}$/, M.codeFormat)
  .transform((v) => v.toUpperCase());

const NameSchema = z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(100, M.nameLength);

export const PercentageSchema = z
  .number({ error: M.percentageRange })
  .int(M.percentageRange)
  .min(1, M.percentageRange)
  .max(100, M.percentageRange);

/** In cents (spec 1 §9); the screen shows dollars. */
export const AmountCentsSchema = z
  .number({ error: M.amountRange('$2,990.00') })
  .int(M.amountRange('$2,990.00'))
  .min(COUPON_AMOUNT_MIN_CENTS, M.amountRange('$2,990.00'))
  .max(COUPON_AMOUNT_MAX_CENTS, M.amountRange('$2,990.00'));

export const DurationInMonthsSchema = z
  .number({ error: M.monthRange })
  .int(M.monthRange)
  .min(1, M.monthRange)
  .max(COUPON_MONTHS_MAX, M.monthRange);

export const RedemptionLimitSchema = z
  .number({ error: M.redemptionLimit })
  .int(M.redemptionLimit)
  .min(1, M.redemptionLimit)
  .max(COUPON_REDEMPTION_LIMIT_MAX, M.redemptionLimit);

const ExpiresAtSchema = z.iso.datetime({ offset: true, error: 'Give the expiry as a date and time.' });

/** POST /api/coupon: a percentage or an amount, not both. */
export const CreateCouponBodySchema = z
  .strictObject({
    code: CouponCodeSchema,
    name: NameSchema,
    percentage: PercentageSchema.nullish(),
    amount: AmountCentsSchema.nullish(),
    durationInMonths: DurationInMonthsSchema,
    /** null or absent: no limit. */
    redemptionLimit: RedemptionLimitSchema.nullish(),
    /** null or absent: never expires. */
    expiresAt: ExpiresAtSchema.nullish(),
  })
  .superRefine((b, ctx) => {
    if ((b.percentage == null) === (b.amount == null)) {
      ctx.addIssue({ code: 'custom', path: ['percentage'], message: M.oneDiscount });
    }
  });
export type CreateCouponBody = z.infer<typeof CreateCouponBodySchema>;

/**
 * PATCH /api/coupon/{couponId}: the fields given change. Setting a percentage clears the amount and the other way
 * round; once the coupon has been applied, only name, limit and expiry may change (decision 033).
 */
export const UpdateCouponBodySchema = z
  .strictObject({
    code: CouponCodeSchema.optional(),
    name: NameSchema.optional(),
    percentage: PercentageSchema.nullish(),
    amount: AmountCentsSchema.nullish(),
    durationInMonths: DurationInMonthsSchema.optional(),
    redemptionLimit: RedemptionLimitSchema.nullish(),
    expiresAt: ExpiresAtSchema.nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.percentage != null && b.amount != null) {
      ctx.addIssue({ code: 'custom', path: ['percentage'], message: M.oneDiscount });
    }
  });
export type UpdateCouponBody = z.infer<typeof UpdateCouponBodySchema>;

export const COUPON_STATUSES = ['active', 'expired', 'used-up'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export const CouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  percentage: z.number().int().nullable(),
  /** In cents. */
  amount: z.number().int().nullable(),
  durationInMonths: z.number().int(),
  redemptionLimit: z.number().int().nullable(),
  redemptionCount: z.number().int(),
  expiresAt: z.string().nullable(),
  /** Whether it can be applied now: expired (past expiresAt), used up (limit reached), or active. */
  status: z.enum(COUPON_STATUSES),
  /** Companies that have it applied now. */
  companiesUsing: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const COUPON_SORTS = ['createdAt', 'code', 'name', 'expiresAt'] as const;

export const CouponListQuerySchema = z.strictObject({
  page: PageSchema,
  pageSize: PageSizeSchema,
  q: SearchSchema,
  sort: z.enum(COUPON_SORTS).default('createdAt'),
  order: SortOrderSchema.default('desc'),
});
export type CouponListQuery = z.input<typeof CouponListQuerySchema>;

export const CouponParamsSchema = z.strictObject({ couponId: z.uuid(M.notFound) });
export const CompanyCouponParamsSchema = z.strictObject({
  companyId: z.uuid('The Account is not found.'),
  couponId: z.uuid(M.notFound),
});

/** A coupon applied to a company (now or before). */
export const CompanyCouponSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  couponId: z.string(),
  appliedAt: z.string(),
  /** The discount applies to charges before this (appliedAt + duration). */
  endsAt: z.string(),
  removedAt: z.string().nullable(),
});
export type CompanyCoupon = z.infer<typeof CompanyCouponSchema>;

/** GET /api/companies/{companyId}/discount: the company's applied coupon and what it takes off its plan now. */
export const CompanyDiscountSchema = z.object({
  /**
   * The coupon as the company may see it: how many times it was redeemed and how many companies use it are other
   * companies' business (a client's own users call this too).
   */
  coupon: CouponSchema.pick({
    id: true,
    code: true,
    name: true,
    percentage: true,
    amount: true,
    durationInMonths: true,
    expiresAt: true,
  }).nullable(),
  appliedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  planPriceCents: z.number().int(),
  /** What the coupon takes off the plan's price now; 0 without a coupon or past its duration. */
  discountCents: z.number().int(),
});
export type CompanyDiscount = z.infer<typeof CompanyDiscountSchema>;
