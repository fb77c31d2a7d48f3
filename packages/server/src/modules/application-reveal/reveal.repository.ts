import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applications, customFormVersions } from '../../db/schema/index';

/** What a reveal reads: the application's company, its sealed data, and the form of the version it was made on. */
export function createRevealRepository(db: DbOrTx) {
  return {
    async findApplication(applicationId: string) {
      const [row] = await db
        .select({
          id: applications.id,
          companyId: applications.companyId,
          customFormId: applications.customFormId,
          formVersion: applications.formVersion,
          data: applications.data,
        })
        .from(applications)
        .where(eq(applications.id, applicationId));
      return row;
    },

    async findVersionForm(customFormId: string, version: number) {
      const [row] = await db
        .select({ form: customFormVersions.form })
        .from(customFormVersions)
        .where(and(eq(customFormVersions.customFormId, customFormId), eq(customFormVersions.version, version)));
      return row?.form;
    },
  };
}
