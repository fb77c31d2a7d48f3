import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { createIntegrationConnectionsRepository } from '../../../db/repositories/integration-connections.repository';
import {
  applications,
  integrationConfigs,
  type integrationConnections,
  type KycOwnerRow,
  kycSubmissions,
} from '../../../db/schema/index';

export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;
export type KycConnectionRow = typeof integrationConnections.$inferSelect;

/** The kind of the company's KYC row in `integration_connections`, and the configs' `integrationToActivate`. */
export const KYC = 'kyc';

/** Due: queued or pending with its time come, and not claimed by a live worker (a dead one's lease ran out). */
const due = (at: Date) =>
  and(
    or(eq(kycSubmissions.state, 'queued'), eq(kycSubmissions.state, 'pending')),
    lte(kycSubmissions.nextAttemptAt, at),
    or(isNull(kycSubmissions.leaseUntil), lte(kycSubmissions.leaseUntil, at)),
  );

/** KYC submissions and the company's KYC connection (decision 089). The only Drizzle code of the KYC module. */
export function createKycRepository(db: DbOrTx) {
  const connections = createIntegrationConnectionsRepository(db);
  return {
    /** The company's KYC connection (the query shared with the other integrations' rows). */
    findConnection: (companyId: string): Promise<KycConnectionRow | undefined> => connections.find(companyId, KYC),

    upsertConnection: (
      values: Omit<typeof integrationConnections.$inferInsert, 'kind' | 'companyId'> & { companyId: string },
    ): Promise<KycConnectionRow> => connections.upsert({ ...values, kind: KYC }),

    /** The application's company and form, and whether that form's config turns KYC on. */
    async signedFacts(applicationId: string) {
      const [row] = await db
        .select({
          companyId: applications.companyId,
          formId: applications.customFormId,
          kycOn: integrationConfigs.activeIntegration,
        })
        .from(applications)
        .leftJoin(
          integrationConfigs,
          and(
            eq(integrationConfigs.formId, applications.customFormId),
            eq(integrationConfigs.integrationToActivate, KYC),
          ),
        )
        .where(eq(applications.id, applicationId));
      return row;
    },

    /** One submission per application: a second signature's event changes nothing (false). */
    async insertSubmission(values: typeof kycSubmissions.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(kycSubmissions)
        .values(values)
        .onConflictDoNothing({ target: kycSubmissions.applicationId })
        .returning({ id: kycSubmissions.id });
      return rows.length > 0;
    },

    async find(id: string, applicationId: string): Promise<KycSubmissionRow | undefined> {
      const [row] = await db
        .select()
        .from(kycSubmissions)
        .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.applicationId, applicationId)));
      return row;
    },

    async findByApplication(applicationId: string): Promise<KycSubmissionRow | undefined> {
      const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.applicationId, applicationId));
      return row;
    },

    /** Takes a due submission for one attempt (attempts + 1 is the claim's fencing token). */
    async claim(id: string, at: Date, leaseUntil: Date): Promise<KycSubmissionRow | undefined> {
      const [row] = await db
        .update(kycSubmissions)
        .set({ attempts: sql`${kycSubmissions.attempts} + 1`, leaseUntil })
        .where(and(eq(kycSubmissions.id, id), due(at)))
        .returning();
      return row;
    },

    /** The attempt's outcome, only while the claim is still this worker's (same attempt number). */
    async finish(
      id: string,
      attempt: number,
      set: Partial<
        Pick<
          KycSubmissionRow,
          | 'state'
          | 'providerCheckId'
          | 'problem'
          | 'nextAttemptAt'
          | 'submittedAt'
          | 'completedAt'
          | 'polls'
          | 'failures'
        >
      > & { owners?: KycOwnerRow[]; updatedAt: Date },
    ): Promise<boolean> {
      const rows = await db
        .update(kycSubmissions)
        .set({ ...set, leaseUntil: null })
        .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.attempts, attempt)))
        .returning({ id: kycSubmissions.id });
      return rows.length > 0;
    },

    async listDue(at: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: kycSubmissions.id })
        .from(kycSubmissions)
        .where(due(at))
        .orderBy(kycSubmissions.nextAttemptAt)
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}
