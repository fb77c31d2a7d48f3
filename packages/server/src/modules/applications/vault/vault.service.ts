import { createHmac } from 'node:crypto';
import { ERROR_CODES } from '@under/core/api/error.schema';
import {
  VAULT_CODE_MAX_ATTEMPTS,
  VAULT_CODE_TTL_MS,
  VAULT_TOKEN_TTL_MS,
  type VaultPrefill,
  type VaultUnlockResponse,
} from '@under/core/applications/vault.schema';
import type { DomainEvent } from '@under/core/events/domain-events';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { isMaskedValue, maskValue } from '@under/core/forms/masking';
import { vaultCodeText, vaultNoneText } from '@under/core/ui-text/mails';
import type { Clock } from '../../../clock';
import type { Db, DbOrTx } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import type { VaultEntry } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { FieldCrypto } from '../../../infra/field-crypto/field-crypto';
import { composeMail } from '../../../infra/mail/compose';
import { hashCode, hashToken, newCode, newToken, safeEqual } from '../../../security/secrets';
import { addressKey, type ThrottleRule, type Throttles } from '../../../security/throttles';
import type { MailService } from '../../mail/mail.service';
import { isTypedBy, type TypedBy } from '../applicant/typed-by';
import { dataHashOf } from '../signing/signing.service';
import { createVaultRepository, type VaultRow } from './vault.repository';
import { candidateKeysOf, readPath, type VaultField, vaultFieldsOf, writePath } from './vault-fields';

/**
 * What the vault needs of the field encryption (decision 038): the same envelopes ('enc:v1:<keyId>:…') as
 * applications' encrypted fields, so key rotation covers both.
 */
