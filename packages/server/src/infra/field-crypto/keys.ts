import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A data-encryption key: 32 bytes for AES-256-GCM, named by an id that every envelope it seals carries. */
interface DataKey {
  id: string;
  key: Buffer;
}

/** The key ring: every key that may have sealed a stored value, and the one that seals new values. */
export interface KeyRing {
  activeKeyId: string;
  keys: ReadonlyMap<string, Buffer>;
}

/** Key ids are short and never hold the envelope's separator ':'. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

const KEYS_FILE = 'keys.json';

/** What DATA_DIR/keys.json holds: every key ever generated (so old envelopes still open), the newest active. */
interface KeysFile {
  active: string;
  keys: { id: string; key: string; createdAt: string }[];
  /** Set by `keys:rotate` to the key it made active until every sealed value is under it (a rerun resumes). */
  rotating?: string;
}

export class KeyConfigError extends Error {}

/** Decodes a base64 (or base64url) text that must be exactly 32 bytes. */
function decodeKey(text: string, name: string): Buffer {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) throw new KeyConfigError(`${name}: must be base64 of 32 bytes`);
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== 32) throw new KeyConfigError(`${name}: must be base64 of 32 bytes (got ${key.length} bytes)`);
  return key;
}

/** The id of an environment key without DATA_ENCRYPTION_KEY_ID: a fingerprint, stable for the same key. */
export function fingerprintKeyId(key: Buffer): string {
  return `env-${createHash('sha256').update('under-key-id').update(key).digest('hex').slice(0, 12)}`;
}

function readKeysFile(file: string): KeysFile | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as KeysFile;
    if (!parsed || typeof parsed.active !== 'string' || !Array.isArray(parsed.keys)) {
      throw new KeyConfigError(`${file}: not a key file`);
    }
    return parsed;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

function writeKeysFile(file: string, content: KeysFile): void {
  // written beside and renamed, so a crash never leaves half a key file (and never loses an old key)
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

function newKeyId(): string {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return `k${day}-${randomBytes(4).toString('hex')}`;
}

export interface KeyEnv {
  DATA_ENCRYPTION_KEY?: string;
  DATA_ENCRYPTION_KEY_ID?: string;
  /** Earlier environment keys that may still have sealed stored values: `id:base64,id:base64`. */
  DATA_ENCRYPTION_PREVIOUS_KEYS?: string;
}

/**
 * The key ring of a data dir. Keys kept in DATA_DIR/keys.json always join the ring (old envelopes must open); with
 * DATA_ENCRYPTION_KEY set, that key is the active one; without it, the file's active key is, generated on first
 * start (mode 0600).
 */
export function loadKeyRing(dataDir: string, env: KeyEnv): KeyRing {
  const file = path.join(dataDir, KEYS_FILE);
  const keys = new Map<string, Buffer>();
  let kept = readKeysFile(file);
  for (const entry of kept?.keys ?? []) {
    if (!KEY_ID_PATTERN.test(entry.id)) throw new KeyConfigError(`${file}: bad key id`);
    keys.set(entry.id, decodeKey(entry.key, `${file} key ${entry.id}`));
  }
  for (const item of (env.DATA_ENCRYPTION_PREVIOUS_KEYS ?? '').split(',').filter((s) => s.trim() !== '')) {
    const at = item.indexOf(':');
    const id = item.slice(0, at).trim();
    if (at < 1 || !KEY_ID_PATTERN.test(id)) {
      throw new KeyConfigError('DATA_ENCRYPTION_PREVIOUS_KEYS: must be id:base64 pairs separated by commas');
    }
    keys.set(id, decodeKey(item.slice(at + 1), `DATA_ENCRYPTION_PREVIOUS_KEYS ${id}`));
  }
  if (env.DATA_ENCRYPTION_KEY) {
    const key = decodeKey(env.DATA_ENCRYPTION_KEY, 'DATA_ENCRYPTION_KEY');
    const id = env.DATA_ENCRYPTION_KEY_ID?.trim() || fingerprintKeyId(key);
    if (!KEY_ID_PATTERN.test(id)) throw new KeyConfigError('DATA_ENCRYPTION_KEY_ID: letters, digits, - and _ only');
    const other = keys.get(id);
    if (other && !other.equals(key)) {
      throw new KeyConfigError(`DATA_ENCRYPTION_KEY_ID: ${id} already names a different key`);
    }
    keys.set(id, key);
    return { activeKeyId: id, keys };
  }
  if (!kept || !keys.has(kept.active)) {
    const id = newKeyId();
    const key = randomBytes(32);
    kept = {
      active: id,
      keys: [...(kept?.keys ?? []), { id, key: key.toString('base64'), createdAt: new Date().toISOString() }],
    };
    writeKeysFile(file, kept);
    keys.set(id, key);
  }
  return { activeKeyId: kept.active, keys };
}

/**
 * Starts (or resumes) a rotation of DATA_DIR/keys.json (`npm run keys:rotate`): a fresh key is added and made active,
 * unless an earlier run's key is still marked as rotating, which is then resumed. Every older key stays, so values
 * sealed with them still open until they are re-sealed.
 */
export function startRotation(dataDir: string): DataKey & { resumed: boolean } {
  const file = path.join(dataDir, KEYS_FILE);
  const kept = readKeysFile(file);
  const pending = kept?.rotating ? kept.keys.find((k) => k.id === kept.rotating && k.id === kept.active) : undefined;
  if (pending) return { id: pending.id, key: decodeKey(pending.key, `${file} key ${pending.id}`), resumed: true };
  let id = newKeyId();
  while (kept?.keys.some((k) => k.id === id)) id = newKeyId();
  const key = randomBytes(32);
  writeKeysFile(file, {
    active: id,
    keys: [...(kept?.keys ?? []), { id, key: key.toString('base64'), createdAt: new Date().toISOString() }],
    rotating: id,
  });
  return { id, key, resumed: false };
}

/** Marks the rotation to `id` complete: the next `keys:rotate` makes a new key again. */
export function finishRotation(dataDir: string, id: string): void {
  const file = path.join(dataDir, KEYS_FILE);
  const kept = readKeysFile(file);
  if (!kept || kept.rotating !== id) return;
  const { rotating: _done, ...rest } = kept;
  writeKeysFile(file, rest);
}
