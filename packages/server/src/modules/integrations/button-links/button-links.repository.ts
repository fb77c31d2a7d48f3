import { and, count, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { applications, buttonLinkDeliveries, buttonLinkIntegrations, companies, customForms } from '../../../db/schema';

export type ButtonLinkRow = typeof buttonLinkIntegrations.$inferSelect;
export type DeliveryRow = typeof buttonLinkDeliveries.$inferSelect;

/** A delivery that is due: queued and its time has come, or claimed by a worker whose lease ran out (it died). */
const due = (at: Date) =>
  or(
    and(eq(buttonLinkDeliveries.state, 'queued'), lte(buttonLinkDeliveries.nextAttemptAt, at)),
    and(eq(buttonLinkDeliveries.state, 'sending'), lte(buttonLinkDeliveries.leaseUntil, at)),
  );

/** Button links and their deliveries (decision 084). The only Drizzle code of the module. */
export function createButtonLinksRepository(db: DbOrTx) {
  return {
    async list() {
      return db
        .select({ link: buttonLinkIntegrations, companyName: companies.name })
        .from(buttonLinkIntegrations)
        .innerJoin(companies, eq(companies.id, buttonLinkIntegrations.companyId))
        .orderBy(companies.name, buttonLinkIntegrations.createdAt);
    },

    async find(id: string, opts: { lock?: boolean } = {}) {
      const q = db
        .select({ link: buttonLinkIntegrations, companyName: companies.name })
        .from(buttonLinkIntegrations)
        .innerJoin(companies, eq(companies.id, buttonLinkIntegrations.companyId))
        .where(eq(buttonLinkIntegrations.id, id));
      const [row] = await (opts.lock ? q.for('update', { of: buttonLinkIntegrations }) : q);
      return row;
    },

    async companyExists(companyId: string) {
      const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
      return row !== undefined;
    },

    async insert(row: typeof buttonLinkIntegrations.$inferInsert) {
      await db.insert(buttonLinkIntegrations).values(row);
    },

    async update(id: string, set: Partial<typeof buttonLinkIntegrations.$inferInsert>) {
      await db.update(buttonLinkIntegrations).set(set).where(eq(buttonLinkIntegrations.id, id));
    },

    async activeFor(companyId: string) {
      return db
        .select()
        .from(buttonLinkIntegrations)
        .where(and(eq(buttonLinkIntegrations.companyId, companyId), eq(buttonLinkIntegrations.status, 'active')));
    },

    /**
     * What events say about these applications (company, status, form: its name and version), each with an active
     * link of its company, in one query: an application whose company has no active link is absent.
     */
    async linkedFacts(applicationIds: readonly string[]) {
      if (applicationIds.length === 0) return [];
      return db
        .select({
          facts: {
            id: applications.id,
            companyId: applications.companyId,
            status: applications.status,
            formId: applications.customFormId,
            formVersion: applications.formVersion,
            formName: customForms.name,
          },
          link: buttonLinkIntegrations,
        })
        .from(applications)
        .innerJoin(customForms, eq(customForms.id, applications.customFormId))
        .innerJoin(
          buttonLinkIntegrations,
          and(
            eq(buttonLinkIntegrations.companyId, applications.companyId),
            eq(buttonLinkIntegrations.status, 'active'),
          ),
        )
        .where(inArray(applications.id, [...new Set(applicationIds)]));
    },

    async insertDeliveries(rows: (typeof buttonLinkDeliveries.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(buttonLinkDeliveries).values(rows);
    },

    async findDelivery(integrationId: string, id: string) {
      const [row] = await db
        .select()
        .from(buttonLinkDeliveries)
        .where(and(eq(buttonLinkDeliveries.id, id), eq(buttonLinkDeliveries.integrationId, integrationId)));
      return row;
    },

    async page(integrationId: string, opts: { limit: number; offset: number }) {
      const rows = await db
        .select()
        .from(buttonLinkDeliveries)
        .where(eq(buttonLinkDeliveries.integrationId, integrationId))
        .orderBy(desc(buttonLinkDeliveries.createdAt), desc(buttonLinkDeliveries.id))
        .limit(opts.limit)
        .offset(opts.offset);
      const [total] = await db
        .select({ n: count() })
        .from(buttonLinkDeliveries)
        .where(eq(buttonLinkDeliveries.integrationId, integrationId));
      return { rows, total: total?.n ?? 0 };
    },

    /** Takes a due delivery for one attempt (attempts + 1 is the claim's fencing token), with its integration. */
    async claim(id: string, at: Date, leaseUntil: Date) {
      const [row] = await db
        .update(buttonLinkDeliveries)
        .set({ state: 'sending', attempts: sql`${buttonLinkDeliveries.attempts} + 1`, leaseUntil })
        .where(and(eq(buttonLinkDeliveries.id, id), due(at)))
        .returning();
      if (!row) return undefined;
      const [link] = await db
        .select()
        .from(buttonLinkIntegrations)
        .where(eq(buttonLinkIntegrations.id, row.integrationId));
      return link ? { delivery: row, link } : undefined;
    },

    /**
     * The attempt's outcome, only if the claim is still this worker's (same attempt, still sending). A retry of a
     * delivery a resend superseded while this attempt was in flight (its `lastError` is `supersededMark`) is not
     * queued again: it fails with that mark, and the receiver gets the event from the resend only. The mark is read
     * from the row being updated, so a resend committing meanwhile is seen (the update waits for its row lock).
     * Answers the state written, or undefined when the claim was no longer this worker's.
     */
    async finish(
      id: string,
      attempt: number,
      set: Pick<DeliveryRow, 'state' | 'nextAttemptAt' | 'responseCode' | 'durationMs' | 'lastError' | 'deliveredAt'>,
      supersededMark: string,
    ) {
      const superseded = sql`(${set.state} = 'queued' and ${buttonLinkDeliveries.lastError} is not distinct from ${supersededMark})`;
      const rows = await db
        .update(buttonLinkDeliveries)
        .set({
          ...set,
          state: sql`case when ${superseded} then 'failed' else ${set.state} end`,
          lastError: sql`case when ${superseded} then ${supersededMark} else ${set.lastError} end`,
          leaseUntil: null,
        })
        .where(
          and(
            eq(buttonLinkDeliveries.id, id),
            eq(buttonLinkDeliveries.state, 'sending'),
            eq(buttonLinkDeliveries.attempts, attempt),
          ),
        )
        .returning({ state: buttonLinkDeliveries.state });
      return rows[0]?.state;
    },

    /**
     * A resend of its event replaces this delivery: one waiting for its next attempt (or whose worker died, its lease
     * run out) fails at once with `lastError`; one being sent now is marked with it, and `finish` then does not
     * queue it again (decision 084).
     */
    async supersede(id: string, lastError: string, at: Date) {
      const now = sql`(${buttonLinkDeliveries.state} = 'queued' or ${buttonLinkDeliveries.leaseUntil} <= ${at})`;
      const rows = await db
        .update(buttonLinkDeliveries)
        .set({
          state: sql`case when ${now} then 'failed' else ${buttonLinkDeliveries.state} end`,
          leaseUntil: sql`case when ${now} then null else ${buttonLinkDeliveries.leaseUntil} end`,
          lastError,
        })
        .where(and(eq(buttonLinkDeliveries.id, id), inArray(buttonLinkDeliveries.state, ['queued', 'sending'])))
        .returning({ id: buttonLinkDeliveries.id });
      return rows.length > 0;
    },

    /** Finished deliveries (delivered or failed) created before `before`, at most `limit` of them per call. */
    async prune(before: Date, limit: number) {
      const old = db
        .select({ id: buttonLinkDeliveries.id })
        .from(buttonLinkDeliveries)
        .where(
          and(inArray(buttonLinkDeliveries.state, ['delivered', 'failed']), lt(buttonLinkDeliveries.createdAt, before)),
        )
        .limit(limit);
      const rows = await db
        .delete(buttonLinkDeliveries)
        .where(inArray(buttonLinkDeliveries.id, old))
        .returning({ id: buttonLinkDeliveries.id });
      return rows.length;
    },

    async listDue(at: Date, limit: number) {
      const rows = await db
        .select({ id: buttonLinkDeliveries.id })
        .from(buttonLinkDeliveries)
        .where(due(at))
        .orderBy(buttonLinkDeliveries.nextAttemptAt)
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}
