import {
  ConfirmSignUpBodySchema,
  EmailOnlyBodySchema,
  OkResponseSchema,
  SessionResponseSchema,
  SignInBodySchema,
  TokenResponseSchema,
} from '@under/core/auth/auth.schema';
import {
  ChangePasswordBodySchema,
  ConfirmForgotPasswordBodySchema,
  SignUpBodySchema,
} from '@under/core/auth/password.schema';
import type { Pool } from '@under/core/auth/pools';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken, requireAuth } from '../../plugins/access';
import { type AuthService, SESSION_MAX_MS } from './auth.service';

export const refreshCookieName = (pool: Pool) => `under_rt_${pool}`;

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; pool: Pool; secureCookies: boolean },
) {
  const { auth, pool } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/auth/${pool}`;
  const tags = [`auth (${pool})`];
  const cookieName = refreshCookieName(pool);
  // The refresh cookie is sent only to this pool's auth routes, never to pages or other APIs.
  const cookieOptions = {
    path: base,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: deps.secureCookies,
  };
  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: SESSION_MAX_MS / 1000 });

  if (pool === 'client') {
    r.post(
      `${base}/sign-up`,
      {
        config: { access: 'public' },
        schema: { tags, body: SignUpBodySchema, response: { 201: OkResponseSchema } },
      },
      async (req, reply) => {
        await auth.signUp({ pool, ...req.body, ip: req.ip });
        return reply.status(201).send({ ok: true });
      },
    );
  }

  r.post(
    `${base}/confirm-sign-up`,
    {
      config: { access: 'public' },
      schema: { tags, body: ConfirmSignUpBodySchema, response: { 200: OkResponseSchema } },
    },
    async (req) => {
      await auth.confirmSignUp({ pool, ...req.body, ip: req.ip });
      return { ok: true as const };
    },
  );

  r.post(
    `${base}/resend-code`,
    { config: { access: 'public' }, schema: { tags, body: EmailOnlyBodySchema, response: { 200: OkResponseSchema } } },
    async (req) => {
      await auth.resendCode({ pool, email: req.body.email, ip: req.ip });
      return { ok: true as const };
    },
  );

  r.post(
    `${base}/sign-in`,
    { config: { access: 'public' }, schema: { tags, body: SignInBodySchema, response: { 200: TokenResponseSchema } } },
    async (req, reply) => {
      const tokens = await auth.signIn({ pool, ...req.body, ip: req.ip, userAgent: req.headers['user-agent'] });
      setRefreshCookie(reply, tokens.refreshToken);
      return { accessToken: tokens.accessToken, tokenType: 'Bearer' as const, expiresIn: tokens.expiresIn };
    },
  );

  r.post(
    `${base}/refresh`,
    { config: { access: 'public' }, schema: { tags, response: { 200: TokenResponseSchema } } },
    async (req, reply) => {
      const tokens = await auth.refresh({ pool, refreshToken: req.cookies[cookieName] });
      if (tokens.rotated) setRefreshCookie(reply, tokens.refreshToken);
      return { accessToken: tokens.accessToken, tokenType: 'Bearer' as const, expiresIn: tokens.expiresIn };
    },
  );

  r.post(
    `${base}/sign-out`,
    { config: { access: 'public' }, schema: { tags, response: { 200: OkResponseSchema } } },
    async (req, reply) => {
      await auth.signOut({ refreshToken: req.cookies[cookieName], accessToken: bearerToken(req) });
      reply.clearCookie(cookieName, cookieOptions);
      return { ok: true as const };
    },
  );

  r.get(
    `${base}/session`,
    {
      config: { access: pool, allowDeactivated: true },
      schema: { tags, response: { 200: SessionResponseSchema } },
    },
    async (req) => {
      const a = requireAuth(req);
      return { pool: a.pool, userId: a.userId, email: a.email, idleExpiresAt: a.idleExpiresAt };
    },
  );

  r.post(
    `${base}/forgot-password`,
    { config: { access: 'public' }, schema: { tags, body: EmailOnlyBodySchema, response: { 200: OkResponseSchema } } },
    async (req) => {
      await auth.forgotPassword({ pool, email: req.body.email, ip: req.ip });
      return { ok: true as const };
    },
  );

  r.post(
    `${base}/confirm-forgot-password`,
    {
      config: { access: 'public' },
      schema: { tags, body: ConfirmForgotPasswordBodySchema, response: { 200: OkResponseSchema } },
    },
    async (req) => {
      await auth.confirmForgotPassword({ pool, ...req.body, ip: req.ip });
      return { ok: true as const };
    },
  );

  r.post(
    `${base}/change-password`,
    {
      config: { access: pool },
      schema: { tags, body: ChangePasswordBodySchema, response: { 200: z.boolean() } },
    },
    async (req, reply) => {
      const changed = await auth.changePassword({ auth: requireAuth(req), ...req.body });
      if (changed) reply.clearCookie(cookieName, cookieOptions);
      return changed;
    },
  );
}
