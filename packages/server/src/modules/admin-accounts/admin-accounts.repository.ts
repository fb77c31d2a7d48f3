import type { AccountSort } from '@under/core/admin-accounts/admin-accounts.schema';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { applications, billingPayments, companies, memberships, users } from '../../db/schema/index';

// members whose own status is active (client pool)
const activeMembers = sql<number>`(select count(*)::int from "users" "u" where "u"."company_id" = "companies"."id" and "u"."pool" = 'client' and "u"."status" = 'active')`;

// sort keys map to fixed SQL; nothing the caller sends is spliced into the statement
const SORT_SQL: Record<AccountSort, SQL> = {
  name: sql`lower(${companies.name})`,
  createdAt: sql`${companies.createdAt}`,
  membership: sql`${memberships.priceCents}`,
  status: sql`${companies.status}`,
  members: activeMembers,
};

export interface AccountListParams {
  page: number;
  pageSize: number;
  q?: string;
  subscriptions?: string[];
  ids?: string[];
  sort: AccountSort;
  order: 'asc' | 'desc';
}

const accountColumns = {
  id: companies.id,
  name: companies.name,
  status: companies.status,
  membershipId: companies.membershipId,
  membershipName: memberships.name,
  activeMembers,
  createdAt: companies.createdAt,
};
export type AccountRow = {
  id: string;
  name: string;
  status: string;
  membershipId: string;
  membershipName: string;
  activeMembers: number;
  createdAt: Date;
};

export function createAdminAccountsRepository(db: DbOrTx) {
  return {
    /**
     * Payments received in [from, to), in cents, for the admin overview: what was charged then (paid, or paid and
     * refunded since) less what was refunded then, whenever it had been charged.
     */
    async revenueCents({ from, to }: { from: Date; to: Date }): Promise<number> {
      const p = billingPayments;
      const chargedThen = sql`${p.status} in ('paid', 'refunded') and ${p.settledAt} >= ${from} and ${p.settledAt} < ${to}`;
      const refundedThen = sql`${p.status} = 'refunded' and ${p.refundedAt} >= ${from} and ${p.refundedAt} < ${to}`;
      const [row] = await db
        .select({
          cents: sql<string>`coalesce(sum(${p.amountCents}) filter (where ${chargedThen}), 0)
            - coalesce(sum(${p.amountCents}) filter (where ${refundedThen}), 0)`,
        })
        .from(p)
        .where(or(chargedThen, refundedThen));
      return Number(row?.cents ?? 0);
    },

    async listAccounts(p: AccountListParams): Promise<{ rows: AccountRow[]; total: number }> {
      const where = and(
        p.q ? ilike(companies.name, likePattern(p.q)) : undefined,
        p.subscriptions?.length ? inArray(companies.membershipId, p.subscriptions) : undefined,
        p.ids?.length ? inArray(companies.id, p.ids) : undefined,
      );
      const sort = SORT_SQL[p.sort];
      const rows = await db
        .select(accountColumns)
        .from(companies)
        .innerJoin(memberships, eq(memberships.id, companies.membershipId))
        .where(where)
        .orderBy(p.order === 'asc' ? asc(sort) : desc(sort), asc(companies.id))
        .limit(p.pageSize)
        .offset((p.page - 1) * p.pageSize);
      const [total] = await db.select({ n: count() }).from(companies).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async findAccount(companyId: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select(accountColumns)
        .from(companies)
        .innerJoin(memberships, eq(memberships.id, companies.membershipId))
        .where(eq(companies.id, companyId));
      return row;
    },

    async findMembership(membershipId: string) {
      const [row] = await db.select().from(memberships).where(eq(memberships.id, membershipId));
      return row;
    },

    /** The company's client users for its summary, newest last; bounded (a summary, not the team screen). */
    async listMembers(companyId: string, limit: number) {
      return db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
          status: users.status,
        })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.pool, 'client')))
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(limit);
    },

    async countAccounts(): Promise<{ total: number; active: number }> {
      const rows = await db.select({ status: companies.status, n: count() }).from(companies).groupBy(companies.status);
      return {
        total: rows.reduce((sum, r) => sum + r.n, 0),
        active: rows.find((r) => r.status === 'active')?.n ?? 0,
      };
    },

    /** An account's applications by status (the summary shows the listed ones: unsubmitted drafts are left out). */
    async countApplicationsByStatus(companyId: string): Promise<Record<string, number>> {
      const rows = await db
        .select({ status: applications.status, n: count() })
        .from(applications)
        .where(and(eq(applications.companyId, companyId), ne(applications.status, 'draft')))
        .groupBy(applications.status);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },

    /** Applications started in [from, to) across every account, unsubmitted drafts left out (the lists' rule). */
    async countApplicationsCreated(from: Date, to: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(applications)
        .where(
          and(gte(applications.createdAt, from), lt(applications.createdAt, to), ne(applications.status, 'draft')),
        );
      return row?.n ?? 0;
    },

    async listAdminUsers() {
      return db.select().from(users).where(eq(users.pool, 'admin')).orderBy(asc(users.createdAt), asc(users.id));
    },

    /**
     * The active admin users, locked until the transaction ends: two deactivations at once take turns, and the
     * second sees the first's change (PostgreSQL re-checks a locked row's condition after waiting for it).
     */
    async lockActiveAdmins() {
      return db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.pool, 'admin'), eq(users.status, 'active')))
        .orderBy(asc(users.id))
        .for('update');
    },
  };
}
