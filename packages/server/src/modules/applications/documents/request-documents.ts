import type { DbOrTx } from '../../../db/client';
import { createDocumentsRepository } from './documents.repository';

/** The pg-boss queue of document generation: a job carries one run's id (`{ runId }`). */
export const DOCUMENTS_QUEUE = 'application-documents';

/**
 * Asks for an application's documents to be generated: a run row written in the caller's transaction (the last
 * signature's, or a regeneration's), so the request is never lost. After the commit the caller queues
 * `DOCUMENTS_QUEUE` with `{ runId }`; a sweep re-queues runs whose job never came. A run already queued or running
 * for the application is answered instead of a new one (two requests at once make one generation).
 */
export async function requestDocumentGeneration(
  tx: DbOrTx,
  opts: { applicationId: string; reason: 'signed' | 'regenerate' },
): Promise<{ runId: string; generation: number; created: boolean }> {
  const repo = createDocumentsRepository(tx);
  const open = await repo.openRun(opts.applicationId);
  if (open) return { runId: open.id, generation: open.generation, created: false };
  const row = await repo.insertNextRun(opts.applicationId, opts.reason);
  if (!row) throw new Error('document run not written');
  return { runId: row.id, generation: row.generation, created: true };
}
