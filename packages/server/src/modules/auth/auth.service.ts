import { effectiveUserStatus } from '@under/core/accounts/enums';
import { ERROR_CODES } from '@under/core/api/error.schema';
import type { Pool } from '@under/core/auth/pools';
import {
  ACCESS_TOKEN_TTL_MS,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  COOKIE_DEFAULT_LIFETIME_HOURS,
  SESSION_TIMEOUT_MS,
} from '@under/core/constants';
import { resetCodeText, signUpCodeText } from '@under/core/ui-text/mails';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../auth-context';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { writeAudit } from '../../db/repositories/audit.repository';
import { createUsersRepository, type UserRow } from '../../db/repositories/users.repository';
import { AppError } from '../../errors';
import { composeMail } from '../../infra/mail/compose';
import {
  burnPasswordCheck,
  hashCode,
  hashPassword,
  hashToken,
  newCode,
  newToken,
  safeEqual,
  verifyPassword,
} from '../../security/secrets';
import { addressKey, THROTTLE_RULES as RULES, type Throttles } from '../../security/throttles';
import type { MailService, OutgoingMail } from '../mail/mail.service';
import { type CodePurpose, createAuthRepository, type SessionRow } from './auth.repository';

interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

/** A session lives at most as long as the refresh cookie (spec: cookie lifetime 60 hours). */
export const SESSION_MAX_MS = COOKIE_DEFAULT_LIFETIME_HOURS * 3_600_000;
// Writing last-activity on every request would make every read a write; a minute is precise enough.
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;
// Two tabs may refresh with the same cookie at once; the loser is let through within this grace after the rotation.
export const REFRESH_REUSE_GRACE_MS = 30_000;
// Stands in for "no user" where a query must still run, so unknown e-mails cost the same work as known ones.
const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

// One code for an unknown e-mail and a wrong password: the answer must not tell which e-mails have accounts.
const invalidCredentials = () => new AppError(ERROR_CODES.invalidCredentials);
const noUser = () => new AppError(ERROR_CODES.noUser);
const deactivated = () => new AppError(ERROR_CODES.userDeactivated);

