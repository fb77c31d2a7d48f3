import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditEvents, authCodes, companies, sessions, users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type CodePurpose = 'confirm-sign-up' | 'reset-password';

export function createAuthRepository(db: DbOrTx) {
  return {
    async findUserByEmail(pool: string, email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.pool, pool), eq(users.email, email)))
        .limit(1);
      return row;
    },

    async insertUser(values: typeof users.$inferInsert): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateUser(id: string, patch: Partial<typeof users.$inferInsert>): Promise<void> {
      await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id));
    },

    /** A new code replaces every earlier one of the same purpose: only the latest e-mail works. */
    async replaceCode(userId: string, purpose: CodePurpose, codeHash: string, expiresAt: Date): Promise<void> {
      await db.delete(authCodes).where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose)));
      await db.insert(authCodes).values({ userId, purpose, codeHash, expiresAt });
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

    /**
     * The session behind an access token (its current one, or the one handed to a refresh's twin within the
     * grace), with its user and the user's company status.
     */
    async findSessionByAccessHash(accessTokenHash: string) {
      const [row] = await db
        .select({ session: sessions, user: users, companyStatus: companies.status })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(or(eq(sessions.accessTokenHash, accessTokenHash), eq(sessions.graceAccessTokenHash, accessTokenHash)))
        .limit(1);
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

    async audit(event: typeof auditEvents.$inferInsert): Promise<void> {
      await db.insert(auditEvents).values(event);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
