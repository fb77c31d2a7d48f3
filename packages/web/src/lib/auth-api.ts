import { AUTH_API } from '@under/core/api/auth.contract';
import type { ConfirmSignUpBody, SignInBody, TokenResponse } from '@under/core/auth/auth.schema';
import type { HttpClient } from './http';

/**
 * The session calls of /api/auth/{pool}/* the pages make, all public. The calls that set a password are in
 * auth-password-api.ts: only the pages that set one load the common-password list (decision 019).
 */
const publicCall = { auth: false } as const;

export function signIn(http: HttpClient, body: SignInBody): Promise<TokenResponse> {
  return http.call(AUTH_API[http.pool].signIn, { body, ...publicCall });
}

export function confirmSignUp(http: HttpClient, body: ConfirmSignUpBody): Promise<unknown> {
  return http.call(AUTH_API[http.pool].confirmSignUp, { body, ...publicCall });
}

export function resendCode(http: HttpClient, email: string): Promise<unknown> {
  return http.call(AUTH_API[http.pool].resendCode, { body: { email }, ...publicCall });
}

export function forgotPassword(http: HttpClient, email: string): Promise<unknown> {
  return http.call(AUTH_API[http.pool].forgotPassword, { body: { email }, ...publicCall });
}
