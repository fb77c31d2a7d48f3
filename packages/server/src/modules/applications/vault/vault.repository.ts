import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  applicantVaults,
  applicantVaultTokens,
  applications,
  customFormVersions,
  dictionaries,
  type VaultEntry,
} from '../../../db/schema';

export type VaultRow = typeof applicantVaults.$inferSelect;

/** The only Drizzle code of the applicant vault. */
export function createVaultRepository(db: DbOrTx) {
  return {
    /** What the vault needs of a signed application to remember its answers (decision 050). */
    async signedApplication(id: string) {
      const [row] = await db
        .select({
          id: applications.id,
          customFormId: applications.customFormId,
          formVersion: applications.formVersion,
          data: applications.data,
          encryptedTypedBy: applications.encryptedTypedBy,
          rememberAnswers: applications.rememberAnswers,
        })
        .from(applications)
        .where(eq(applications.id, id));
      return row;
    },

    async findByEmailHash(emailHash: string, lock = false): Promise<VaultRow | undefined> {
      const q = db.select().from(applicantVaults).where(eq(applicantVaults.emailHash, emailHash));
      const [row] = lock ? await q.for('update') : await q;
      return row;
    },

    /** The vault's row, created empty if there is none (concurrent first saves meet on the unique e-mail hash). */
    async upsertLocked(emailHash: string): Promise<VaultRow> {
      await db.insert(applicantVaults).values({ emailHash }).onConflictDoNothing({ target: applicantVaults.emailHash });
      const [row] = await db
        .select()
        .from(applicantVaults)
        .where(eq(applicantVaults.emailHash, emailHash))
        .for('update');
      if (!row) throw new Error('vault row vanished');
      return row;
    },

    async setEntries(id: string, entries: Record<string, VaultEntry>, at: Date) {
      await db.update(applicantVaults).set({ entries, updatedAt: at }).where(eq(applicantVaults.id, id));
    },

    async setCode(id: string, codeHash: string, expiresAt: Date) {
      await db
        .update(applicantVaults)
        .set({ codeHash, codeExpiresAt: expiresAt, codeAttempts: 0 })
        .where(eq(applicantVaults.id, id));
    },

    /**
     * Counts one attempt against the current code, atomically and only while attempts remain: answers the attempts
     * now spent, or undefined when none were left (or there is no code).
     */
    async countAttempt(id: string, max: number): Promise<number | undefined> {
      const [row] = await db
        .update(applicantVaults)
        .set({ codeAttempts: sql`${applicantVaults.codeAttempts} + 1` })
        .where(
          and(
            eq(applicantVaults.id, id),
            lt(applicantVaults.codeAttempts, max),
            sql`${applicantVaults.codeHash} is not null`,
          ),
        )
        .returning({ attempts: applicantVaults.codeAttempts });
      return row?.attempts;
    },

    /** The code is used up: it cannot be entered again. */
    async clearCode(id: string) {
      await db.update(applicantVaults).set({ codeHash: null, codeExpiresAt: null }).where(eq(applicantVaults.id, id));
    },

    async insertToken(vaultId: string, tokenHash: string, expiresAt: Date) {
      await db.insert(applicantVaultTokens).values({ vaultId, tokenHash, expiresAt });
    },

    /** The vault an unexpired token opens. */
    async findByToken(tokenHash: string, now: Date): Promise<VaultRow | undefined> {
      const [row] = await db
        .select({ vault: applicantVaults })
        .from(applicantVaultTokens)
        .innerJoin(applicantVaults, eq(applicantVaults.id, applicantVaultTokens.vaultId))
        .where(and(eq(applicantVaultTokens.tokenHash, tokenHash), gt(applicantVaultTokens.expiresAt, now)));
      return row?.vault;
    },

    /** Expired tokens go whenever a new one is made, so the table holds only live ones. */
    async deleteExpiredTokens(now: Date) {
      await db.delete(applicantVaultTokens).where(lt(applicantVaultTokens.expiresAt, now));
    },

    /** Deletes the vault, its tokens with it (cascade). */
    async delete(id: string) {
      await db.delete(applicantVaults).where(eq(applicantVaults.id, id));
    },

    /**
     * The library's spelling of each of these names that is a dictionary entry, by lower case (a read-only lookup
     * of the dictionary's names: the vault's keys are the library's keys).
     */
    /** The form definition of one version of a custom form (what an application was made on). */
    async formVersion(customFormId: string, version: number): Promise<unknown> {
      const [row] = await db
        .select({ form: customFormVersions.form })
        .from(customFormVersions)
        .where(and(eq(customFormVersions.customFormId, customFormId), eq(customFormVersions.version, version)));
      return row?.form;
    },

    async dictionaryNames(names: readonly string[]): Promise<Map<string, string>> {
      if (names.length === 0) return new Map();
      const lower = [...new Set(names.map((n) => n.toLowerCase()))];
      const rows = await db
        .select({ name: dictionaries.name })
        .from(dictionaries)
        .where(inArray(sql`lower(${dictionaries.name})`, lower));
      return new Map(rows.map((r) => [r.name.toLowerCase(), r.name]));
    },
  };
}
