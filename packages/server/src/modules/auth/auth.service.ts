import { effectiveUserStatus } from '@under/core/accounts/enums';
import type { Membership } from '@under/core/accounts/membership.schema';
import { ERROR_CODES } from '@under/core/api/error.schema';
import type { Pool } from '@under/core/auth/pools';
import {
  ACCESS_TOKEN_TTL_MS,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  COOKIE_DEFAULT_LIFETIME_HOURS,
  SESSION_TIMEOUT_MS,
} from '@under/core/constants';
import { MESSAGES } from '@under/core/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { MailService, OutgoingMail } from '../mail/mail.service';
import { createAttemptLimiter } from './attempt-limiter';
import { resetCodeMail, signUpCodeMail } from './auth.mails';
import { type CodePurpose, createAuthRepository, type UserRow } from './auth.repository';
import {
  burnPasswordCheck,
  hashCode,
  hashPassword,
  hashToken,
  newCode,
  newToken,
  safeEqual,
  verifyPassword,
} from './secrets';

/** The signed-in caller, attached to the request by the access hook. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  pool: Pool;
  email: string;
  role: string;
  companyId: string | null;
  /** Effective status: an inactive company makes its users inactive. */
  status: string;
  idleExpiresAt: number;
  /** Read with the session in the same query, as of this request: what GET /api/me answers. */
  profile: {
    firstName: string | null;
    lastName: string | null;
    company: { id: string; name: string; status: string } | null;
    membership: Membership | null;
  };
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** A session lives at most as long as the refresh cookie (spec: cookie lifetime 60 hours). */
export const SESSION_MAX_MS = COOKIE_DEFAULT_LIFETIME_HOURS * 3_600_000;
// Writing last-activity on every request would make every read a write; a minute is precise enough.
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;
// Two tabs may refresh with the same cookie at once; the loser is let through within this grace.
const REFRESH_REUSE_GRACE_MS = 30_000;

const invalidCredentials = (code: string) => new AppError(401, code, MESSAGES.invalidCredentials);
const noUser = () => new AppError(401, ERROR_CODES.noUser, MESSAGES.noCurrentUser);
const deactivated = () => new AppError(403, ERROR_CODES.userDeactivated, MESSAGES.userDeactivated);
const tooMany = (retryAfterMs: number) =>
  new AppError(429, ERROR_CODES.rateLimited, `${MESSAGES.http429} (${Math.ceil(retryAfterMs / 60_000)} min)`);

