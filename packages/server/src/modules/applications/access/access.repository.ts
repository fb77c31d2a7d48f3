import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { applications, customForms, customFormVersions } from '../../../db/schema';

export function createApplicationAccessRepository(db: DbOrTx) {
  return {
    /**
     * An application with what its visibility needs (company, status, the form's master form) and what every reader
     * of it needs next (the form's name and the definition of the version it was made on). `lock` takes the
     * application row FOR UPDATE (only that row: the form rows stay free).
     */
    async findWithForm(applicationId: string, lock: boolean) {
      const q = db
        .select({
          application: applications,
          formName: customForms.name,
          masterFormId: customForms.masterFormId,
          form: customFormVersions.form,
        })
        .from(applications)
        .innerJoin(customForms, eq(customForms.id, applications.customFormId))
        .leftJoin(
          customFormVersions,
          and(
            eq(customFormVersions.customFormId, applications.customFormId),
            eq(customFormVersions.version, applications.formVersion),
          ),
        )
        .where(eq(applications.id, applicationId))
        .limit(1);
      const [row] = lock ? await q.for('update', { of: applications }) : await q;
      return row;
    },
  };
}
