import { z } from 'zod';
import { MESSAGES } from '../messages';
import { MembershipSchema } from './membership.schema';

export const CompanyParamsSchema = z.strictObject({ companyId: z.uuid(MESSAGES.accountNotFound) });

/** Spec 1 §3 Company/Account. The logo is given as a short-lived signed URL, never as a storage path. */
export const CompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  membershipId: z.string(),
  /** A signed GET URL of the logo, valid for an hour; null without a logo. */
  logoUrl: z.string().nullable(),
  whitelistedDomains: z.array(z.string()),
  createdAt: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

/** Spec 1 §3 Subscription. `-1` quotas are unlimited. */
export const SubscriptionSchema = z.object({
  userQuota: z.number().int(),
  activatedUser: z.number().int(),
  formQuota: z.number().int(),
  activatedForm: z.number().int(),
  accountStatus: z.string(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const SubscriptionQuerySchema = z.strictObject({
  companyId: z.uuid(MESSAGES.accountNotFound).optional(),
});

/** GET /api/subscription/summary: the plan with what is used and what is left (null = unlimited). */
export const SubscriptionSummarySchema = z.object({
  membership: MembershipSchema,
  subscription: SubscriptionSchema,
  remainingUsers: z.number().int().nullable(),
  remainingForms: z.number().int().nullable(),
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>;

/** GET /api/companies/summary: the client home at a glance. */
export const CompanySummarySchema = z.object({
  company: CompanySchema,
  membership: MembershipSchema,
  subscription: SubscriptionSchema,
  team: z.object({ active: z.number().int(), inactive: z.number().int(), invited: z.number().int() }),
});
export type CompanySummary = z.infer<typeof CompanySummarySchema>;

export const MembershipListSchema = z.array(MembershipSchema);

/** Logo files (spec 1 §5, §9): png, jpeg or jpg, not empty, at most 25 MB. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export const LOGO_EXTENSIONS = ['png', 'jpeg', 'jpg'] as const;

/** POST /api/companies/gen-upload-logo-url. */
export const LogoUploadUrlBodySchema = z.strictObject({
  fileName: z
    .string()
    .max(255)
    .regex(/\.(png|jpe?g)$/i, MESSAGES.fileTypeNotSupported)
    .optional(),
});
export const LogoUploadUrlSchema = z.object({
  /** PUT the file's bytes here (any image content type); it expires at `expiresAt`. */
  uploadUrl: z.string(),
  /** Send this to PUT /api/companies-logo/{companyId} once the upload succeeded. */
  fileUrl: z.string(),
  expiresAt: z.string(),
  maxBytes: z.number().int(),
});
export type LogoUploadUrl = z.infer<typeof LogoUploadUrlSchema>;

/** PUT /api/companies-logo/{companyId}. */
export const SetLogoBodySchema = z.strictObject({ fileUrl: z.string().min(1, MESSAGES.fileMissing).max(500) });
export const LogoSchema = z.object({ logoUrl: z.string().nullable() });