export type VaultCrypto = Pick<FieldCrypto, 'encryptValue' | 'decryptValue' | 'isSealed'>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The vault's throttles (decision 039), on the shared database counters of decision 019. */
const VAULT_THROTTLES = {
  /** Code e-mails asked for, per e-mail and address. */
  codeRequestEmailAddress: { scope: 'vault-code:email-address', max: 5, windowMs: HOUR },
  /** Code e-mails asked for from one address, whatever the e-mail. */
  codeRequestAddress: { scope: 'vault-code:address', max: 20, windowMs: HOUR },
  /** Code e-mails sent to one mailbox; over it nothing is sent and the answer does not change. */
  codeMail: { scope: 'vault-code-mail:email', max: 10, windowMs: HOUR },
  /** Codes entered from one address (besides the 5 attempts of each code). */
  codeCheckAddress: { scope: 'vault-code-check:address', max: 30, windowMs: 15 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

const CODE_PURPOSE = 'vault-unlock';

interface VaultServiceDeps {
  db: Db;
  mail: Pick<MailService, 'queueMail' | 'dispatch'>;
  throttles: Throttles;
  /** Keys the e-mail hash and the codes (config.secrets.codeSecret). */
  secret: string;
  /** The field encryption: encrypted answers stay sealed in the vault. */
  crypto: VaultCrypto;
  /** The public form an applicant fills in (custom forms' getPublic): only its definition is read. */
  publicForm: (opts: { customFormId: string; version?: number }) => Promise<{ form: FormDefinition }>;
  now?: Clock;
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);

const locked = () => new AppError(ERROR_CODES.vaultLocked);

export function createVaultService(deps: VaultServiceDeps) {
  const { db, mail, throttles, secret, crypto } = deps;
  const now = deps.now ?? Date.now;
  const repo = createVaultRepository(db);

  /** The vault's key for an e-mail: an HMAC, so the table does not list addresses. */
  const emailHash = (email: string) =>
    createHmac('sha256', secret).update(`applicant-vault:${email.trim().toLowerCase()}`).digest('base64url');

  async function fieldsOf(r: ReturnType<typeof createVaultRepository>, form: FormDefinition): Promise<VaultField[]> {
    return vaultFieldsOf(form, await r.dictionaryNames(candidateKeysOf(form)));
  }

  /** The vault an x-vault-token opens, or 401. */
  async function unlocked(token: string | undefined, r = repo): Promise<VaultRow> {
    if (!token || token.length > 200) throw locked();
    const vault = await r.findByToken(hashToken(token), new Date(now()));
    if (!vault) throw locked();
    return vault;
  }

  /**
   * An encrypted answer kept before the vault knew who typed it (decision 056): it may be a value the applicant
   * never read (an institution's correction, a co-owner's SSN), so it is neither prefilled nor taken.
   */
  const untrusted = (entry: VaultEntry) => entry.encrypted && entry.typed !== true;

  /** What the browser may see of a saved answer: encrypted ones masked (spec 1 §5's rule), never in plaintext. */
  function shown(entry: VaultEntry, field: VaultField): unknown {
    if (untrusted(entry)) return undefined;
    if (!entry.encrypted && !field.encrypted) return entry.value;
    const plain = open(entry);
    return typeof plain === 'string' || typeof plain === 'number' ? maskValue(plain) : undefined;
  }

  /** An envelope's plaintext; undefined when it does not open (a lost key): such a value is not remembered. */
  function openOrUndefined(envelope: string): string | undefined {
    try {
      return crypto.decryptValue(envelope);
    } catch {
      return undefined;
    }
  }

  /** The saved answer in plaintext (server side only). */
  function open(entry: VaultEntry): unknown {
    if (!entry.encrypted) return entry.value;
    return typeof entry.value === 'string' ? crypto.decryptValue(entry.value) : undefined;
  }

  return {
    /**
     * POST /api/public/vault/code: e-mails a 6-digit code that unlocks the vault of this address, or (no vault) tells
     * the mailbox there is none. 202 either way, so the answer says nothing about who has saved answers.
     */
    async requestCode(opts: { email: string; ip: string }): Promise<void> {
      const address = addressKey(opts.ip);
      await throttles.take([
        [VAULT_THROTTLES.codeRequestEmailAddress, `${opts.email}|${address}`],
        [VAULT_THROTTLES.codeRequestAddress, address],
      ]);
      const hash = emailHash(opts.email);
      // silently nothing over the mailbox's limit: the requester cannot tell
      if (!(await throttles.tryTake(VAULT_THROTTLES.codeMail, hash))) return;
      const outboxId = await db.transaction(async (tx) => {
        const r = createVaultRepository(tx);
        const vault = await r.findByEmailHash(hash, true);
        if (!vault) {
          return mail.queueMail(tx, {
            kind: 'vault-code',
            key: `vault-none:${hash}:${now()}`,
            message: composeMail(opts.email, vaultNoneText()),
          });
        }
        const code = newCode();
        const codeHash = hashCode(secret, vault.id, CODE_PURPOSE, code);
        await r.setCode(vault.id, codeHash, new Date(now() + VAULT_CODE_TTL_MS));
        return mail.queueMail(tx, {
          kind: 'vault-code',
          key: `vault-code:${vault.id}:${codeHash}`,
          message: composeMail(opts.email, vaultCodeText(code)),
        });
      });
      await mail.dispatch(outboxId);
    },

    /**
     * POST /api/public/vault/unlock: trades the e-mailed code for a vault token (30 minutes). Each guess spends one
     * of the code's 5 attempts before it is compared (one atomic update), so parallel guesses get no more.
     */
    async unlock(opts: { email: string; code: string; ip: string }): Promise<VaultUnlockResponse> {
      await throttles.take([[VAULT_THROTTLES.codeCheckAddress, addressKey(opts.ip)]]);
      const vault = await repo.findByEmailHash(emailHash(opts.email));
      if (!vault?.codeHash || !vault.codeExpiresAt) throw new AppError(ERROR_CODES.codeMismatch);
      if (vault.codeExpiresAt.getTime() <= now()) throw new AppError(ERROR_CODES.codeExpired);
      const attempts = await repo.countAttempt(vault.id, VAULT_CODE_MAX_ATTEMPTS);
      if (attempts === undefined) throw new AppError(ERROR_CODES.tooManyAttempts);
      const expected = hashCode(secret, vault.id, CODE_PURPOSE, opts.code);
      if (!safeEqual(vault.codeHash, expected)) {
        if (attempts >= VAULT_CODE_MAX_ATTEMPTS) {
          throw new AppError(ERROR_CODES.tooManyAttempts);
        }
        throw new AppError(ERROR_CODES.codeMismatch);
      }
      const token = newToken('vault');
      const expiresAt = new Date(now() + VAULT_TOKEN_TTL_MS);
      await db.transaction(async (tx) => {
        const r = createVaultRepository(tx);
        // the code works once: a second request with it (in parallel) finds it gone
        const current = await r.findByEmailHash(vault.emailHash, true);
        if (current?.codeHash !== vault.codeHash) throw new AppError(ERROR_CODES.codeMismatch);
        await r.clearCode(vault.id);
        await r.deleteExpiredTokens(new Date(now()));
        await r.insertToken(vault.id, hashToken(token), expiresAt);
        await writeAudit(tx, {
          action: 'vault.unlock',
          actorUserId: null,
          targetType: 'applicant-vault',
          targetId: vault.id,
        });
      });
      return { vaultToken: token, expiresAt: expiresAt.toISOString() };
    },

    /**
     * GET /api/public/vault/prefill: the saved answer of every field of this public form version bound to a
     * dictionary entry the vault holds. Encrypted answers come masked; `takeFromVault` puts the real value in on
     * the server when the application is saved (decision 039).
     */
    async prefill(opts: { token: string | undefined; customFormId: string; version?: number }): Promise<VaultPrefill> {
      const vault = await unlocked(opts.token);
      const { form } = await deps.publicForm({ customFormId: opts.customFormId, version: opts.version });
      const values: Record<string, unknown> = {};
      const sources: VaultPrefill['sources'] = [];
      for (const field of await fieldsOf(repo, form)) {
        const entry = vault.entries[field.dictionaryKey];
        if (!entry) continue;
        const value = shown(entry, field);
        if (value === undefined) continue;
        values[field.path] = value;
        sources.push({
          path: field.path,
          dictionaryKey: field.dictionaryKey,
          savedAt: entry.savedAt,
          encrypted: field.encrypted || entry.encrypted,
        });
      }
      return { values, sources };
    },

    /** DELETE /api/public/vault: every saved answer and every token of the vault go, audited (no values). */
    async remove(opts: { token: string | undefined }): Promise<void> {
      const vault = await unlocked(opts.token);
      await db.transaction(async (tx) => {
        await createVaultRepository(tx).delete(vault.id);
        await writeAudit(tx, {
          action: 'vault.delete',
          actorUserId: null,
          targetType: 'applicant-vault',
          targetId: vault.id,
          details: { keys: Object.keys(vault.entries).length },
        });
      });
    },

    /**
     * Remembers an applicant's answers inside the caller's transaction (the primary's signature, decision 050).
     * `data` is the application's data (encrypted values sealed or in plaintext); every field bound to a dictionary
     * entry or a system field with a value is saved under its key with today's date, encrypted fields encrypted.
     * An encrypted value is kept only when `ownTyped(path, plaintext)` says the applicant typed it themselves
     * (decision 056): never one the institution corrected, another owner entered or the vault prefilled masked.
     * Empty and masked values leave what the vault holds.
     */
    async remember(
      tx: DbOrTx,
      opts: {
        email: string;
        form: FormDefinition;
        data: Record<string, unknown>;
        applicationId?: string;
        ownTyped: (path: string, plaintext: string) => boolean;
      },
    ): Promise<{ keys: number }> {
      const r = createVaultRepository(tx);
      const fields = await fieldsOf(r, opts.form);
      const savedAt = new Date(now()).toISOString();
      const updates: Record<string, VaultEntry> = {};
      for (const field of fields) {
        const value = readPath(opts.data, field.path);
        if (isEmpty(value) || isMaskedValue(value)) continue;
        if (!field.encrypted) {
          updates[field.dictionaryKey] = { value, encrypted: false, savedAt };
          continue;
        }
        const sealed = crypto.isSealed(value);
        if (!sealed && typeof value !== 'string' && typeof value !== 'number') continue;
        const plaintext = sealed ? openOrUndefined(value as string) : String(value);
        if (plaintext === undefined || !opts.ownTyped(field.path, plaintext)) continue;
        updates[field.dictionaryKey] = {
          value: sealed ? value : crypto.encryptValue(plaintext),
          encrypted: true,
          savedAt,
          typed: true,
        };
      }
      const keys = Object.keys(updates).length;
      if (keys === 0) return { keys };
      const vault = await r.upsertLocked(emailHash(opts.email));
      await r.setEntries(vault.id, { ...vault.entries, ...updates }, new Date(now()));
      await writeAudit(tx, {
        action: 'vault.remember',
        actorUserId: null,
        targetType: 'applicant-vault',
        targetId: vault.id,
        details: { ...(opts.applicationId ? { applicationId: opts.applicationId } : {}), keys },
      });
      return { keys };
    },

    /**
     * Remembers an application's answers as stored (encrypted fields sealed) for `email`, on the form version it was
     * made on, inside the caller's transaction: the primary's signature, once the signing code proved the mailbox
     * (decision 050).
     */
    async rememberApplication(
      tx: DbOrTx,
      opts: {
        application: {
          id: string;
          customFormId: string;
          formVersion: number;
          data: unknown;
          encryptedTypedBy: TypedBy | null;
        };
        /** The signer: only the encrypted values this owner typed themselves are kept (decision 056). */
        ownerId: string;
        email: string;
      },
    ): Promise<{ keys: number }> {
      const { application } = opts;
      const form = await createVaultRepository(tx).formVersion(application.customFormId, application.formVersion);
      if (!form) return { keys: 0 };
      return this.remember(tx, {
        email: opts.email,
        form: form as FormDefinition,
        data: application.data as Record<string, unknown>,
        applicationId: application.id,
        ownTyped: (path, plaintext) =>
          isTypedBy(application.encryptedTypedBy, {
            secret,
            applicationId: application.id,
            ownerId: opts.ownerId,
            path,
            value: plaintext,
          }),
      });
    },

    /**
     * `application.signed` (decision 064): the primary signed with the e-mailed code, which proved the mailbox, so
     * the vault of that address takes the answers when they opted in to "Remember my answers" (decision 050). Only
     * the answers that signature was given on: once they changed (the signatures were voided), nothing is kept.
     */
    async rememberSigned(tx: DbOrTx, event: DomainEvent<'application.signed'>): Promise<void> {
      const { payload } = event;
      if (payload.ownerKind !== 'primaryApplicant') return;
      const application = await createVaultRepository(tx).signedApplication(payload.applicationId);
      if (!application?.rememberAnswers || dataHashOf(application.data) !== payload.dataHash) return;
      await this.rememberApplication(tx, { application, ownerId: payload.ownerId, email: payload.email });
    },

    /**
     * For the application's save and submit (wired by the lead): the browser sends a prefilled encrypted answer back
     * as the masked value it was shown, with the x-vault-token header. Each such value that still matches what the
     * vault holds is replaced by the real one (plaintext, server side: the application's save seals it as usual).
     * Without a valid token nothing changes (401). Answers `data` unchanged where nothing matched. Inside the save's
     * transaction pass it as `tx`: PGlite has one connection, which the transaction holds (issue 21 §6).
     */
    async takeFromVault(opts: {
      tx?: DbOrTx;
      token: string | undefined;
      form: FormDefinition;
      data: Record<string, unknown>;
    }): Promise<Record<string, unknown>> {
      const r = opts.tx ? createVaultRepository(opts.tx) : repo;
      const vault = await unlocked(opts.token, r);
      let data = opts.data;
      for (const field of await fieldsOf(r, opts.form)) {
        const entry = vault.entries[field.dictionaryKey];
        if (!entry || !(entry.encrypted || field.encrypted) || untrusted(entry)) continue;
        const sent = readPath(data, field.path);
        if (!isMaskedValue(sent)) continue;
        const plain = open(entry);
        if ((typeof plain === 'string' || typeof plain === 'number') && maskValue(plain) === sent) {
          data = writePath(data, field.path, String(plain));
        }
      }
      return data;
    },
  };
}

export type VaultService = ReturnType<typeof createVaultService>;
