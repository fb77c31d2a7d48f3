import { CARDCONNECT } from '@under/core/integrations/cardconnect.schema';
import { and, asc, desc, eq, isNull, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  cardConnectMappings,
  cardConnectTemplateMappings,
  cardConnectTrials,
  companies,
  integrationConnections,
  masterForms,
  subscriptions,
  users,
} from '../../../db/schema/index';

export type CardConnectRow = typeof integrationConnections.$inferSelect;
export type CardConnectMappingRow = typeof cardConnectMappings.$inferSelect;
export type CardConnectTrialRow = typeof cardConnectTrials.$inferSelect;

/**
 * The company's CardConnect connection (issue #24 §1; decision 083): its row of `integration_connections`, whose
 * `secrets` column is sealed and in SEALED_COLUMNS. The only Drizzle code of the CardConnect module.
 */
export function createCardConnectRepository(db: DbOrTx) {
  return {
    /** `lock` reads it FOR UPDATE (a turn-off and an Edit at once: one after the other). */
    async find(companyId: string, lock = false): Promise<CardConnectRow | undefined> {
      const q = db
        .select()
        .from(integrationConnections)
        .where(and(eq(integrationConnections.companyId, companyId), eq(integrationConnections.kind, CARDCONNECT)))
        .limit(1);
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    /** Creates or replaces the company's CardConnect connection. */
    async upsert(
      values: Omit<typeof integrationConnections.$inferInsert, 'kind' | 'companyId'> & { companyId: string },
    ): Promise<CardConnectRow> {
      const { companyId, ...rest } = values;
      const [row] = await db
        .insert(integrationConnections)
        .values({ ...values, kind: CARDCONNECT })
        .onConflictDoUpdate({
          target: [integrationConnections.companyId, integrationConnections.kind],
          set: { ...rest },
        })
        .returning();
      return row as CardConnectRow;
    },

    async update(id: string, patch: Partial<typeof integrationConnections.$inferInsert>): Promise<CardConnectRow> {
      const [row] = await db
        .update(integrationConnections)
        .set(patch)
        .where(eq(integrationConnections.id, id))
        .returning();
      return row as CardConnectRow;
    },

    /** The company's 30-day trial starts with its first connection, once (decision 090): a later one keeps it. */
    async startTrial(values: { companyId: string; startedAt: Date; endsAt: Date; startedBy: string }) {
      await db.insert(cardConnectTrials).values(values).onConflictDoNothing({ target: cardConnectTrials.companyId });
    },

    /** The company's trial with its plan's status (a paid plan keeps the sync on after the trial). */
    async trialOf(companyId: string): Promise<{ trial: CardConnectTrialRow; planStatus: string | null } | undefined> {
      const [row] = await db
        .select({ trial: cardConnectTrials, planStatus: subscriptions.status })
        .from(cardConnectTrials)
        .leftJoin(subscriptions, eq(subscriptions.companyId, cardConnectTrials.companyId))
        .where(eq(cardConnectTrials.companyId, companyId))
        .limit(1);
      return row;
    },

    /** Trials over by `at` whose end nobody was told of yet, locked (two sweeps at once: one tells). */
    async endedUntold(at: Date, limit = 50) {
      return db
        .select({ trial: cardConnectTrials, planStatus: subscriptions.status, companyName: companies.name })
        .from(cardConnectTrials)
        .innerJoin(companies, eq(companies.id, cardConnectTrials.companyId))
        .leftJoin(subscriptions, eq(subscriptions.companyId, cardConnectTrials.companyId))
        .where(and(lte(cardConnectTrials.endsAt, at), isNull(cardConnectTrials.endNoticeAt)))
        .orderBy(asc(cardConnectTrials.endsAt))
        .limit(limit)
        .for('update', { of: cardConnectTrials, skipLocked: true });
    },

    async markTrialTold(companyId: string, at: Date) {
      await db.update(cardConnectTrials).set({ endNoticeAt: at }).where(eq(cardConnectTrials.companyId, companyId));
    },

    /**
     * The company's active client ADMINISTRATORs (who can subscribe): the rule of billing's `administratorEmails`,
     * so the trial's and billing's mails reach the same people.
     */
    async companyAdminEmails(companyId: string): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(
          and(
            eq(users.pool, 'client'),
            eq(users.companyId, companyId),
            eq(users.status, 'active'),
            eq(users.role, 'ADMINISTRATOR'),
          ),
        )
        .orderBy(asc(users.email));
      return rows.map((r) => r.email);
    },

    /** The platform's active admins (spec 1 §6: "An admin is told when a client turned off an integration"). */
    async activeAdminEmails(): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.pool, 'admin'), eq(users.status, 'active')))
        .orderBy(asc(users.email));
      return rows.map((r) => r.email);
    },

    /**
     * The master form's mapping: its own, or else the one its template carries from a clone with `isCloneCcMapper`
     * (decision 090) until the form's own is saved.
     */
    async findMapping(masterFormId: string): Promise<CardConnectMappingRow | undefined> {
      const [row] = await db
        .select()
        .from(cardConnectMappings)
        .where(eq(cardConnectMappings.masterFormId, masterFormId))
        .limit(1);
      if (row) return row;
      const [carried] = await db
        .select({ fields: cardConnectTemplateMappings.fields, createdAt: cardConnectTemplateMappings.createdAt })
        .from(masterForms)
        .innerJoin(cardConnectTemplateMappings, eq(cardConnectTemplateMappings.templateId, masterForms.templateId))
        .where(eq(masterForms.id, masterFormId))
        .limit(1);
      return carried
        ? { masterFormId, fields: carried.fields, updatedBy: null, updatedAt: carried.createdAt }
        : undefined;
    },

    /**
     * A template clone's copy of the source template's CardConnect mapping: that of its newest master form that is
     * not archived and has one, else the one the source itself carries. Answers the number of lines copied.
     */
    async carryMapping(fromTemplateId: string, toTemplateId: string): Promise<number> {
      const [own] = await db
        .select({ fields: cardConnectMappings.fields, masterFormId: cardConnectMappings.masterFormId })
        .from(cardConnectMappings)
        .innerJoin(masterForms, eq(masterForms.id, cardConnectMappings.masterFormId))
        .where(and(eq(masterForms.templateId, fromTemplateId), ne(masterForms.status, 'archived')))
        .orderBy(desc(masterForms.createdAt))
        .limit(1);
      const [inherited] = own
        ? []
        : await db
            .select({
              fields: cardConnectTemplateMappings.fields,
              masterFormId: cardConnectTemplateMappings.sourceMasterFormId,
            })
            .from(cardConnectTemplateMappings)
            .where(eq(cardConnectTemplateMappings.templateId, fromTemplateId))
            .limit(1);
      const source = own ?? inherited;
      if (!source || source.fields.length === 0) return 0;
      await db
        .insert(cardConnectTemplateMappings)
        .values({ templateId: toTemplateId, fields: source.fields, sourceMasterFormId: source.masterFormId });
      return source.fields.length;
    },

    async saveMapping(values: typeof cardConnectMappings.$inferInsert): Promise<CardConnectMappingRow> {
      const { masterFormId, ...rest } = values;
      const [row] = await db
        .insert(cardConnectMappings)
        .values(values)
        .onConflictDoUpdate({ target: cardConnectMappings.masterFormId, set: rest })
        .returning();
      return row as CardConnectMappingRow;
    },
  };
}
