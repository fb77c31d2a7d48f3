import { and, asc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { createIntegrationConnectionsRepository } from '../../../db/repositories/integration-connections.repository';
import {
  customForms,
  integrationConfigs,
  integrationConnections,
  integrationOauthStates,
  integrationPermissions,
  masterForms,
  users,
} from '../../../db/schema/index';

export type ConnectionRow = typeof integrationConnections.$inferSelect;
export type OauthStateRow = typeof integrationOauthStates.$inferSelect;
export type ConfigRow = typeof integrationConfigs.$inferSelect;
export type PermissionRow = typeof integrationPermissions.$inferSelect;

/** The integrations' connections, OAuth states, configs and permissions (decision 073): the only Drizzle code here. */
export function createConnectionsRepository(db: DbOrTx) {
  const shared = createIntegrationConnectionsRepository(db);
  return {
    /** The company's connection of a kind; `lock` reads it FOR UPDATE (one refresh at a time per connection). */
    find: (companyId: string, kind: string, lock = false): Promise<ConnectionRow | undefined> =>
      shared.find(companyId, kind, lock),

    async listByCompany(companyId: string): Promise<ConnectionRow[]> {
      return db.select().from(integrationConnections).where(eq(integrationConnections.companyId, companyId));
    },

    /** Creates or replaces the company's connection of a kind (one row per company and kind). */
    upsert: (values: typeof integrationConnections.$inferInsert): Promise<ConnectionRow> => shared.upsert(values),

    /** Inserts the connection only when the company has none of that kind (a connect in between keeps its row). */
    async insertIfAbsent(values: typeof integrationConnections.$inferInsert): Promise<void> {
      await db
        .insert(integrationConnections)
        .values(values)
        .onConflictDoNothing({ target: [integrationConnections.companyId, integrationConnections.kind] });
    },

    async update(id: string, patch: Partial<typeof integrationConnections.$inferInsert>): Promise<void> {
      await db.update(integrationConnections).set(patch).where(eq(integrationConnections.id, id));
    },

    /**
     * Writes `patch` only while the connection is still at token version `version` (a refresh's claim, its save,
     * its expiry or its release): answers whether it did. A connect, turn-off or another refresh in between moved
     * the version, and the caller reads the row again.
     */
    async updateAtVersion(
      id: string,
      version: number,
      patch: Partial<typeof integrationConnections.$inferInsert>,
    ): Promise<boolean> {
      const rows = await db
        .update(integrationConnections)
        .set(patch)
        .where(and(eq(integrationConnections.id, id), eq(integrationConnections.tokenVersion, version)))
        .returning({ id: integrationConnections.id });
      return rows.length > 0;
    },

    async insertState(values: typeof integrationOauthStates.$inferInsert): Promise<void> {
      await db.insert(integrationOauthStates).values(values);
    },

    /**
     * Takes a state once: one conditional update marks it used when it is unused and unexpired, so two requests
     * with the same state never both pass. Answers the row taken, or undefined.
     */
    async takeState(stateHash: string, at: Date): Promise<OauthStateRow | undefined> {
      const [row] = await db
        .update(integrationOauthStates)
        .set({ usedAt: at })
        .where(
          and(
            eq(integrationOauthStates.stateHash, stateHash),
            isNull(integrationOauthStates.usedAt),
            gt(integrationOauthStates.expiresAt, at),
          ),
        )
        .returning();
      return row;
    },

    /** States used or expired before `before`: they hold sealed credentials nobody will use. */
    async deleteOldStates(before: Date): Promise<void> {
      await db
        .delete(integrationOauthStates)
        .where(or(lt(integrationOauthStates.expiresAt, before), lt(integrationOauthStates.usedAt, before)));
    },

    /** The user with their role and status, if they are a client user of the company. */
    async findCompanyUser(companyId: string, userId: string) {
      const [row] = await db
        .select({ id: users.id, role: users.role, status: users.status, email: users.email })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.pool, 'client')))
        .limit(1);
      return row;
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

    /** The company's custom form (its master form id), or undefined for any other form. */
    async findCompanyForm(companyId: string, formId: string) {
      const [row] = await db
        .select({ id: customForms.id, masterFormId: customForms.masterFormId })
        .from(customForms)
        .where(and(eq(customForms.id, formId), eq(customForms.companyId, companyId)))
        .limit(1);
      return row;
    },

    async findConfig(formId: string, kind: string): Promise<ConfigRow | undefined> {
      const [row] = await db
        .select()
        .from(integrationConfigs)
        .where(and(eq(integrationConfigs.formId, formId), eq(integrationConfigs.integrationToActivate, kind)))
        .limit(1);
      return row;
    },

    async listConfigs(companyId: string): Promise<ConfigRow[]> {
      return db
        .select()
        .from(integrationConfigs)
        .where(eq(integrationConfigs.companyId, companyId))
        .orderBy(asc(integrationConfigs.createdAt), asc(integrationConfigs.id));
    },

    async listFormConfigs(formId: string): Promise<ConfigRow[]> {
      return db
        .select()
        .from(integrationConfigs)
        .where(eq(integrationConfigs.formId, formId))
        .orderBy(asc(integrationConfigs.integrationToActivate));
    },

    async upsertConfig(values: typeof integrationConfigs.$inferInsert): Promise<ConfigRow> {
      const { formId, integrationToActivate, companyId, ...rest } = values;
      const [row] = await db
        .insert(integrationConfigs)
        .values(values)
        .onConflictDoUpdate({
          target: [integrationConfigs.formId, integrationConfigs.integrationToActivate],
          set: { ...rest },
        })
        .returning();
      return row as ConfigRow;
    },

    async listPermissions(companyId: string): Promise<PermissionRow[]> {
      return db
        .select()
        .from(integrationPermissions)
        .where(eq(integrationPermissions.companyId, companyId))
        .orderBy(asc(integrationPermissions.templateId));
    },

    async upsertPermission(values: typeof integrationPermissions.$inferInsert): Promise<void> {
      await db
        .insert(integrationPermissions)
        .values(values)
        .onConflictDoUpdate({
          target: [integrationPermissions.companyId, integrationPermissions.templateId],
          set: { templateStatus: values.templateStatus, updatedAt: values.updatedAt },
        });
    },

    /** Which of `ids` are master forms (a permission names a template that exists). */
    async existingTemplates(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.select({ id: masterForms.id }).from(masterForms).where(inArray(masterForms.id, ids));
      return new Set(rows.map((r) => r.id));
    },
  };
}
