import { AUTH_API } from '@under/core/api/auth.contract';
import { AUTH_PASSWORD_API } from '@under/core/api/auth-password.contract';
import type { Pool } from '@under/core/auth/pools';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { bearerToken, requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import { type AuthService, SESSION_MAX_MS } from './auth.service';

const refreshCookieName = (pool: Pool) => `under_rt_${pool}`;

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; pool: Pool; secureCookies: boolean },
) {
  const { auth, pool } = deps;
  const api = { ...AUTH_API[pool], ...AUTH_PASSWORD_API[pool] };
  const cookieName = refreshCookieName(pool);
  // The refresh cookie is sent only to this pool's auth routes, never to pages or other APIs.
  const cookieOptions = {
    path: `/api/auth/${pool}`,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: deps.secureCookies,
  };
  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: SESSION_MAX_MS / 1000 });

  if (pool === 'client') {
    defineRoute(app, AUTH_PASSWORD_API.client.signUp, { access: 'public' }, async ({ req, body }) => {
      await auth.signUp({ pool, ...body, ip: req.ip });
      return { ok: true as const };
    });
  }

  defineRoute(app, api.confirmSignUp, { access: 'public' }, async ({ req, body }) => {
    await auth.confirmSignUp({ pool, ...body, ip: req.ip });
    return { ok: true as const };
  });

  defineRoute(app, api.resendCode, { access: 'public' }, async ({ req, body }) => {
    await auth.resendCode({ pool, email: body.email, ip: req.ip });
    return { ok: true as const };
  });

  defineRoute(app, api.signIn, { access: 'public' }, async ({ req, reply, body }) => {
    const tokens = await auth.signIn({ pool, ...body, ip: req.ip, userAgent: req.headers['user-agent'] });
    setRefreshCookie(reply, tokens.refreshToken);
    return { accessToken: tokens.accessToken, tokenType: 'Bearer' as const, expiresIn: tokens.expiresIn };
  });

  defineRoute(app, api.refresh, { access: 'public' }, async ({ req, reply }) => {
    const tokens = await auth.refresh({ pool, refreshToken: req.cookies[cookieName] });
    if (tokens.rotated) setRefreshCookie(reply, tokens.refreshToken);
    return { accessToken: tokens.accessToken, tokenType: 'Bearer' as const, expiresIn: tokens.expiresIn };
  });

  defineRoute(app, api.signOut, { access: 'public' }, async ({ req, reply }) => {
    await auth.signOut({ refreshToken: req.cookies[cookieName], accessToken: bearerToken(req) });
    reply.clearCookie(cookieName, cookieOptions);
    return { ok: true as const };
  });

  defineRoute(app, api.session, { access: pool, allowDeactivated: true }, ({ req }) => {
    const a = requireAuth(req);
    return { pool: a.pool, userId: a.userId, email: a.email, idleExpiresAt: a.idleExpiresAt };
  });

  defineRoute(app, api.forgotPassword, { access: 'public' }, async ({ req, body }) => {
    await auth.forgotPassword({ pool, email: body.email, ip: req.ip });
    return { ok: true as const };
  });

  defineRoute(app, api.confirmForgotPassword, { access: 'public' }, async ({ req, body }) => {
    await auth.confirmForgotPassword({ pool, ...body, ip: req.ip });
    return { ok: true as const };
  });

  defineRoute(app, api.changePassword, { access: pool }, async ({ req, reply, body }) => {
    const changed = await auth.changePassword({ auth: requireAuth(req), ...body });
    if (changed) reply.clearCookie(cookieName, cookieOptions);
    return changed;
  });
}
