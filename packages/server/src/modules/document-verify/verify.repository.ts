import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applicationDocuments, applications } from '../../db/schema/index';

export function createVerifyRepository(db: DbOrTx) {
  return {
    /** A document we issued, by its id, with its application's number. */
    async findDocument(documentId: string) {
      const [row] = await db
        .select({
          id: applicationDocuments.id,
          name: applicationDocuments.name,
          sha256: applicationDocuments.sha256,
          applicationId: applicationDocuments.applicationId,
          number: applications.number,
        })
        .from(applicationDocuments)
        .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
        .where(eq(applicationDocuments.id, documentId))
        .limit(1);
      return row;
    },
  };
}
