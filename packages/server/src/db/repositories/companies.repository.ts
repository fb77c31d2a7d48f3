import { and, asc, count, eq, gt, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { companies, customForms, invitations, memberships, users } from '../schema/index';

/**
 * The `companies` table with its plan (`memberships`), shared by the modules that read a company or decide on its
 * quota (companies, team, profiles, master-form access, seeding). The seat counts are here too: a plan's user quota
 * is spent by active members and by open invitations alike, so every quota decision reads them together.
 */
export type CompanyRow = typeof companies.$inferSelect;

export function createCompaniesRepository(db: DbOrTx) {
  return {
    async findCompanyWithMembership(companyId: string) {
      const [row] = await db
        .select({ company: companies, membership: memberships })
        .from(companies)
        .innerJoin(memberships, eq(memberships.id, companies.membershipId))
        .where(eq(companies.id, companyId))
        .limit(1);
      return row;
    },

    /**
     * The company row, locked until the transaction ends: quota decisions of one team (invites, activations) and
     * two logo changes at once take turns.
     */
    async lockCompany(companyId: string): Promise<CompanyRow | undefined> {
      const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).for('update');
      return row;
    },

    async updateCompany(companyId: string, patch: Partial<typeof companies.$inferInsert>): Promise<void> {
      await db
        .update(companies)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(companies.id, companyId));
    },

    async insertCompany(values: typeof companies.$inferInsert) {
      const [row] = await db.insert(companies).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Members whose own status is active (the company's status is applied by the caller). */
    async countActiveUsers(companyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.status, 'active'), eq(users.pool, 'client')));
      return row?.n ?? 0;
    },

    async countUsersByStatus(companyId: string): Promise<{ active: number; inactive: number }> {
      const rows = await db
        .select({ status: users.status, n: count() })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.pool, 'client')))
        .groupBy(users.status);
      const active = rows.find((r) => r.status === 'active')?.n ?? 0;
      const all = rows.reduce((sum, r) => sum + r.n, 0);
      return { active, inactive: all - active };
    },

    /** Open invitations that can still be accepted. */
    async countPendingInvitations(companyId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(invitations)
        .where(
          and(eq(invitations.companyId, companyId), eq(invitations.status, 'pending'), gt(invitations.expiresAt, now)),
        );
      return row?.n ?? 0;
    },

    /** Active custom forms: what the plan's form quota counts (the subscription's activatedForm). */
    async countActiveForms(companyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(customForms)
        .where(and(eq(customForms.companyId, companyId), eq(customForms.status, 'active')));
      return row?.n ?? 0;
    },

    /**
     * Deactivates the company's active custom forms beyond `quota` (-1: none), newest first, so the oldest ones stay
     * in use (a plan that ends, decision 032). Returns how many were deactivated.
     */
    async deactivateFormsBeyond(companyId: string, quota: number, at: Date): Promise<number> {
      if (quota < 0) return 0;
      const active = await db
        .select({ id: customForms.id })
        .from(customForms)
        .where(and(eq(customForms.companyId, companyId), eq(customForms.status, 'active')))
        .orderBy(asc(customForms.createdAt), asc(customForms.id));
      const extra = active.slice(quota).map((f) => f.id);
      if (extra.length === 0) return 0;
      await db.update(customForms).set({ status: 'inactive', updatedAt: at }).where(inArray(customForms.id, extra));
      return extra.length;
    },

    /** Custom forms of a company that are not archived (the admin's company summary). */
    async countCustomForms(companyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(customForms)
        .where(and(eq(customForms.companyId, companyId), ne(customForms.status, 'archived')));
      return row?.n ?? 0;
    },

    async listMemberships() {
      return db.select().from(memberships).orderBy(memberships.id);
    },

    async upsertMembership(values: typeof memberships.$inferInsert): Promise<void> {
      await db.insert(memberships).values(values).onConflictDoNothing();
    },
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