export interface AuthServiceDeps {
  db: Db;
  /** Code e-mails are written to the outbox in the transaction that issues the code (decision 023). */
  mail: MailService;
  log: FastifyBaseLogger;
  codeSecret: string;
  publicUrl: string;
  now?: () => number;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, mail, codeSecret, publicUrl } = deps;
  const now = deps.now ?? Date.now;
  const repo = createAuthRepository(db);
  // Failed sign-ins: per account (guessing one password) and per address (spraying many accounts).
  const accountFailures = createAttemptLimiter({ max: 5, windowMs: 15 * 60_000, now });
  const addressFailures = createAttemptLimiter({ max: 30, windowMs: 15 * 60_000, now });
  // Code e-mails per account: stops a stranger from flooding someone's mailbox.
  const codeMails = createAttemptLimiter({ max: 5, windowMs: 60 * 60_000, now });

  /** A new code and its e-mail, written together; the outbox sends the mail after the commit. */
  async function issueCode(
    user: UserRow,
    purpose: CodePurpose,
    mailFor: (code: string) => Omit<OutgoingMail, 'key'>,
  ): Promise<void> {
    const key = `${user.pool}:${purpose}:${user.email}`;
    const limit = codeMails.check(key);
    if (limit.blocked) throw tooMany(limit.retryAfterMs);
    codeMails.fail(key);
    const code = newCode();
    const outboxId = await db.transaction(async (tx) => {
      const codeId = await createAuthRepository(tx).replaceCode(
        user.id,
        purpose,
        hashCode(codeSecret, user.id, purpose, code),
        new Date(now() + CODE_TTL_MS),
      );
      return mail.queueMail(tx, { ...mailFor(code), key: `${purpose}:${codeId}` });
    });
    await mail.dispatch(outboxId);
  }

  /** Checks and consumes a code; every wrong guess counts, and the code dies at the limit. */
  async function useCode(user: UserRow, purpose: CodePurpose, code: string): Promise<void> {
    const row = await repo.findLatestCode(user.id, purpose);
    if (!row) throw new AppError(400, ERROR_CODES.codeMismatch, MESSAGES.codeInvalid);
    if (row.expiresAt.getTime() <= now()) throw new AppError(400, ERROR_CODES.codeExpired, MESSAGES.codeExpired);
    if (row.attempts >= CODE_MAX_ATTEMPTS) {
      throw new AppError(400, ERROR_CODES.tooManyAttempts, MESSAGES.codeTooManyAttempts);
    }
    if (safeEqual(row.codeHash, hashCode(codeSecret, user.id, purpose, code))) {
      if (await repo.consumeCode(row.id)) return;
      throw new AppError(400, ERROR_CODES.codeMismatch, MESSAGES.codeInvalid);
    }
    const attempts = await repo.countCodeAttempt(row.id, CODE_MAX_ATTEMPTS);
    if (attempts === undefined || attempts >= CODE_MAX_ATTEMPTS) {
      throw new AppError(400, ERROR_CODES.tooManyAttempts, MESSAGES.codeTooManyAttempts);
    }
    throw new AppError(400, ERROR_CODES.codeMismatch, MESSAGES.codeInvalid);
  }

  function tokensFor(): IssuedTokens & { accessHash: string; refreshHash: string } {
    const accessToken = newToken('ua');
    const refreshToken = newToken('ur');
    return {
      accessToken,
      refreshToken,
      accessHash: hashToken(accessToken),
      refreshHash: hashToken(refreshToken),
      expiresIn: ACCESS_TOKEN_TTL_MS / 1000,
    };
  }

  function isActive(user: UserRow, companyStatus: string | null): boolean {
    return effectiveUserStatus(user.status, companyStatus) !== 'inactive';
  }

  return {
    /** Creates an unconfirmed client user and e-mails a 6-digit code. */
    async signUp(opts: { pool: Pool; email: string; password: string; sessionCode?: string }): Promise<void> {
      if (await repo.findUserByEmail(opts.pool, opts.email)) {
        throw new AppError(409, ERROR_CODES.accountExists, MESSAGES.accountAlreadyExists);
      }
      const passwordHash = await hashPassword(opts.password);
      let outboxId: string | undefined;
      try {
        await db.transaction(async (tx) => {
          const r = createAuthRepository(tx);
          const user = await r.insertUser({
            pool: opts.pool,
            email: opts.email,
            passwordHash,
            role: 'ADMINISTRATOR',
            status: 'active',
            sessionCode: opts.sessionCode ?? null,
          });
          const code = newCode();
          const purpose = 'confirm-sign-up';
          const codeId = await r.replaceCode(
            user.id,
            purpose,
            hashCode(codeSecret, user.id, purpose, code),
            new Date(now() + CODE_TTL_MS),
          );
          outboxId = await mail.queueMail(tx, {
            kind: 'sign-up-code',
            key: `${purpose}:${codeId}`,
            message: signUpCodeMail(opts.email, code, publicUrl),
          });
          await r.audit({ actorUserId: user.id, action: 'auth.sign-up', targetType: 'user', targetId: user.id });
        });
      } catch (err) {
        // two sign-ups of one e-mail racing: the unique index decides, the loser gets the same answer
        if (
          (err as { code?: string; cause?: { code?: string } }).code === '23505' ||
          (err as { cause?: { code?: string } }).cause?.code === '23505'
        ) {
          throw new AppError(409, ERROR_CODES.accountExists, MESSAGES.accountAlreadyExists);
        }
        throw err;
      }
      await mail.dispatch(outboxId);
    },

    async confirmSignUp(opts: { pool: Pool; email: string; code: string }): Promise<void> {
      const user = await repo.findUserByEmail(opts.pool, opts.email);
      if (!user) throw new AppError(400, ERROR_CODES.codeMismatch, MESSAGES.codeInvalid);
      if (user.emailVerified) throw new AppError(400, ERROR_CODES.alreadyConfirmed, MESSAGES.alreadyConfirmed);
      await useCode(user, 'confirm-sign-up', opts.code);
      await db.transaction(async (tx) => {
        const r = createAuthRepository(tx);
        await r.updateUser(user.id, { emailVerified: true });
        await r.audit({ actorUserId: user.id, action: 'auth.confirm-sign-up', targetType: 'user', targetId: user.id });
      });
    },

    /** Always answers the same, so it cannot be used to learn which e-mails have accounts. */
    async resendCode(opts: { pool: Pool; email: string }): Promise<void> {
      const user = await repo.findUserByEmail(opts.pool, opts.email);
      if (!user || user.emailVerified) return;
      await issueCode(user, 'confirm-sign-up', (code) => ({
        kind: 'sign-up-code',
        message: signUpCodeMail(user.email, code, publicUrl),
      }));
    },

    async signIn(opts: {
      pool: Pool;
      email: string;
      password: string;
      ip: string;
      userAgent?: string;
    }): Promise<IssuedTokens> {
      const accountKey = `${opts.pool}:${opts.email}`;
      for (const [limiter, key] of [
        [accountFailures, accountKey],
        [addressFailures, opts.ip],
      ] as const) {
        const state = limiter.check(key);
        if (state.blocked) throw tooMany(state.retryAfterMs);
      }
      const user = await repo.findUserByEmail(opts.pool, opts.email);
      if (!user) {
        await burnPasswordCheck(opts.password);
        addressFailures.fail(opts.ip);
        // an account of the other pool is answered exactly like an unknown one: admin e-mails stay private
        throw invalidCredentials(ERROR_CODES.userNotFound);
      }
      if (!(await verifyPassword(user.passwordHash, opts.password))) {
        accountFailures.fail(accountKey);
        addressFailures.fail(opts.ip);
        throw invalidCredentials(ERROR_CODES.wrongPassword);
      }
      accountFailures.reset(accountKey);
      if (!user.emailVerified) throw new AppError(403, ERROR_CODES.userNotConfirmed, MESSAGES.userNotConfirmed);
      const t = tokensFor();
      await db.transaction(async (tx) => {
        const r = createAuthRepository(tx);
        await r.insertSession({
          userId: user.id,
          pool: opts.pool,
          accessTokenHash: t.accessHash,
          accessExpiresAt: new Date(now() + ACCESS_TOKEN_TTL_MS),
          refreshTokenHash: t.refreshHash,
          lastActivityAt: new Date(now()),
          expiresAt: new Date(now() + SESSION_MAX_MS),
          ip: opts.ip,
          userAgent: opts.userAgent?.slice(0, 300) ?? null,
        });
        await r.audit({
          actorUserId: user.id,
          companyId: user.companyId,
          action: 'auth.sign-in',
          targetType: 'user',
          targetId: user.id,
        });
      });
      return { accessToken: t.accessToken, refreshToken: t.refreshToken, expiresIn: t.expiresIn };
    },

    /**
     * Swaps a refresh token for new tokens. The old refresh token is remembered: presenting it again
     * after the grace period means it was copied, and the session is ended.
     */
    async refresh(opts: {
      pool: Pool;
      refreshToken: string | undefined;
    }): Promise<IssuedTokens & { rotated: boolean }> {
      if (!opts.refreshToken) throw noUser();
      const presented = hashToken(opts.refreshToken);
      const found = await repo.findSessionByRefreshHash(presented);
      if (!found) {
        const reused = await repo.findSessionByPreviousRefreshHash(presented);
        if (
          reused &&
          !reused.revokedAt &&
          reused.pool === opts.pool &&
          now() - reused.lastActivityAt.getTime() < REFRESH_REUSE_GRACE_MS
        ) {
          // the concurrent twin of a refresh that just happened: a fresh access token, the cookie stays
          const accessToken = newToken('ua');
          await repo.updateSession(reused.id, {
            accessTokenHash: hashToken(accessToken),
            accessExpiresAt: new Date(now() + ACCESS_TOKEN_TTL_MS),
          });
          return { accessToken, refreshToken: '', expiresIn: ACCESS_TOKEN_TTL_MS / 1000, rotated: false };
        }
        if (reused) await repo.revokeSession(reused.id);
        throw noUser();
      }
      const { session, user, companyStatus } = found;
      // A deactivation revokes the member's sessions: say why, so the app can show /deactivated-account.
      if (session.revokedAt && !isActive(user, companyStatus)) throw deactivated();
      if (
        session.pool !== opts.pool ||
        session.revokedAt ||
        session.expiresAt.getTime() <= now() ||
        session.lastActivityAt.getTime() + SESSION_TIMEOUT_MS <= now()
      ) {
        throw noUser();
      }
      if (!isActive(user, companyStatus)) {
        await repo.revokeSession(session.id);
        throw deactivated();
      }
      const t = tokensFor();
      await repo.updateSession(session.id, {
        accessTokenHash: t.accessHash,
        accessExpiresAt: new Date(now() + ACCESS_TOKEN_TTL_MS),
        refreshTokenHash: t.refreshHash,
        previousRefreshTokenHash: presented,
        lastActivityAt: new Date(now()),
      });
      return { accessToken: t.accessToken, refreshToken: t.refreshToken, expiresIn: t.expiresIn, rotated: true };
    },

    /** Ends the session of the refresh cookie or of the bearer token. Never fails. */
    async signOut(opts: { refreshToken?: string; accessToken?: string }): Promise<void> {
      if (opts.refreshToken) {
        const found = await repo.findSessionByRefreshHash(hashToken(opts.refreshToken));
        if (found) await repo.revokeSession(found.session.id);
      }
      if (opts.accessToken) {
        const found = await repo.findSessionByAccessHash(hashToken(opts.accessToken));
        if (found) await repo.revokeSession(found.session.id);
      }
    },

    /**
     * Resolves a bearer token to its caller in one query; every call counts as activity. Nothing is cached, so a
     * revoked session or a deactivated user is refused on the very next call, on every instance.
     */
    async authenticate(accessToken: string): Promise<AuthContext> {
      const p = await repo.findPrincipalByAccessHash(hashToken(accessToken));
      if (!p) throw noUser();
      const status = effectiveUserStatus(p.userStatus, p.companyStatus);
      // A deactivation revokes the member's sessions: say why, so the app can show /deactivated-account.
      if (p.revokedAt && status === 'inactive') throw deactivated();
      const t = now();
      const idleEnds = p.lastActivityAt.getTime() + SESSION_TIMEOUT_MS;
      if (p.revokedAt || p.expiresAt.getTime() <= t || idleEnds <= t || p.sessionPool !== p.userPool) {
        throw noUser();
      }
      if (p.accessExpiresAt.getTime() <= t) throw new AppError(401, ERROR_CODES.tokenExpired, MESSAGES.tokenExpired);
      let lastActivity = p.lastActivityAt.getTime();
      if (t - lastActivity >= ACTIVITY_WRITE_INTERVAL_MS) {
        lastActivity = t;
        await repo.updateSession(p.sessionId, { lastActivityAt: new Date(t) });
      }
      return {
        userId: p.userId,
        sessionId: p.sessionId,
        pool: p.sessionPool as Pool,
        email: p.email,
        role: p.role,
        companyId: p.companyId,
        status,
        idleExpiresAt: lastActivity + SESSION_TIMEOUT_MS,
        profile: {
          firstName: p.firstName,
          lastName: p.lastName,
          company:
            p.companyId && p.companyName !== null && p.companyStatus !== null
              ? { id: p.companyId, name: p.companyName, status: p.companyStatus }
              : null,
          membership: p.membership,
        },
      };
    },

    async forgotPassword(opts: { pool: Pool; email: string }): Promise<void> {
      const user = await repo.findUserByEmail(opts.pool, opts.email);
      if (!user) return;
      const verifyUrl = `${publicUrl}${opts.pool === 'admin' ? '/admin' : ''}/verify-reset-password`;
      await issueCode(user, 'reset-password', (code) => ({
        kind: 'reset-password-code',
        message: resetCodeMail(user.email, code, verifyUrl),
      }));
    },

    async confirmForgotPassword(opts: { pool: Pool; email: string; code: string; newPassword: string }): Promise<void> {
      const user = await repo.findUserByEmail(opts.pool, opts.email);
      if (!user) throw new AppError(400, ERROR_CODES.codeMismatch, MESSAGES.codeInvalid);
      await useCode(user, 'reset-password', opts.code);
      const passwordHash = await hashPassword(opts.newPassword);
      await db.transaction(async (tx) => {
        const r = createAuthRepository(tx);
        // the code proved the mailbox, so the address counts as verified from now on
        await r.updateUser(user.id, { passwordHash, emailVerified: true });
        await r.revokeUserSessions(user.id);
        await r.audit({
          actorUserId: user.id,
          companyId: user.companyId,
          action: 'auth.reset-password',
          targetType: 'user',
          targetId: user.id,
        });
      });
      accountFailures.reset(`${opts.pool}:${opts.email}`);
    },

    /** Returns false for a wrong old password; on success every session of the user ends. */
    async changePassword(opts: { auth: AuthContext; oldPassword: string; newPassword: string }): Promise<boolean> {
      const user = await repo.findUserByEmail(opts.auth.pool, opts.auth.email);
      if (!user) throw noUser();
      const accountKey = `${user.pool}:${user.email}`;
      const state = accountFailures.check(accountKey);
      if (state.blocked) throw tooMany(state.retryAfterMs);
      if (!(await verifyPassword(user.passwordHash, opts.oldPassword))) {
        accountFailures.fail(accountKey);
        return false;
      }
      const passwordHash = await hashPassword(opts.newPassword);
      await db.transaction(async (tx) => {
        const r = createAuthRepository(tx);
        await r.updateUser(user.id, { passwordHash });
        await r.revokeUserSessions(user.id);
        await r.audit({
          actorUserId: user.id,
          companyId: user.companyId,
          action: 'auth.change-password',
          targetType: 'user',
          targetId: user.id,
        });
      });
      return true;
    },

    /** Creates or repairs a confirmed admin with the given password (ADMIN_EMAIL / ADMIN_PASSWORD). */
    async ensureAdmin(opts: { email: string; password: string }): Promise<'created' | 'updated' | 'unchanged'> {
      const existing = await repo.findUserByEmail('admin', opts.email);
      if (existing) {
        if (existing.emailVerified && (await verifyPassword(existing.passwordHash, opts.password))) return 'unchanged';
        await repo.updateUser(existing.id, {
          passwordHash: await hashPassword(opts.password),
          emailVerified: true,
          status: 'active',
        });
        return 'updated';
      }
      await repo.insertUser({
        pool: 'admin',
        email: opts.email,
        passwordHash: await hashPassword(opts.password),
        emailVerified: true,
        role: 'admin',
        status: 'active',
        firstName: 'Platform',
        lastName: 'Admin',
      });
      return 'created';
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