interface AuthServiceDeps {
  db: Db;
  /** Code e-mails are written to the outbox in the transaction that issues the code (decision 023). */
  mail: MailService;
  log: FastifyBaseLogger;
  codeSecret: string;
  publicUrl: string;
  now?: Clock;
  /** Shared throttles (decision 019). */
  throttles: Throttles;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, mail, codeSecret, publicUrl } = deps;
  const now = deps.now ?? Date.now;
  const repo = createAuthRepository(db);
  const users = createUsersRepository(db);
  const { throttles } = deps;

  /**
   * A new code and its e-mail, written together; the outbox sends the mail after the commit. Nothing is issued
   * when the mailbox had its share this hour, and the caller answers as if it had been (a refusal would tell that
   * the account exists). An address the user has signed in from before is not held by that share, so strangers
   * filling it cannot stop the owner's reset.
   */
  async function issueCode(
    user: UserRow,
    purpose: CodePurpose,
    mailFor: (code: string) => Omit<OutgoingMail, 'key'>,
    ip?: string,
  ): Promise<void> {
    const familiar = ip !== undefined && (await repo.hasSessionFrom(user.id, ip));
    if (!familiar && !(await throttles.tryTake(RULES.codeMail, `${purpose}:${user.pool}:${user.email}`))) {
      return;
    }
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

  /**
   * Checks and consumes a code. Every guess RESERVES one of the code's attempts before it is compared (one atomic
   * update), so a burst of parallel guesses gets at most CODE_MAX_ATTEMPTS comparisons; the code dies at the limit.
   */
  async function useCode(user: UserRow, purpose: CodePurpose, code: string): Promise<void> {
    const row = await repo.findLatestCode(user.id, purpose);
    if (!row) throw new AppError(ERROR_CODES.codeMismatch);
    if (row.expiresAt.getTime() <= now()) throw new AppError(ERROR_CODES.codeExpired);
    const attempts = await repo.countCodeAttempt(row.id, CODE_MAX_ATTEMPTS);
    if (attempts === undefined) throw new AppError(ERROR_CODES.tooManyAttempts);
    if (safeEqual(row.codeHash, hashCode(codeSecret, user.id, purpose, code))) {
      if (await repo.consumeCode(row.id)) return;
      throw new AppError(ERROR_CODES.codeMismatch);
    }
    if (attempts >= CODE_MAX_ATTEMPTS) {
      throw new AppError(ERROR_CODES.tooManyAttempts);
    }
    throw new AppError(ERROR_CODES.codeMismatch);
  }

  /** Counts a code e-mail request against the e-mail (known or not) at this address, and against the address. */
  async function takeCodeRequest(purpose: CodePurpose, pool: Pool, email: string, ip: string): Promise<void> {
    const address = addressKey(ip);
    await throttles.take([
      [RULES.codeRequestEmailAddress, `${purpose}:${pool}:${email}:${address}`],
      [RULES.codeRequestAddress, address],
    ]);
  }

  /** Not revoked, of this pool, within its lifetime and not idle for the time-out. */
  function isLive(session: SessionRow, pool: Pool): boolean {
    const t = now();
    return (
      session.pool === pool &&
      !session.revokedAt &&
      session.expiresAt.getTime() > t &&
      session.lastActivityAt.getTime() + SESSION_TIMEOUT_MS > t
    );
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
    /**
     * Creates an unconfirmed client user and e-mails a 6-digit code. An existing e-mail is answered with the spec's
     * 409; every sign-up counts against the address first, so that answer cannot be collected in bulk.
     */
    async signUp(opts: {
      pool: Pool;
      email: string;
      password: string;
      sessionCode?: string;
      ip: string;
    }): Promise<void> {
      await throttles.take([[RULES.accountLookupAddress, addressKey(opts.ip)]]);
      if (await users.findUserByEmail(opts.pool, opts.email)) {
        throw new AppError(ERROR_CODES.accountExists);
      }
      const passwordHash = await hashPassword(opts.password);
      let outboxId: string | undefined;
      try {
        await db.transaction(async (tx) => {
          const r = createAuthRepository(tx);
          const user = await createUsersRepository(tx).insertUser({
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
            message: composeMail(opts.email, signUpCodeText(code, publicUrl)),
          });
          await writeAudit(tx, { actorUserId: user.id, action: 'auth.sign-up', targetType: 'user', targetId: user.id });
        });
      } catch (err) {
        // two sign-ups of one e-mail racing: the unique index decides, the loser gets the same answer
        if (isUniqueViolation(err)) throw new AppError(ERROR_CODES.accountExists);
        throw err;
      }
      await mail.dispatch(outboxId);
    },

    async confirmSignUp(opts: { pool: Pool; email: string; code: string; ip: string }): Promise<void> {
      await throttles.take([[RULES.codeCheckAddress, addressKey(opts.ip)]]);
      const user = await users.findUserByEmail(opts.pool, opts.email);
      if (!user) throw new AppError(ERROR_CODES.codeMismatch);
      if (user.emailVerified) {
        // "already confirmed" only to whoever holds the code that confirmed it: otherwise it tells who has an account
        const used = await repo.findLatestCode(user.id, 'confirm-sign-up', true);
        if (used && safeEqual(used.codeHash, hashCode(codeSecret, user.id, 'confirm-sign-up', opts.code))) {
          throw new AppError(ERROR_CODES.alreadyConfirmed);
        }
        throw new AppError(ERROR_CODES.codeMismatch);
      }
      await useCode(user, 'confirm-sign-up', opts.code);
      await db.transaction(async (tx) => {
        await createUsersRepository(tx).updateUser(user.id, { emailVerified: true });
        await writeAudit(tx, {
          actorUserId: user.id,
          action: 'auth.confirm-sign-up',
          targetType: 'user',
          targetId: user.id,
        });
      });
    },

    /**
     * Answers the same (429s included) whether or not the account exists: the throttles count the e-mail and the
     * address before anything is looked up.
     */
    async resendCode(opts: { pool: Pool; email: string; ip: string }): Promise<void> {
      await takeCodeRequest('confirm-sign-up', opts.pool, opts.email, opts.ip);
      const user = await users.findUserByEmail(opts.pool, opts.email);
      if (!user || user.emailVerified) return;
      await issueCode(
        user,
        'confirm-sign-up',
        (code) => ({ kind: 'sign-up-code', message: composeMail(user.email, signUpCodeText(code, publicUrl)) }),
        opts.ip,
      );
    },

    /**
     * Checks the password only after RESERVING the attempt in every throttle that applies (decision 019): per
     * account and address, per address, and per account from unfamiliar addresses. A burst of any size, from any
     * number of instances, gets at most the limit of password checks; a correct password gives its hits back.
     * Unknown e-mails are counted, refused and timed exactly like wrong passwords.
     */
    async signIn(opts: {
      pool: Pool;
      email: string;
      password: string;
      ip: string;
      userAgent?: string;
    }): Promise<IssuedTokens> {
      const address = addressKey(opts.ip);
      const account = `${opts.pool}:${opts.email}`;
      const user = await users.findUserByEmail(opts.pool, opts.email);
      // an account of the other pool is answered exactly like an unknown one: admin e-mails stay private
      const familiar = await repo.hasSessionFrom(user?.id ?? NO_USER_ID, opts.ip);
      const held = await throttles.take([
        [RULES.signInAccountAddress, `${account}:${address}`],
        [RULES.signInAccountAddressDay, `${account}:${address}`],
        [RULES.signInAddress, address],
        ...(familiar
          ? []
          : ([
              [RULES.signInAccount, account],
              [RULES.signInAccountDay, account],
            ] as const)),
      ]);
      if (!user) {
        await burnPasswordCheck(opts.password);
        throw invalidCredentials();
      }
      if (!(await verifyPassword(user.passwordHash, opts.password))) throw invalidCredentials();
      await throttles.giveBack(held);
      if (!user.emailVerified) throw new AppError(ERROR_CODES.userNotConfirmed);
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
        await writeAudit(tx, {
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
     * Swaps a refresh token for new tokens. The old refresh token is remembered: presented again within the grace
     * after its ROTATION (a second tab that refreshed at the same moment), it gets a second access token that leaves
     * the current one alone, and no refresh token; presented later, it was copied, and the session ends.
     */
    async refresh(opts: {
      pool: Pool;
      refreshToken: string | undefined;
    }): Promise<IssuedTokens & { rotated: boolean }> {
      if (!opts.refreshToken) throw noUser();
      const presented = hashToken(opts.refreshToken);
      const found = await repo.findSessionByRefreshHash(presented);
      if (found) {
        const { session, user, companyStatus } = found;
        // A deactivation revokes the member's sessions: say why, so the app can show /deactivated-account.
        if (session.revokedAt && !isActive(user, companyStatus)) throw deactivated();
        if (!isLive(session, opts.pool)) throw noUser();
        if (!isActive(user, companyStatus)) {
          await repo.revokeSession(session.id);
          throw deactivated();
        }
        const t = tokensFor();
        const rotated = await repo.rotateSession(session.id, presented, {
          accessTokenHash: t.accessHash,
          accessExpiresAt: new Date(now() + ACCESS_TOKEN_TTL_MS),
          refreshTokenHash: t.refreshHash,
          lastActivityAt: new Date(now()),
          rotatedAt: new Date(now()),
        });
        if (rotated) {
          return { accessToken: t.accessToken, refreshToken: t.refreshToken, expiresIn: t.expiresIn, rotated: true };
        }
        // another request rotated this very token a moment ago: this one is its twin
      }
      const reused = await repo.findSessionByPreviousRefreshHash(presented);
      if (!reused) throw noUser();
      const rotatedAt = reused.rotatedAt?.getTime();
      const inGrace = rotatedAt !== undefined && now() - rotatedAt < REFRESH_REUSE_GRACE_MS;
      if (!inGrace) {
        await repo.revokeSession(reused.id);
        throw noUser();
      }
      const twin = await repo.findSessionByRefreshHash(reused.refreshTokenHash);
      if (!twin || !isLive(twin.session, opts.pool)) throw noUser();
      if (!isActive(twin.user, twin.companyStatus)) throw deactivated();
      const accessToken = newToken('ua');
      if (!(await repo.setGraceAccessToken(reused.id, presented, hashToken(accessToken)))) throw noUser();
      return { accessToken, refreshToken: '', expiresIn: ACCESS_TOKEN_TTL_MS / 1000, rotated: false };
    },

    /** Ends the session of the refresh cookie or of the bearer token. Never fails. */
    async signOut(opts: { refreshToken?: string; accessToken?: string }): Promise<void> {
      if (opts.refreshToken) {
        const found = await repo.findSessionByRefreshHash(hashToken(opts.refreshToken));
        if (found) await repo.revokeSession(found.session.id);
      }
      if (opts.accessToken) {
        const found = await repo.findPrincipalByAccessHash(hashToken(opts.accessToken));
        if (found) await repo.revokeSession(found.sessionId);
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
      if (p.accessExpiresAt.getTime() <= t) throw new AppError(ERROR_CODES.tokenExpired);
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

    /**
     * Mails a reset code. Answers the same (429s included) whether or not the account exists; the per-mailbox cap
     * is silent, and an address the user signed in from before is not held by it, so nobody can block a reset.
     * Without `ip` (a team administrator's "reset password" for a member) only the mailbox cap applies.
     */
    async forgotPassword(opts: { pool: Pool; email: string; ip?: string }): Promise<void> {
      if (opts.ip !== undefined) await takeCodeRequest('reset-password', opts.pool, opts.email, opts.ip);
      const user = await users.findUserByEmail(opts.pool, opts.email);
      if (!user) return;
      const verifyUrl = `${publicUrl}${opts.pool === 'admin' ? '/admin' : ''}/verify-reset-password`;
      await issueCode(
        user,
        'reset-password',
        (code) => ({ kind: 'reset-password-code', message: composeMail(user.email, resetCodeText(code, verifyUrl)) }),
        opts.ip,
      );
    },

    async confirmForgotPassword(opts: {
      pool: Pool;
      email: string;
      code: string;
      newPassword: string;
      ip: string;
    }): Promise<void> {
      await throttles.take([[RULES.codeCheckAddress, addressKey(opts.ip)]]);
      const user = await users.findUserByEmail(opts.pool, opts.email);
      if (!user) throw new AppError(ERROR_CODES.codeMismatch);
      await useCode(user, 'reset-password', opts.code);
      const passwordHash = await hashPassword(opts.newPassword);
      await db.transaction(async (tx) => {
        // the code proved the mailbox, so the address counts as verified from now on
        await createUsersRepository(tx).updateUser(user.id, { passwordHash, emailVerified: true });
        await createAuthRepository(tx).revokeUserSessions(user.id);
        await writeAudit(tx, {
          actorUserId: user.id,
          companyId: user.companyId,
          action: 'auth.reset-password',
          targetType: 'user',
          targetId: user.id,
        });
      });
      // the code proved the mailbox: the failed sign-ins counted against the account are forgiven
      const account = `${opts.pool}:${opts.email}`;
      await throttles.clear([
        [RULES.signInAccount, account],
        [RULES.signInAccountDay, account],
        [RULES.signInAccountAddress, `${account}:${addressKey(opts.ip)}`],
        [RULES.signInAccountAddressDay, `${account}:${addressKey(opts.ip)}`],
      ]);
    },

    /** Returns false for a wrong old password; on success every session of the user ends. */
    async changePassword(opts: { auth: AuthContext; oldPassword: string; newPassword: string }): Promise<boolean> {
      const user = await users.findUserByEmail(opts.auth.pool, opts.auth.email);
      if (!user) throw noUser();
      const held = await throttles.take([[RULES.changePassword, user.id]]);
      if (!(await verifyPassword(user.passwordHash, opts.oldPassword))) return false;
      await throttles.giveBack(held);
      const passwordHash = await hashPassword(opts.newPassword);
      await db.transaction(async (tx) => {
        await createUsersRepository(tx).updateUser(user.id, { passwordHash });
        await createAuthRepository(tx).revokeUserSessions(user.id);
        await writeAudit(tx, {
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
      const existing = await users.findUserByEmail('admin', opts.email);
      if (existing) {
        if (existing.emailVerified && (await verifyPassword(existing.passwordHash, opts.password))) return 'unchanged';
        await users.updateUser(existing.id, {
          passwordHash: await hashPassword(opts.password),
          emailVerified: true,
          status: 'active',
        });
        return 'updated';
      }
      await users.insertUser({
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

    /**
     * Signs the user out everywhere, inside the caller's transaction (a team deactivation): every token of theirs
     * stops working on its next use. Other modules end sessions only through this, never in auth's tables.
     */
    async revokeUserSessions(tx: DbOrTx, userId: string): Promise<void> {
      await createAuthRepository(tx).revokeUserSessions(userId);
    },

    /** Signs every user of a company out everywhere, inside the caller's transaction (the company deactivated). */
    async revokeCompanySessions(tx: DbOrTx, companyId: string): Promise<void> {
      await createAuthRepository(tx).revokeCompanySessions(companyId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
