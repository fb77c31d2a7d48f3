import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

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
    const table = sql.identifier(target.table);
    const key = sql.identifier(target.key);
    const column = sql.identifier(target.column);
    const keyType = sql.raw(target.keyType);
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
        const batch = rows<{ k: string; v: unknown }>(
          await tx.execute(sql`
            select ${key}::text as k, ${column} as v from ${table}
            where ${column}::text like ${`%${ENVELOPE_PREFIX}%`}
              ${after === undefined ? sql`` : sql`and ${key} > ${after}::${keyType}`}
            order by ${key} limit ${batchSize}
            for update`),
        );
        for (const row of batch) {
          const resealed = fieldCrypto.resealDeep(row.v);
          count.rowsScanned += 1;
          if (resealed.failed > 0) {
            count.valuesFailed += resealed.failed;
            if (count.failedRows.length < 20) count.failedRows.push(row.k);
          }
          if (resealed.changed === 0) continue;
          await tx.execute(
            sql`update ${table} set ${column} = ${JSON.stringify(resealed.value)}::jsonb where ${key} = ${row.k}::${keyType}`,
          );
          count.rowsUpdated += 1;
          count.valuesResealed += resealed.changed;
        }
        return batch.length < batchSize ? undefined : batch.at(-1)?.k;
      });
      opts.onBatch?.({ ...count, failedRows: [...count.failedRows] });
      if (last === undefined) break;
      after = last;
    }
    const left = rows<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from ${table}
        where ${column}::text like ${`%${ENVELOPE_PREFIX}%`}
          and regexp_replace(${column}::text, ${`${ENVELOPE_PREFIX}${fieldCrypto.activeKeyId}:`}, '', 'g') like ${`%${ENVELOPE_PREFIX}%`}`),
    );
    count.rowsLeft = left[0]?.n ?? 0;
    counts.push(count);
  }
  return counts;
}
