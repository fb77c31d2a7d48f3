import { z } from 'zod';
import { CodeSchema, EmailSchema, PasswordSchema, SignInPasswordSchema } from './credentials';

/** Request and response contracts of /api/auth/{pool}/* (issue 2, spec 2 §7 Authentication). */
export const SignUpBodySchema = z.strictObject({
  email: EmailSchema,
  password: PasswordSchema,
  /** Opaque value the client may attach to the sign-up (spec: a sessionCode attribute). */
  sessionCode: z.string().max(200).optional(),
});
export type SignUpBody = z.infer<typeof SignUpBodySchema>;

export const ConfirmSignUpBodySchema = z.strictObject({ email: EmailSchema, code: CodeSchema });
export type ConfirmSignUpBody = z.infer<typeof ConfirmSignUpBodySchema>;

export const EmailOnlyBodySchema = z.strictObject({ email: EmailSchema });
export type EmailOnlyBody = z.infer<typeof EmailOnlyBodySchema>;

export const SignInBodySchema = z.strictObject({ email: EmailSchema, password: SignInPasswordSchema });
export type SignInBody = z.infer<typeof SignInBodySchema>;

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

/** Returned by sign-in and refresh. The refresh credential travels only in an HttpOnly cookie. */
export const TokenResponseSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

export const OkResponseSchema = z.object({ ok: z.literal(true) });

export const SessionResponseSchema = z.object({
  pool: z.enum(['client', 'admin']),
  userId: z.string(),
  email: z.string(),
  /** Epoch milliseconds after which the session ends without further activity. */
  idleExpiresAt: z.number(),
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
