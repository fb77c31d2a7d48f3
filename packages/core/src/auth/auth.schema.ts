import { z } from 'zod';
import { CodeSchema, EmailSchema, SignInPasswordSchema } from './credentials';

/**
 * Request and response contracts of /api/auth/{pool}/* (issue 2, spec 2 §7 Authentication). The bodies that set a
 * password are in password.schema.ts, which carries the common-password list: this module stays light for the
 * HTTP client every page loads.
 */
export const ConfirmSignUpBodySchema = z.strictObject({ email: EmailSchema, code: CodeSchema });
export type ConfirmSignUpBody = z.infer<typeof ConfirmSignUpBodySchema>;

export const EmailOnlyBodySchema = z.strictObject({ email: EmailSchema });
export type EmailOnlyBody = z.infer<typeof EmailOnlyBodySchema>;

export const SignInBodySchema = z.strictObject({ email: EmailSchema, password: SignInPasswordSchema });
export type SignInBody = z.infer<typeof SignInBodySchema>;

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
