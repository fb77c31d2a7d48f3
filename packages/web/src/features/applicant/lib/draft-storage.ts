import type { FormDefinition } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';
import { HttpError } from '../../../lib/http-error';
import type { ApplicationLink } from './applicant-api';
import { type LocalCopy, type LocalStore, localStorageCopy, type SaveFailure } from './draft-saver';

const PREFIX = 'under:applicant:';

/** The local copy's key: the application once it exists, before that the form and the e-mail typed. */
export function draftKey(customFormId: string, email: string, link: ApplicationLink | null): string {
  return link ? `${PREFIX}draft:${link.applicationId}` : `${PREFIX}new:${customFormId}:${email.toLowerCase()}`;
}

/** Keys of the form's encrypted fields (SSN, account numbers): never written to the browser's storage. */
function encryptedKeys(form: FormDefinition): Set<string> {
  const keys = new Set<string>();
  walkComponents(form.components, ({ component }) => {
    if (component.euEncrypted === true && component.key) keys.add(component.key);
  });
  return keys;
}

/** The value without the properties named in `keys`, at any depth (containers, grid rows). */
export function withoutKeys(value: unknown, keys: ReadonlySet<string>): unknown {
  if (keys.size === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => withoutKeys(item, keys));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!keys.has(k)) out[k] = withoutKeys(v, keys);
  return out;
}

export interface DraftStorage extends LocalStore {
  /** The draft now exists: the copy moves to the application's key. */
  moveTo(link: ApplicationLink): void;
}

/**
 * The applicant's local copy in localStorage. Encrypted fields stay out of it (a shared computer's disk is no place
 * for an SSN; they are re-typed after a crash at worst, decision 040).
 */
export function draftStorage(
  form: FormDefinition,
  where: { customFormId: string; email: string; link: ApplicationLink | null },
  storage?: Storage,
): DraftStorage {
  const secret = encryptedKeys(form);
  let store = localStorageCopy(draftKey(where.customFormId, where.email, where.link), storage);
  return {
    read: () => store.read(),
    write: (copy: LocalCopy) =>
      store.write({ ...copy, data: withoutKeys(copy.data, secret) as Record<string, unknown> }),
    clear: () => store.clear(),
    moveTo(link) {
      const copy = store.read();
      store.clear();
      store = localStorageCopy(draftKey(where.customFormId, where.email, link), storage);
      if (copy) store.write(copy);
    },
  };
}

/**
 * How the saver reacts to a failed save: 409 stops, no answer waits, a failing server is retried, a refusal of what
 * was sent is retried and sent again on the next change (issue 21); a link that no longer works (410, 404, 401) stops.
 */
export function classifySaveError(error: unknown): SaveFailure {
  if (!(error instanceof HttpError)) return 'fatal';
  if (error.status === 409) return 'conflict';
  if (error.status === 0) return 'network';
  if (error.status >= 500 || error.status === 429 || error.status === 408) return 'server';
  if (error.status === 400 || error.status === 403 || error.status === 413 || error.status === 422) return 'refused';
  return 'fatal';
}
