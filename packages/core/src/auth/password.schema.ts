import { z } from 'zod';
import { MESSAGES } from '../messages';
import { isCommonPassword } from './common-passwords';
import { CodeSchema, EmailSchema, isValidPassword, SignInPasswordSchema } from './credentials';

/**
 * A password being set (sign-up, reset, change, invited registration): the spec's rule (6-20 characters, letters
 * and numbers, no spaces) and none of the most common passwords, both with the spec's one message. Its own module,
 * apart from auth.schema.ts, so that only the pages that set a password load the list (decision 019).
 */
export const PasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .refine((v) => isValidPassword(v) && !isCommonPassword(v), MESSAGES.passwordRules);

/** Request contracts of /api/auth/{pool}/* that carry a new password (issue 2, spec 2 §7 Authentication). */
export const SignUpBodySchema = z.strictObject({
  email: EmailSchema,
  password: PasswordSchema,
  /** Opaque value the client may attach to the sign-up (spec: a sessionCode attribute). */
  sessionCode: z.string().max(200).optional(),
});
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

export const ConfirmForgotPasswordBodySchema = z.strictObject({
  email: EmailSchema,
  code: CodeSchema,
  newPassword: PasswordSchema,
});
export type ConfirmForgotPasswordBody = z.infer<typeof ConfirmForgotPasswordBodySchema>;

export const ChangePasswordBodySchema = z.strictObject({
  oldPassword: SignInPasswordSchema,
  newPassword: PasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;
