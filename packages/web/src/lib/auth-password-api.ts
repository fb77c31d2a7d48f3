import { AUTH_PASSWORD_API } from '@under/core/api/auth-password.contract';
import type { ChangePasswordBody, ConfirmForgotPasswordBody, SignUpBody } from '@under/core/auth/password.schema';
import type { HttpClient } from './http';

// The /api/auth/{pool}/* calls that set a password: their contract carries the common-password list (decision 019).

/** Client users only: the admin app has no sign-up. */
export function signUp(http: HttpClient, body: SignUpBody): Promise<unknown> {
  return http.call(AUTH_PASSWORD_API.client.signUp, { body, auth: false });
}

export function confirmForgotPassword(http: HttpClient, body: ConfirmForgotPasswordBody): Promise<unknown> {
  return http.call(AUTH_PASSWORD_API[http.pool].confirmForgotPassword, { body, auth: false });
}

/** Resolves false when the old password is wrong; true means every session was revoked. */
export function changePassword(http: HttpClient, body: ChangePasswordBody): Promise<boolean> {
  return http.call(AUTH_PASSWORD_API[http.pool].changePassword, { body });
}
