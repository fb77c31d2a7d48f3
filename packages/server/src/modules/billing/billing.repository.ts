import { and, asc, count, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { billingPayments, companies, memberships, subscriptions, users } from '../../db/schema/index';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof billingPayments.$inferSelect;
type NewPayment = typeof billingPayments.$inferInsert;

/** Subscriptions and payment rows (decision 032): the only Drizzle code of billing. */
export function createBillingRepository(db: DbOrTx) {
  return {
    async findSubscription(companyId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)).limit(1);
      return row;
    },

    /** The company's row (created on first use), locked until the transaction ends. */
    async lockSubscription(companyId: string): Promise<SubscriptionRow> {
      await db.insert(subscriptions).values({ companyId }).onConflictDoNothing();
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)).for('update');
      if (!row) throw new Error('subscription row missing');
      return row;
    },

    /** Applies a change and bumps the version (a user's charge decided on an older version is refused). */
    async updateSubscription(companyId: string, patch: Partial<typeof subscriptions.$inferInsert>, at: Date) {
      await db
        .update(subscriptions)
        .set({ ...patch, version: sql`${subscriptions.version} + 1`, updatedAt: at })
        .where(eq(subscriptions.companyId, companyId));
    },

    /** The gateway's customer of the company: not a change of plan, so the version stays. */
    async setCustomer(companyId: string, customerId: string) {
      await db.insert(subscriptions).values({ companyId }).onConflictDoNothing();
      await db
        .update(subscriptions)
        .set({ gatewayCustomerId: customerId })
        .where(eq(subscriptions.companyId, companyId));
    },

    async findMembership(id: string) {
      const [row] = await db.select().from(memberships).where(eq(memberships.id, id)).limit(1);
      return row;
    },

    /** Inserts a pending charge unless its idempotency key exists; answers the row only when this call made it. */
    async insertPending(values: NewPayment): Promise<PaymentRow | undefined> {
      const [row] = await db
        .insert(billingPayments)
        .values({ ...values, status: 'pending' })
        .onConflictDoNothing({ target: billingPayments.idempotencyKey })
        .returning();
      return row;
    },

    /** Settles a pending charge; answers the row only when it was still pending (one settlement per charge). */
    async settle(id: string, patch: Partial<NewPayment>): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(billingPayments)
        .set(patch)
        .where(and(eq(billingPayments.id, id), eq(billingPayments.status, 'pending')))
        .returning();
      return row;
    },

    async markRefunded(id: string, refundId: string, at: Date): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(billingPayments)
        .set({ status: 'refunded', gatewayRefundId: refundId, refundedAt: at })
        .where(and(eq(billingPayments.id, id), eq(billingPayments.status, 'paid')))
        .returning();
      return row;
    },

    async findPayment(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(billingPayments).where(eq(billingPayments.id, id)).limit(1);
      return row;
    },

    /** Settled charges of a company, newest first (pending ones are not history yet). */
    async listPayments(companyId: string, page: number, pageSize: number) {
      const where = and(
        eq(billingPayments.companyId, companyId),
        inArray(billingPayments.status, ['paid', 'failed', 'refunded']),
      );
      const rows = await db
        .select({ payment: billingPayments, membershipName: memberships.name })
        .from(billingPayments)
        .innerJoin(memberships, eq(memberships.id, billingPayments.membershipId))
        .where(where)
        .orderBy(desc(billingPayments.createdAt), desc(billingPayments.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(billingPayments).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** Charges left pending before `before`: a process died between the row and the gateway's answer. */
    async listStalePending(before: Date): Promise<PaymentRow[]> {
      return db
        .select()
        .from(billingPayments)
        .where(and(eq(billingPayments.status, 'pending'), lt(billingPayments.createdAt, before)))
        .orderBy(asc(billingPayments.createdAt))
        .limit(100);
    },

    /** Companies whose trial or paid period has ended by `at`. */
    async listDue(at: Date): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.status, ['trialing', 'active', 'past_due']),
            lte(subscriptions.currentPeriodEnd, at),
          ),
        )
        .orderBy(asc(subscriptions.currentPeriodEnd))
        .limit(200);
    },

    /** Failed renewal attempts for the period starting at `periodStart`. */
    async countFailedRenewals(companyId: string, periodStart: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(billingPayments)
        .where(
          and(
            eq(billingPayments.companyId, companyId),
            eq(billingPayments.kind, 'renewal'),
            eq(billingPayments.periodStart, periodStart),
            eq(billingPayments.status, 'failed'),
          ),
        );
      return row?.n ?? 0;
    },

    /** Active client members, those to keep first: administrators, then by seniority (decision 032). */
    async listActiveMembersByPriority(companyId: string) {
      return db
        .select({ id: users.id, email: users.email, role: users.role })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.pool, 'client'), eq(users.status, 'active')))
        .orderBy(sql`case when ${users.role} = 'ADMINISTRATOR' then 0 else 1 end`, asc(users.createdAt), asc(users.id));
    },

    async deactivateUsers(ids: string[], at: Date) {
      if (!ids.length) return;
      await db.update(users).set({ status: 'inactive', updatedAt: at }).where(inArray(users.id, ids));
    },

    async setCompanyMembership(companyId: string, membershipId: string, at: Date) {
      await db.update(companies).set({ membershipId, updatedAt: at }).where(eq(companies.id, companyId));
    },

    /** The e-mail addresses of the company's active administrators (billing mails go to them). */
    async administratorEmails(companyId: string): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(
          and(
            eq(users.companyId, companyId),
            eq(users.pool, 'client'),
            eq(users.role, 'ADMINISTRATOR'),
            eq(users.status, 'active'),
          ),
        );
      return rows.map((r) => r.email);
    },
  };
}
