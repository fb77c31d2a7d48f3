import type { ConfirmSignUpBody, SignInBody } from '@under/core/auth/auth.schema';
import type { ChangePasswordBody, ConfirmForgotPasswordBody, SignUpBody } from '@under/core/auth/password.schema';
import { z } from 'zod';
import type { HttpClient } from './http';

/** The /api/auth/{pool}/* calls of the pages; all public except change-password. */
const publicCall = { auth: false } as const;

export function signIn(http: HttpClient, body: SignInBody): Promise<unknown> {
  return http.post(`/auth/${http.pool}/sign-in`, body, publicCall);
}

export function signUp(http: HttpClient, body: SignUpBody): Promise<unknown> {
  return http.post(`/auth/${http.pool}/sign-up`, body, publicCall);
}

export function confirmSignUp(http: HttpClient, body: ConfirmSignUpBody): Promise<unknown> {
  return http.post(`/auth/${http.pool}/confirm-sign-up`, body, publicCall);
}

export function resendCode(http: HttpClient, email: string): Promise<unknown> {
  return http.post(`/auth/${http.pool}/resend-code`, { email }, publicCall);
}

export function forgotPassword(http: HttpClient, email: string): Promise<unknown> {
  return http.post(`/auth/${http.pool}/forgot-password`, { email }, publicCall);
}

export function confirmForgotPassword(http: HttpClient, body: ConfirmForgotPasswordBody): Promise<unknown> {
  return http.post(`/auth/${http.pool}/confirm-forgot-password`, body, publicCall);
}

/** Resolves false when the old password is wrong; true means every session was revoked. */
export function changePassword(http: HttpClient, body: ChangePasswordBody): Promise<boolean> {
  return http.post(`/auth/${http.pool}/change-password`, body, { schema: z.boolean() });
}
