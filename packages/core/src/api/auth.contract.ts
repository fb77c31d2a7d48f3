import {
  ConfirmSignUpBodySchema,
  EmailOnlyBodySchema,
  OkResponseSchema,
  SessionResponseSchema,
  SignInBodySchema,
  TokenResponseSchema,
} from '../auth/auth.schema';
import type { Pool } from '../auth/pools';
import { endpoint } from './contract';

/**
 * The session calls of /api/auth/{pool}/* (spec 2 §7 "Authentication"), one route per pool: each pool has its own
 * paths (its refresh cookie is scoped to them). The calls that set a password are in auth-password.contract.ts, so
 * that the HTTP client every page loads does not carry the common-password list (decision 019).
 */
function sessionEndpoints<P extends Pool>(pool: P) {
  const tag = `auth (${pool})`;
  return {
    confirmSignUp: endpoint({
      method: 'POST',
      path: `/api/auth/${pool}/confirm-sign-up`,
      body: ConfirmSignUpBodySchema,
      response: OkResponseSchema,
      tag,
    }),
    resendCode: endpoint({
      method: 'POST',
      path: `/api/auth/${pool}/resend-code`,
      body: EmailOnlyBodySchema,
      response: OkResponseSchema,
      tag,
    }),
    signIn: endpoint({
      method: 'POST',
      path: `/api/auth/${pool}/sign-in`,
      body: SignInBodySchema,
      response: TokenResponseSchema,
      tag,
    }),
    /** Trades the refresh cookie for a new access token. */
    refresh: endpoint({ method: 'POST', path: `/api/auth/${pool}/refresh`, response: TokenResponseSchema, tag }),
    signOut: endpoint({ method: 'POST', path: `/api/auth/${pool}/sign-out`, response: OkResponseSchema, tag }),
    /** The signed-in session; calling it counts as activity ("Stay signed in"). */
    session: endpoint({ method: 'GET', path: `/api/auth/${pool}/session`, response: SessionResponseSchema, tag }),
    forgotPassword: endpoint({
      method: 'POST',
      path: `/api/auth/${pool}/forgot-password`,
      body: EmailOnlyBodySchema,
      response: OkResponseSchema,
      tag,
    }),
  };
}

export const AUTH_API = { client: sessionEndpoints('client'), admin: sessionEndpoints('admin') } as const;
