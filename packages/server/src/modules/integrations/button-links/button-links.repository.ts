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

    /** What an event says about an application: company, status, form (its name and version). */
    async applicationFacts(applicationId: string) {
      const [row] = await db
        .select({
          id: applications.id,
          companyId: applications.companyId,
          status: applications.status,
          formId: applications.customFormId,
          formVersion: applications.formVersion,
          formName: customForms.name,
        })
        .from(applications)
        .innerJoin(customForms, eq(customForms.id, applications.customFormId))
        .where(eq(applications.id, applicationId));
      return row;
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

    /** The attempt's outcome, only if the claim is still this worker's (same attempt, still sending). */
    async finish(
      id: string,
      attempt: number,
      set: Pick<DeliveryRow, 'state' | 'nextAttemptAt' | 'responseCode' | 'durationMs' | 'lastError' | 'deliveredAt'>,
    ) {
      const rows = await db
        .update(buttonLinkDeliveries)
        .set({ ...set, leaseUntil: null })
        .where(
          and(
            eq(buttonLinkDeliveries.id, id),
            eq(buttonLinkDeliveries.state, 'sending'),
            eq(buttonLinkDeliveries.attempts, attempt),
          ),
        )
        .returning({ id: buttonLinkDeliveries.id });
      return rows.length > 0;
    },

    /** A delivery still waiting for its next attempt stops there: a resend of its event replaces it. */
    async supersede(id: string, lastError: string) {
      const rows = await db
        .update(buttonLinkDeliveries)
        .set({ state: 'failed', lastError, leaseUntil: null })
        .where(and(eq(buttonLinkDeliveries.id, id), eq(buttonLinkDeliveries.state, 'queued')))
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
