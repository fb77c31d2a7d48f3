import { z } from 'zod';
import { CompanyNameSchema, EmailSchema, NameSchema } from '../auth/credentials';
import { MESSAGES } from '../messages';
import { PLAIN_NAME } from '../text/plain-text';
import { PhoneSchema } from './phone';

/** An invitation code from the e-mailed link `/register/{invitationCode}`. */
export const InvitationCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, MESSAGES.invitationNotFound);

const FirstNameSchema = z
  .string({ error: MESSAGES.firstNameRequired })
  .trim()
  .min(1, MESSAGES.firstNameRequired)
  .pipe(NameSchema);
const LastNameSchema = z
  .string({ error: MESSAGES.lastNameRequired })
  .trim()
  .min(1, MESSAGES.lastNameRequired)
  .pipe(NameSchema);

const profileFields = {
  email: EmailSchema,
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  phoneNumber: PhoneSchema,
};

/**
 * POST /api/profiles (spec 2 §3 "Profile payload"). Without an invitation it registers the company, so the
 * company name is required; with one the user joins the inviting company and the name is ignored.
 */
export const ProfileBodySchema = z
  .strictObject({
    companyName: z.string().optional(),
    ...profileFields,
    invitationCode: InvitationCodeSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.invitationCode) return;
    const parsed = CompanyNameSchema.safeParse(body.companyName);
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['companyName'],
        message: parsed.error.issues[0]?.message ?? MESSAGES.companyNameRequired,
      });
    }
  })
  .transform((body) => ({ ...body, companyName: body.companyName?.trim() }));
export type ProfileBody = z.input<typeof ProfileBodySchema>;

/** POST /api/profiles/temp: a draft of the register-company form; every field optional, none checked beyond size. */
export const TempProfileBodySchema = z.strictObject({
  companyName: z
    .string()
    .max(100)
    .refine(...PLAIN_NAME)
    .optional(),
  email: z.string().max(100).optional(),
  firstName: z
    .string()
    .max(100)
    .refine(...PLAIN_NAME)
    .optional(),
  lastName: z
    .string()
    .max(100)
    .refine(...PLAIN_NAME)
    .optional(),
  phoneNumber: z.string().max(30).optional(),
  invitationCode: z.string().max(100).optional(),
});
export type TempProfileBody = z.infer<typeof TempProfileBodySchema>;

export const TempProfileResponseSchema = z.object({ id: z.string() });

/** PUT /api/profile: names and phone; the e-mail and company are not changed here. */
export const UpdateProfileBodySchema = z.strictObject({
  firstName: FirstNameSchema,
  lastName: LastNameSchema,
  phoneNumber: PhoneSchema,
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

/** POST /api/signup_check/email. */
export const EmailCheckBodySchema = z.strictObject({ email: EmailSchema });
/** Spec 2 §8: the check returns its error as a value rather than failing. */
export const EmailCheckResponseSchema = z.object({ exists: z.boolean(), message: z.string().optional() });
export type EmailCheckResponse = z.infer<typeof EmailCheckResponseSchema>;

/** GET /api/profile: the signed-in client user, with the draft of the register-company form if one was saved. */
export const ProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: z.string(),
  status: z.string(),
  company: z.object({ id: z.string(), name: z.string(), status: z.string() }).nullable(),
  membershipId: z.string().nullable(),
  draft: TempProfileBodySchema.extend({ id: z.string() }).nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;
