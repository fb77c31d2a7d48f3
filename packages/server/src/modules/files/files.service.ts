import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { UPLOAD_MAX_BYTES } from '@under/core/constants';
import { MESSAGES } from '@under/core/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { UrlSigner } from '../../infra/storage/signed-url';
import { type Storage, sniffAttachment, sniffImage, sniffPdf, UploadRejected } from '../../infra/storage/storage';
import { createUploadsRepository, type UploadRow } from './files.repository';

/** Ours: an upload URL works for 15 minutes, a download URL for an hour. */
const UPLOAD_URL_TTL_MS = 15 * 60_000;
const DOWNLOAD_URL_TTL_MS = 60 * 60_000;
/** Uploads never attached to anything are deleted, file and row, after a day (the sweep job). */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60_000;
/** The sweep job's queue and schedule (hourly). */
export const SWEEP_QUEUE = 'files-sweep-uploads';
export const SWEEP_CRON = '17 * * * *';

/** What an upload is for; it can only ever be attached to an owner of the same kind. */
type UploadPurpose = 'company-logo' | 'pdf-template' | 'custom-form-document' | 'application-attachment';

/** The one owner of a stored file: a company (its logo) or a PDF template. */
interface FileOwner {
  kind: UploadPurpose;
  id: string;
}

const PURPOSES: Record<
  UploadPurpose,
  { key: (companyId: string | null) => string; contentKind: 'image' | 'pdf' | 'attachment'; notYours: string }
> = {
  'company-logo': {
    key: (companyId) => `companies/${companyId}/logo/${randomUUID()}`,
    contentKind: 'image',
    notYours: MESSAGES.fileUrlInvalid,
  },
  'pdf-template': {
    key: () => `pdf-templates/${randomUUID()}.pdf`,
    contentKind: 'pdf',
    notYours: MESSAGES.pdfFileUrlInvalid,
  },
  // a document a custom form asks its applicants to read (issue 11; decision 035)
  'custom-form-document': {
    key: (companyId) => `companies/${companyId}/documents/${randomUUID()}.pdf`,
    contentKind: 'pdf',
    notYours: MESSAGES.pdfFileUrlInvalid,
  },
  // an applicant's attachment (issue 12; decision 036): issued to one owner of one application (the owner's id
  // stands in the user's place), attached to its own upload id, so an application holds any number of them
  'application-attachment': {
    key: (companyId) => `companies/${companyId}/attachments/${randomUUID()}`,
    contentKind: 'attachment',
    notYours: MESSAGES.applicationFileNotOwned,
  },
};

const REJECTIONS = {
  'too-large': () => new AppError(ERROR_CODES.fileTooLarge),
  empty: () => new AppError(ERROR_CODES.fileEmpty),
  type: () => new AppError(ERROR_CODES.fileType),
} as const;

/** Who asks to attach (or was issued) an upload. */
export interface UploadCaller {
  userId: string;
  /** The caller's company, for company uploads; null for admin uploads. */
  companyId: string | null;
}

interface FilesServiceDeps {
  db: Db;
  storage: Storage;
  signer: UrlSigner;
  log: FastifyBaseLogger;
  now?: Clock;
}

/**
 * Uploads and downloads through signed URLs, with the state of every upload in the database (decision 022): an
 * upload URL stores one file at most (the PUT claims its row atomically), a stored file belongs to one owner, only
 * that owner releases it, and a download URL serves only a file that is still attached. Keys are never reused, so
 * an old download URL can never serve newer bytes.
 */
