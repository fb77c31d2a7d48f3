import type { Db } from '../../db/client';
import { createSealedColumnsRepository } from '../../db/repositories/sealed-columns.repository';
import { ENVELOPE_PREFIX, type KeyedFieldCrypto } from './field-crypto';
import type { SealedColumn } from './sealed-columns';

export interface ResealCount {
  table: string;
  column: string;
  /** Rows holding any envelope that were looked at. */
  rowsScanned: number;
  /** Rows written because some envelope in them was under an older key. */
  rowsUpdated: number;
  /** Envelopes sealed again under the active key. */
  valuesResealed: number;
  /** Envelope-shaped strings that did not open (left as they are), and the first rows holding them. */
  valuesFailed: number;
  failedRows: string[];
  /** Rows still holding an envelope under an older key after the pass (a live writer with the old keys). */
  rowsLeft: number;
}

/**
 * Seals every envelope under an older key again under the active key, in every registered column. Rows are taken in
 * primary-key order, `batchSize` at a time, each batch in one transaction holding the rows' locks (a save of the
 * same row waits, and nothing it writes is lost). Idempotent: envelopes already under the active key are left alone,
 * so a rerun after a crash continues where it stopped. A value that does not open is left
 * as it is and counted, with its row.
 */
export async function resealAll(opts: {
  db: Db;
  fieldCrypto: KeyedFieldCrypto;
  columns: readonly SealedColumn[];
  batchSize?: number;
  onBatch?: (count: ResealCount) => void;
}): Promise<ResealCount[]> {
  const { db, fieldCrypto } = opts;
  const batchSize = opts.batchSize ?? 200;
  const counts: ResealCount[] = [];
  for (const target of opts.columns) {
    const count: ResealCount = {
      table: target.table,
      column: target.column,
      rowsScanned: 0,
      rowsUpdated: 0,
      valuesResealed: 0,
      valuesFailed: 0,
      failedRows: [],
      rowsLeft: 0,
    };
    let after: string | undefined;
    for (;;) {
      const last = await db.transaction(async (tx) => {
        const columnRows = createSealedColumnsRepository(tx, target);
        const batch = await columnRows.lockBatch(ENVELOPE_PREFIX, after, batchSize);
        for (const row of batch) {
          const resealed = fieldCrypto.resealDeep(row.v);
          count.rowsScanned += 1;
          if (resealed.failed > 0) {
            count.valuesFailed += resealed.failed;
            if (count.failedRows.length < 20) count.failedRows.push(row.k);
          }
          if (resealed.changed === 0) continue;
          await columnRows.write(row.k, resealed.value);
          count.rowsUpdated += 1;
          count.valuesResealed += resealed.changed;
        }
        return batch.length < batchSize ? undefined : batch.at(-1)?.k;
      });
      opts.onBatch?.({ ...count, failedRows: [...count.failedRows] });
      if (last === undefined) break;
      after = last;
    }
    count.rowsLeft = await createSealedColumnsRepository(db, target).countOthers(
      ENVELOPE_PREFIX,
      `${ENVELOPE_PREFIX}${fieldCrypto.activeKeyId}:`,
    );
    counts.push(count);
  }
  return counts;
}
