import { z } from 'zod';
import { OkResponseSchema } from '../auth/auth.schema';
import { ChangePasswordBodySchema, ConfirmForgotPasswordBodySchema, SignUpBodySchema } from '../auth/password.schema';
import type { Pool } from '../auth/pools';
import { endpoint } from './contract';

/**
 * The calls of /api/auth/{pool}/* that set a password (spec 2 §7 "Authentication"). Apart from auth.contract.ts
 * because their bodies carry the common-password list: only the pages that set a password load it (decision 019).
 */
function passwordEndpoints<P extends Pool>(pool: P) {
  const tag = `auth (${pool})`;
  return {
    confirmForgotPassword: endpoint({
      method: 'POST',
      path: `/api/auth/${pool}/confirm-forgot-password`,
      body: ConfirmForgotPasswordBodySchema,
      response: OkResponseSchema,
      tag,
    }),
    /** False when the old password is wrong; true means every session of the user was revoked. */
    changePassword: endpoint({
      method: 'POST',
      path: `/api/auth/${pool}/change-password`,
      body: ChangePasswordBodySchema,
      response: z.boolean(),
      tag,
    }),
  };
}

export const AUTH_PASSWORD_API = {
  client: {
    /** Only the client pool has a sign-up. */
    signUp: endpoint({
      method: 'POST',
      path: '/api/auth/client/sign-up',
      body: SignUpBodySchema,
      status: 201,
      response: OkResponseSchema,
      tag: 'auth (client)',
    }),
    ...passwordEndpoints('client'),
  },
  admin: passwordEndpoints('admin'),
} as const;
