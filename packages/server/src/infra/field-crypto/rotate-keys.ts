import type { Database } from '../../db/client';
import { createFieldCrypto } from './field-crypto';
import { finishRotation, type KeyEnv, loadKeyRing, startRotation } from './keys';
import { type ResealCount, resealAll } from './reseal';
import { SEALED_COLUMNS, type SealedColumn } from './sealed-columns';

interface RotationResult {
  /** The key every sealed value is now under. */
  activeKeyId: string;
  /** 'generated': a new key in DATA_DIR/keys.json; 'resumed': an interrupted rotation's key; 'env': DATA_ENCRYPTION_KEY. */
  source: 'generated' | 'resumed' | 'env';
  counts: ResealCount[];
}

/**
 * `npm run keys:rotate` (decision 038). Without DATA_ENCRYPTION_KEY: a new key is added to DATA_DIR/keys.json and made
 * active (an interrupted rotation's key is reused instead), then every sealed value is re-sealed under it. With
 * DATA_ENCRYPTION_KEY: no key is made; every value is re-sealed under that key (set the new key, keep the old one in
 * DATA_ENCRYPTION_PREVIOUS_KEYS, run this, then drop the old one).
 */
export async function rotateKeys(opts: {
  dataDir: string;
  env: KeyEnv;
  database: Database;
  columns?: readonly SealedColumn[];
  batchSize?: number;
  print?: (line: string) => void;
}): Promise<RotationResult> {
  const print = opts.print ?? (() => {});
  let source: RotationResult['source'] = 'env';
  if (!opts.env.DATA_ENCRYPTION_KEY) {
    loadKeyRing(opts.dataDir, opts.env); // the first key, if this data dir has none yet
    const rotation = startRotation(opts.dataDir);
    source = rotation.resumed ? 'resumed' : 'generated';
  }
  const ring = loadKeyRing(opts.dataDir, opts.env);
  const fieldCrypto = createFieldCrypto(ring);
  print(
    source === 'env'
      ? `DATA_ENCRYPTION_KEY is set: re-sealing under its key ${ring.activeKeyId} (no key generated).`
      : source === 'resumed'
        ? `Resuming the rotation to key ${ring.activeKeyId}.`
        : `New key ${ring.activeKeyId} is active (older keys are kept in keys.json).`,
  );
  const counts = await resealAll({
    db: opts.database.db,
    fieldCrypto,
    columns: opts.columns ?? SEALED_COLUMNS,
    batchSize: opts.batchSize,
    onBatch: (c) =>
      print(`  ${c.table}.${c.column}: ${c.rowsScanned} rows scanned, ${c.valuesResealed} values re-sealed`),
  });
  // every row was visited: the next run makes a new key again
  if (source !== 'env') finishRotation(opts.dataDir, ring.activeKeyId);
  for (const c of counts) {
    print(
      `${c.table}.${c.column}: ${c.rowsScanned} rows with sealed values, ${c.rowsUpdated} rows updated, ` +
        `${c.valuesResealed} values re-sealed, ${c.valuesFailed} did not open, ${c.rowsLeft} rows still under older keys`,
    );
    if (c.valuesFailed > 0) print(`  rows with values that did not open: ${c.failedRows.join(', ')}`);
  }
  return { activeKeyId: ring.activeKeyId, source, counts };
}