export function createFilesService(deps: FilesServiceDeps) {
  const { db, storage, signer, log } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  const repo = createUploadsRepository(db);

  function verified(token: string, method: 'PUT' | 'GET') {
    const result = signer.verify(token, method);
    if (result.ok) return result.claims;
    if (result.reason === 'expired') throw new AppError(ERROR_CODES.fileUrlExpired);
    throw new AppError(ERROR_CODES.fileUrlInvalid);
  }

  /** Why `row` cannot be attached by `caller` for `purpose`, as the error the caller sees; undefined when it can. */
  function refusal(row: UploadRow | undefined, purpose: UploadPurpose, caller: UploadCaller): AppError | undefined {
    const mine =
      row !== undefined &&
      row.purpose === purpose &&
      row.issuedToUserId === caller.userId &&
      (caller.companyId === null || row.companyId === caller.companyId);
    if (!mine) return new AppError(ERROR_CODES.fileNotYours, PURPOSES[purpose].notYours);
    if (row.status === 'attached') return new AppError(ERROR_CODES.fileInUse);
    if (row.status !== 'uploaded') return new AppError(ERROR_CODES.fileMissing);
    return undefined;
  }

  /** Deletes the files of released uploads, then their rows; a file that cannot be deleted now is left for the sweep. */
  async function purge(rows: { id: string; storageKey: string }[]): Promise<number> {
    let deleted = 0;
    for (const row of rows) {
      try {
        await storage.delete(row.storageKey);
        await repo.deleteReleased(row.id);
        deleted += 1;
      } catch (err) {
        log.warn({ err, key: row.storageKey }, 'released file not deleted; the sweep retries');
      }
    }
    return deleted;
  }

  async function purgeKeys(keys: string[]): Promise<void> {
    const rows: { id: string; storageKey: string }[] = [];
    for (const key of keys) {
      const row = await repo.findByKey(key);
      if (row?.status === 'released') rows.push({ id: row.id, storageKey: row.storageKey });
    }
    await purge(rows);
  }

  return {
    /** A signed PUT URL for one new file; its row records who may attach it, and for what. */
    async issueUpload(opts: { purpose: UploadPurpose; caller: UploadCaller; maxBytes?: number }) {
      const purpose = PURPOSES[opts.purpose];
      const maxBytes = Math.min(opts.maxBytes ?? UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES);
      const issuedAt = now();
      const key = purpose.key(opts.caller.companyId);
      const row = await repo.insert({
        storageKey: key,
        purpose: opts.purpose,
        issuedToUserId: opts.caller.userId,
        companyId: opts.caller.companyId,
        maxBytes,
        contentKind: purpose.contentKind,
        createdAt: issuedAt,
        expiresAt: new Date(issuedAt.getTime() + UPLOAD_URL_TTL_MS),
      });
      const signed = signer.sign(
        { m: 'PUT', k: key, n: maxBytes, t: purpose.contentKind, u: row.id },
        row.expiresAt.getTime() - issuedAt.getTime(),
      );
      return { uploadUrl: signed.url, fileUrl: key, expiresAt: signed.expiresAt.toISOString(), maxBytes };
    },

    /**
     * PUT /api/files: stores the body if, and only if, this request is the first to claim the URL's upload. The claim
     * is the use: a refused or broken upload spends the URL too (the web asks for a new one every time).
     */
    async receiveUpload(opts: { token: string; body: Readable; declaredLength: number | undefined }) {
      const claims = verified(opts.token, 'PUT');
      const limit = Math.min(claims.n ?? UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES);
      // what the client says it will send is checked before the URL is spent
      if (opts.declaredLength !== undefined && opts.declaredLength > limit) throw REJECTIONS['too-large']();
      if (opts.declaredLength === 0) throw REJECTIONS.empty();
      const row = claims.u ? await repo.claim(claims.u, claims.k, now()) : undefined;
      if (!row) throw new AppError(ERROR_CODES.fileUsed);
      try {
        const stored = await storage.put(row.storageKey, opts.body, {
          maxBytes: Math.min(row.maxBytes, limit),
          inspect:
            row.contentKind === 'image' ? sniffImage : row.contentKind === 'attachment' ? sniffAttachment : sniffPdf,
        });
        await repo.markUploaded(row.id, stored, now());
        return { size: stored.size };
      } catch (err) {
        await repo.markFailed(row.id).catch((e) => log.error({ err: e }, 'upload not marked failed'));
        if (err instanceof UploadRejected) throw REJECTIONS[err.reason]();
        throw err;
      }
    },

    /** GET /api/files: the file of a download URL while it is attached to its owner; 404 once released. */
    async openDownload(token: string) {
      const claims = verified(token, 'GET');
      const row = await repo.findByKey(claims.k);
      const file = row?.status === 'attached' ? await storage.get(claims.k) : undefined;
      if (!file) throw new AppError(ERROR_CODES.fileNotFound);
      return file;
    },

    downloadUrl(key: string): string {
      return signer.sign({ m: 'GET', k: key }, DOWNLOAD_URL_TTL_MS).url;
    },

    /**
     * The upload behind `key` if `caller` may attach it for `purpose` (uploaded, issued to them, not attached
     * elsewhere); otherwise the error to show. Checked before expensive work; `attach` decides for good.
     */
    async requireAttachable(
      opts: { key: string; purpose: UploadPurpose; caller: UploadCaller },
      tx?: DbOrTx,
    ): Promise<UploadRow> {
      const row = await (tx ? createUploadsRepository(tx) : repo).findByKey(opts.key);
      const refused = refusal(row, opts.purpose, opts.caller);
      if (refused || !row) throw refused;
      return row;
    },

    /**
     * Makes the upload of `key` the file of `owner`, inside the caller's transaction: exactly one owner can win an
     * upload, and only the caller it was issued to. An owner holds one attached file: release the old one first.
     */
    async attach(
      tx: DbOrTx,
      opts: { key: string; purpose: UploadPurpose; caller: UploadCaller; owner: FileOwner },
    ): Promise<UploadRow> {
      const r = createUploadsRepository(tx);
      const row = await r.attach({
        storageKey: opts.key,
        purpose: opts.purpose,
        issuedToUserId: opts.caller.userId,
        companyId: opts.caller.companyId,
        owner: opts.owner,
        now: now(),
      });
      if (row) return row;
      throw refusal(await r.findByKey(opts.key), opts.purpose, opts.caller) ?? new AppError(ERROR_CODES.fileMissing);
    },

    /**
     * Lets `owner` give up the file it holds, inside the caller's transaction. Only what is attached to this owner is
     * released: a key the owner's row merely points at, but that belongs to someone else, is left alone. Returns the
     * released keys; delete their files after commit with `purgeReleased`.
     */
    async release(tx: DbOrTx, opts: { owner: FileOwner }): Promise<string[]> {
      return createUploadsRepository(tx).release(opts.owner);
    },

    /** After commit: deletes the files (and rows) of uploads released by the transaction. */
    purgeReleased: (keys: string[]) => purgeKeys(keys),

    /** A file refused after its upload (a PDF the worker would not read): deleted unless it was attached meanwhile. */
    async discard(key: string): Promise<void> {
      if (await repo.releaseUnattached(key)) await purgeKeys([key]);
    },

    /**
     * A copy of a stored file under a new key, as an upload issued to `caller` and ready to attach (a cloned
     * template gets its own file: nothing is shared between two owners).
     */
    async storeCopy(opts: {
      sourceKey: string;
      purpose: UploadPurpose;
      caller: UploadCaller;
      contentType: string;
    }): Promise<string | undefined> {
      const source = await storage.get(opts.sourceKey);
      if (!source) return undefined;
      const purpose = PURPOSES[opts.purpose];
      const at = now();
      const row = await repo
        .insert({
          storageKey: purpose.key(opts.caller.companyId),
          purpose: opts.purpose,
          issuedToUserId: opts.caller.userId,
          companyId: opts.caller.companyId,
          maxBytes: UPLOAD_MAX_BYTES,
          contentKind: purpose.contentKind,
          status: 'uploading',
          createdAt: at,
          expiresAt: at,
        })
        .catch((err: unknown) => {
          // the source is open: close it (a file handle, or an S3 socket) before giving up
          source.body.destroy();
          throw err;
        });
      try {
        const stored = await storage.put(row.storageKey, source.body, {
          maxBytes: UPLOAD_MAX_BYTES,
          contentType: opts.contentType,
        });
        await repo.markUploaded(row.id, stored, now());
        return row.storageKey;
      } catch (err) {
        source.body.destroy();
        await repo.markFailed(row.id).catch(() => {});
        throw err;
      }
    },

    /**
     * The sweep job: uploads never attached within a day, and released ones whose file is still there, lose their
     * file and their row. Runs hourly on one instance (pg-boss schedule); safe to run anywhere, any number of times.
     */
    async sweep(): Promise<{ released: number; deleted: number }> {
      const released = await repo.releaseStale(new Date(now().getTime() - UNATTACHED_UPLOAD_TTL_MS));
      let deleted = 0;
      // bounded per run: a storage outage must not keep one job busy for ever
      for (let batch = 0; batch < 20; batch++) {
        const rows = await repo.listReleased(200);
        const done = await purge(rows);
        deleted += done;
        // a file that could not be deleted stays first in line: stop, the next run tries it again
        if (rows.length < 200 || done < rows.length) break;
      }
      if (released || deleted) log.info({ released, deleted }, 'unattached uploads swept');
      return { released, deleted };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
