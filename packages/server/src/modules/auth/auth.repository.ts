import type { Membership } from '@under/core/accounts/membership.schema';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authCodes, companies, memberships, sessions, users } from '../../db/schema/index';

export type SessionRow = typeof sessions.$inferSelect;
export type CodePurpose = 'confirm-sign-up' | 'reset-password';

/**
 * What every signed-in call needs, in one indexed query: the session's checks, the user, the company's status
 * and, for GET /api/me, the names, the company and its plan. Only the columns used are read.
 */
interface Principal {
  sessionId: string;
  sessionPool: string;
  accessExpiresAt: Date;
  lastActivityAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  userId: string;
  userPool: string;
  email: string;
  role: string;
  userStatus: string;
  firstName: string | null;
  lastName: string | null;
  companyId: string | null;
  companyName: string | null;
  companyStatus: string | null;
  membership: Membership | null;
}

function principalQuery(db: DbOrTx, slot: 'current' | 'grace') {
  return (
    db
      .select({
        sessionId: sessions.id,
        sessionPool: sessions.pool,
        accessExpiresAt: sessions.accessExpiresAt,
        lastActivityAt: sessions.lastActivityAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        userId: users.id,
        userPool: users.pool,
        email: users.email,
        role: users.role,
        userStatus: users.status,
        firstName: users.firstName,
        lastName: users.lastName,
        companyId: users.companyId,
        companyName: companies.name,
        companyStatus: companies.status,
        membershipId: memberships.id,
        membershipName: memberships.name,
        membershipType: memberships.type,
        priceCents: memberships.priceCents,
        userQuota: memberships.userQuota,
        formQuota: memberships.formQuota,
        salesForce: memberships.salesForce,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(memberships, eq(memberships.id, companies.membershipId))
      // the current access token, or the one a replay inside the refresh grace was given (decision 019): two
      // single-index statements rather than one OR, since nearly every call is answered by the first
      .where(eq(slot === 'current' ? sessions.accessTokenHash : sessions.graceAccessTokenHash, sql.placeholder('hash')))
      .limit(1)
      .prepare(`auth_principal_by_${slot}_access_hash`)
  );
}

const principalQueries = new WeakMap<object, Record<'current' | 'grace', ReturnType<typeof principalQuery>>>();

export function createAuthRepository(db: DbOrTx) {
  return {
    /** The caller behind an access token (see Principal); prepared once per database. */
    async findPrincipalByAccessHash(accessTokenHash: string): Promise<Principal | undefined> {
      let queries = principalQueries.get(db);
      if (!queries) {
        queries = { current: principalQuery(db, 'current'), grace: principalQuery(db, 'grace') };
        principalQueries.set(db, queries);
      }
      let [row] = await queries.current.execute({ hash: accessTokenHash });
      if (!row) [row] = await queries.grace.execute({ hash: accessTokenHash });
      if (!row) return undefined;
      const { membershipId, membershipName, membershipType, priceCents, userQuota, formQuota, salesForce, ...rest } =
        row;
      return {
        ...rest,
        membership:
          membershipId === null ||
          membershipName === null ||
          membershipType === null ||
          priceCents === null ||
          userQuota === null ||
          formQuota === null ||
          salesForce === null
            ? null
            : {
                id: membershipId,
                name: membershipName,
                type: membershipType,
                priceCents,
                userQuota,
                formQuota,
                salesForce,
              },
      };
    },

    /** A new code replaces every earlier one of the same purpose: only the latest e-mail works. */
    /** Answers the new code's id (the cause of its e-mail in the outbox). */
    async replaceCode(userId: string, purpose: CodePurpose, codeHash: string, expiresAt: Date): Promise<string> {
      await db.delete(authCodes).where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose)));
      const [row] = await db
        .insert(authCodes)
        .values({ userId, purpose, codeHash, expiresAt })
        .returning({ id: authCodes.id });
      if (!row) throw new Error('code not written');
      return row.id;
    },

    /** The newest code of a purpose; with `includeUsed`, also when it was already consumed. */
    async findLatestCode(userId: string, purpose: CodePurpose, includeUsed = false) {
      const [row] = await db
        .select()
        .from(authCodes)
        .where(
          and(
            eq(authCodes.userId, userId),
            eq(authCodes.purpose, purpose),
            includeUsed ? undefined : isNull(authCodes.consumedAt),
          ),
        )
        .orderBy(desc(authCodes.createdAt))
        .limit(1);
      return row;
    },

    /** Counts a wrong guess atomically; returns the attempts so far, or undefined when already at the limit. */
    async countCodeAttempt(id: string, max: number): Promise<number | undefined> {
      const [row] = await db
        .update(authCodes)
        .set({ attempts: sql`${authCodes.attempts} + 1` })
        .where(and(eq(authCodes.id, id), lt(authCodes.attempts, max)))
        .returning({ attempts: authCodes.attempts });
      return row?.attempts;
    },

    /** True when this call consumed the code; false when another request used it first. */
    async consumeCode(id: string): Promise<boolean> {
      const rows = await db
        .update(authCodes)
        .set({ consumedAt: new Date() })
        .where(and(eq(authCodes.id, id), isNull(authCodes.consumedAt)))
        .returning({ id: authCodes.id });
      return rows.length === 1;
    },

    async insertSession(values: typeof sessions.$inferInsert): Promise<SessionRow> {
      const [row] = await db.insert(sessions).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async findSessionByRefreshHash(refreshTokenHash: string) {
      const [row] = await db
        .select({ session: sessions, user: users, companyStatus: companies.status })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(eq(sessions.refreshTokenHash, refreshTokenHash))
        .limit(1);
      return row;
    },

    async findSessionByPreviousRefreshHash(refreshTokenHash: string): Promise<SessionRow | undefined> {
      const [row] = await db
        .select()
        .from(sessions)
        .where(eq(sessions.previousRefreshTokenHash, refreshTokenHash))
        .limit(1);
      return row;
    },

    /**
     * Rotates the tokens only if `presentedRefreshHash` is still the current refresh token: of two refreshes racing
     * with one cookie, exactly one rotates (true); the other is the twin (false).
     */
    async rotateSession(
      id: string,
      presentedRefreshHash: string,
      patch: Pick<
        typeof sessions.$inferInsert,
        'accessTokenHash' | 'accessExpiresAt' | 'refreshTokenHash' | 'lastActivityAt' | 'rotatedAt'
      >,
    ): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ ...patch, graceAccessTokenHash: null, previousRefreshTokenHash: presentedRefreshHash })
        .where(
          and(eq(sessions.id, id), eq(sessions.refreshTokenHash, presentedRefreshHash), isNull(sessions.revokedAt)),
        )
        .returning({ id: sessions.id });
      return rows.length === 1;
    },

    /**
     * Gives the twin of a rotation a second access token, beside the current one (which is never touched), while
     * `previousRefreshHash` is still the token that the last rotation replaced.
     */
    async setGraceAccessToken(id: string, previousRefreshHash: string, graceAccessTokenHash: string): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ graceAccessTokenHash })
        .where(
          and(
            eq(sessions.id, id),
            eq(sessions.previousRefreshTokenHash, previousRefreshHash),
            isNull(sessions.revokedAt),
          ),
        )
        .returning({ id: sessions.id });
      return rows.length === 1;
    },

    /** Whether the user has ever had a session from this address (a familiar address, decision 019). */
    async hasSessionFrom(userId: string, ip: string): Promise<boolean> {
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)))
        .limit(1);
      return rows.length === 1;
    },

    async updateSession(id: string, patch: Partial<typeof sessions.$inferInsert>): Promise<void> {
      await db.update(sessions).set(patch).where(eq(sessions.id, id));
    },

    async revokeSession(id: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    async revokeUserSessions(userId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    async revokeCompanySessions(companyId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            isNull(sessions.revokedAt),
            inArray(sessions.userId, db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId))),
          ),
        );
    },
  };
}
