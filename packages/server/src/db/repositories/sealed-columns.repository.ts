import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';

/** One jsonb column that may hold sealed values (`SealedColumn` of infra/field-crypto: identifiers are code). */
interface Column {
  table: string;
  key: string;
  keyType: 'uuid' | 'text' | 'bigint';
  column: string;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The key rotation's reads and writes of any registered sealed column (`npm run keys:rotate`, decision 038). */
export function createSealedColumnsRepository(db: DbOrTx, target: Column) {
  const table = sql.identifier(target.table);
  const key = sql.identifier(target.key);
  const column = sql.identifier(target.column);
  const keyType = sql.raw(target.keyType);
  return {
    /** The next `limit` rows holding an envelope (`prefix`) after key `after`, in key order, locked FOR UPDATE. */
    async lockBatch(prefix: string, after: string | undefined, limit: number) {
      return rows<{ k: string; v: unknown }>(
        await db.execute(sql`
          select ${key}::text as k, ${column} as v from ${table}
          where ${column}::text like ${`%${prefix}%`}
            ${after === undefined ? sql`` : sql`and ${key} > ${after}::${keyType}`}
          order by ${key} limit ${limit}
          for update`),
      );
    },

    async write(rowKey: string, value: unknown) {
      await db.execute(
        sql`update ${table} set ${column} = ${JSON.stringify(value)}::jsonb where ${key} = ${rowKey}::${keyType}`,
      );
    },

    /** Rows still holding an envelope (`prefix`) that is not under `activePrefix`. */
    async countOthers(prefix: string, activePrefix: string) {
      const [row] = rows<{ n: number }>(
        await db.execute(sql`
          select count(*)::int as n from ${table}
          where ${column}::text like ${`%${prefix}%`}
            and regexp_replace(${column}::text, ${activePrefix}, '', 'g') like ${`%${prefix}%`}`),
      );
      return row?.n ?? 0;
    },
  };
}
