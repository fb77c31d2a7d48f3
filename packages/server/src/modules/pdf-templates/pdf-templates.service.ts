import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { UPLOAD_MAX_BYTES } from '@under/core/constants';
import { MESSAGES } from '@under/core/messages';
import type { DetectFieldsResult } from '@under/core/templates/detected-field.schema';
import type { BindableEntry } from '@under/core/templates/field-binding';
import { checkMapping, cloneName, isImageUrl, keepFieldsOnPages } from '@under/core/templates/mapping-rules';
import type { Mapping, PdfField } from '@under/core/templates/pdf-field.schema';
import {
  type ConfirmPageBodySchema,
  type PdfTemplate,
  type PdfTemplateSummary,
  type PdfUploadUrl,
  type TemplateSettings,
  TemplateSettingsSchema,
} from '@under/core/templates/pdf-template.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../../auth-context';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { writeAudit } from '../../db/repositories/audit.repository';
import { AppError } from '../../errors';
import { type FillValue, type PdfPool, PdfWorkError } from '../../infra/pdf/pdf-pool';
import type { Storage } from '../../infra/storage/storage';
import type { FilesService, UploadCaller } from '../files/files.service';
import { bindFound } from './detect-fields';
import { createPdfTemplatesRepository, type PdfTemplateRow } from './pdf-templates.repository';

/** How each refusal of the PDF worker reaches the admin. */
const REFUSALS: Record<PdfWorkError['kind'], (err: PdfWorkError) => AppError> = {
  'not-pdf': () => new AppError(ERROR_CODES.pdfNotPdf),
  damaged: () => new AppError(ERROR_CODES.pdfDamaged),
  encrypted: () => new AppError(ERROR_CODES.pdfEncrypted),
  xfa: () => new AppError(ERROR_CODES.pdfXfa),
  'no-pages': () => new AppError(ERROR_CODES.pdfNoPages),
  'too-many-pages': () => new AppError(ERROR_CODES.pdfTooManyPages),
  'too-complex': () => new AppError(ERROR_CODES.pdfTooComplex),
  // a PNG value too large to decode (or not decodable): the spec's invalid-value answer, by the value's path
  'bad-image': (err) =>
    new AppError(ERROR_CODES.reviewInvalidImage, MESSAGES.invalidValue, [
      { path: `values.${err.key ?? ''}`, message: MESSAGES.invalidValue },
    ]),
  timeout: () => new AppError(ERROR_CODES.pdfTooComplex),
  busy: () => new AppError(ERROR_CODES.pdfBusy),
  failed: () => new AppError(ERROR_CODES.pdfFailed, MESSAGES.http500),
};

/** Admins upload templates for the whole platform: no company. */
const callerOf = (auth: AuthContext): UploadCaller => ({ userId: auth.userId, companyId: null });

async function readAll(body: Readable, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size > maxBytes) {
      body.destroy();
      throw new AppError(ERROR_CODES.fileTooLarge);
    }
    chunks.push(b);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

export interface PdfTemplatesServiceDeps {
  db: Db;
  storage: Storage;
  files: FilesService;
  pdf: PdfPool;
  log: FastifyBaseLogger;
  /** The dictionary's entries, for binding detected labels (the library's: wired late, it is built after us). */
  dictionary?: () => Promise<BindableEntry[]>;
  /** CardConnect's mappings, for a clone with isCloneCcMapper (wired late: cardConnect is built after us). */
  ccMapping?: () => {
    carryMappingToClone(tx: DbOrTx, opts: { fromTemplateId: string; toTemplateId: string }): Promise<number>;
  };
}

export function createPdfTemplatesService(deps: PdfTemplatesServiceDeps) {
  const { db, storage, files, pdf, log, dictionary } = deps;
  const repo = createPdfTemplatesRepository(db);
  // A few recent template files in memory: the review is asked for again and again while mapping.
  const fileCache = new Map<string, Uint8Array>();
  const FILE_CACHE_SIZE = 8;

  async function fileBytes(key: string): Promise<Uint8Array> {
    const cached = fileCache.get(key);
    if (cached) {
      fileCache.delete(key);
      fileCache.set(key, cached);
      return cached;
    }
    const file = await storage.get(key);
    if (!file) throw new AppError(ERROR_CODES.fileNotFound);
    const bytes = await readAll(file.body, UPLOAD_MAX_BYTES);
    fileCache.set(key, bytes);
    if (fileCache.size > FILE_CACHE_SIZE) fileCache.delete(fileCache.keys().next().value as string);
    return bytes;
  }

  async function load(templateId: string): Promise<PdfTemplateRow> {
    const row = await repo.find(templateId);
    if (!row) throw new AppError(ERROR_CODES.templateNotFound);
    return row;
  }

  function toSummary(row: PdfTemplateRow): PdfTemplateSummary {
    return {
      templateId: row.id,
      name: row.name,
      status: row.status as PdfTemplateSummary['status'],
      pageCount: row.pages.length,
      fieldCount: row.mapping.length,
      mappingFieldsVersion: row.mappingFieldsVersion,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  function toTemplate(row: PdfTemplateRow): PdfTemplate {
    return {
      ...toSummary(row),
      fileUrl: row.fileKey,
      downloadUrl: files.downloadUrl(row.fileKey),
      fileSize: row.fileSize,
      pages: row.pages,
      acroFields: row.acroFields,
    };
  }

  /**
   * Checks an uploaded file in the PDF worker: it must be a template upload issued to the caller and attached to
   * nothing (decision 022). A refused file is deleted at once: nothing of a bad upload stays.
   */
  async function inspectUpload(fileUrl: string, caller: UploadCaller) {
    const upload = await files.requireAttachable({ key: fileUrl, purpose: 'pdf-template', caller });
    const discard = () =>
      files.discard(fileUrl).catch((err) => log.warn({ err, key: fileUrl }, 'refused PDF not deleted'));
    try {
      const bytes = await fileBytes(fileUrl);
      const result = await pdf.inspect(bytes);
      return { size: upload.size ?? bytes.length, ...result };
    } catch (err) {
      fileCache.delete(fileUrl);
      if (err instanceof PdfWorkError) {
        // the file's own fault deletes it; a busy or failing PDF service says nothing about the file, which stays
        // (and its upload with it) for the admin to try again
        if (err.kind !== 'busy' && err.kind !== 'failed') await discard();
        if (err.kind === 'failed') log.error({ err }, 'PDF inspection failed');
        throw REFUSALS[err.kind](err);
      }
      if (err instanceof AppError) await discard();
      throw err;
    }
  }

  async function ensureNameFree(name: string, exceptId?: string) {
    if (await repo.isNameTaken(name, exceptId)) throw new AppError(ERROR_CODES.templateNameUsed);
  }

  async function mapPdfError<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (err) {
      if (err instanceof PdfWorkError) {
        if (err.kind === 'failed') log.error({ err }, 'PDF work failed');
        throw REFUSALS[err.kind](err);
      }
      throw err;
    }
  }

  /** One audited change of a template's settings or confirm page. */
  async function changeTemplate(
    auth: AuthContext,
    templateId: string,
    action: 'settings' | 'confirm-page',
    patch: Partial<PdfTemplateRow>,
  ) {
    await load(templateId);
    return db.transaction(async (tx) => {
      const r = createPdfTemplatesRepository(tx);
      const row = await r.update(templateId, patch);
      await writeAudit(tx, {
        actorUserId: auth.userId,
        action: `pdf-template.${action}`,
        targetType: 'pdf-template',
        targetId: templateId,
      });
      return row;
    });
  }

  return {
    /** The template's general settings and global settings per page, defaults filled in. */
    async getSettings(opts: { templateId: string }): Promise<TemplateSettings> {
      return TemplateSettingsSchema.parse((await load(opts.templateId)).settings);
    },
    async setSettings(opts: { auth: AuthContext; templateId: string; settings: TemplateSettings }) {
      const template = await load(opts.templateId);
      for (const page of Object.keys(opts.settings.pages)) {
        if (!template.pages.some((p) => String(p.page) === page)) {
          throw new AppError(ERROR_CODES.templatePage, MESSAGES.http400, [
            { path: `pages.${page}`, message: MESSAGES.pdfNoPage(page) },
          ]);
        }
      }
      const row = await changeTemplate(opts.auth, opts.templateId, 'settings', { settings: opts.settings });
      return TemplateSettingsSchema.parse(row.settings);
    },
    /** The confirm-page mapper: boxes for the signers' e-mail, signature, initials and name. */
    async getConfirmPage(opts: { templateId: string }) {
      return { items: (await load(opts.templateId)).confirmPage as z.output<typeof ConfirmPageBodySchema>['items'] };
    },
    async setConfirmPage(opts: {
      auth: AuthContext;
      templateId: string;
      items: z.output<typeof ConfirmPageBodySchema>['items'];
    }) {
      const template = await load(opts.templateId);
      const problems = opts.items.flatMap((item, i) => {
        const page = template.pages.find((p) => p.page === item.page);
        if (!page) return [{ path: `items.${i}.page`, message: MESSAGES.pdfNoPage(item.page) }];
        return item.x + item.width > page.width + 0.01 || item.y + item.height > page.height + 0.01
          ? [{ path: `items.${i}`, message: MESSAGES.boxOutsidePage(item.page) }]
          : [];
      });
      if (problems.length) throw new AppError(ERROR_CODES.confirmPageInvalid, MESSAGES.http400, problems);
      const row = await changeTemplate(opts.auth, opts.templateId, 'confirm-page', { confirmPage: opts.items });
      return { items: row.confirmPage as z.output<typeof ConfirmPageBodySchema>['items'] };
    },

    /** POST /api/pdf_templates/gen_presigned_url: a signed PUT URL for one new PDF (checked as it streams). */
    async createUploadUrl(opts: { auth: AuthContext }): Promise<PdfUploadUrl> {
      const issued = await files.issueUpload({
        purpose: 'pdf-template',
        caller: callerOf(opts.auth),
        // spec 1 §9: at most 25 MB (core's upload limit) and 50 pages (the PDF pool's limits, from core's constant)
        maxBytes: UPLOAD_MAX_BYTES,
      });
      return { ...issued, maxPages: pdf.limits.maxPages };
    },

    /** POST /api/create_form_check/name: whether a template name is free (case-insensitive). */
    async checkName(opts: { value: string }): Promise<{ available: boolean }> {
      const name = opts.value.trim();
      if (!name) return { available: false };
      if (await repo.isNameTaken(name)) throw new AppError(ERROR_CODES.templateNameUsed);
      return { available: true };
    },

    /** POST /api/pdf_templates: a template from an uploaded PDF, with its AcroForm fields offered as a mapping. */
    async create(opts: { auth: AuthContext; name: string; fileUrl: string }): Promise<PdfTemplate> {
      await ensureNameFree(opts.name);
      const caller = callerOf(opts.auth);
      const inspected = await inspectUpload(opts.fileUrl, caller);
      try {
        const row = await db.transaction(async (tx) => {
          const r = createPdfTemplatesRepository(tx);
          const created = await r.insert({
            name: opts.name,
            fileKey: opts.fileUrl,
            fileSize: inspected.size,
            pages: inspected.pages,
            acroFields: inspected.acroFields,
            createdBy: opts.auth.userId,
          });
          // the file becomes this template's alone; a second create with the same upload loses here
          await files.attach(tx, {
            key: opts.fileUrl,
            purpose: 'pdf-template',
            caller,
            owner: { kind: 'pdf-template', id: created.id },
          });
          await writeAudit(tx, {
            actorUserId: opts.auth.userId,
            action: 'pdf-template.create',
            targetType: 'pdf-template',
            targetId: created.id,
            details: { name: opts.name, pages: inspected.pages.length },
          });
          return created;
        });
        return toTemplate(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(ERROR_CODES.templateNameUsed);
        throw err;
      }
    },

    async list(opts: { q?: string; status?: string; mapped?: 'true' | 'false'; page: number; pageSize: number }) {
      const { rows, total } = await repo.list({
        q: opts.q?.trim() || undefined,
        status: opts.status,
        mapped: opts.mapped === undefined ? undefined : opts.mapped === 'true',
        offset: (opts.page - 1) * opts.pageSize,
        limit: opts.pageSize,
      });
      return { items: rows.map(toSummary), total, page: opts.page, pageSize: opts.pageSize };
    },

    async get(opts: { templateId: string }): Promise<PdfTemplate> {
      return toTemplate(await load(opts.templateId));
    },

    /** How many templates (not archived) bind a mapped field to the dictionary entry (the library's delete check). */
    countBindingDictionary: (opts: { dictionaryId: string }) => repo.countBindingDictionary(opts.dictionaryId),

    /**
     * PATCH /api/pdf_templates/{templateId}/replace-pdf-file: irreversible. Mapped fields on pages the new file still
     * has (and inside them) are kept; the others are removed and reported.
     */
    async replaceFile(opts: { auth: AuthContext; templateId: string; fileUrl: string }) {
      const before = await load(opts.templateId);
      if (before.fileKey === opts.fileUrl) throw new AppError(ERROR_CODES.fileSame);
      const caller = callerOf(opts.auth);
      const inspected = await inspectUpload(opts.fileUrl, caller);
      const { row, removed, released } = await db.transaction(async (tx) => {
        const r = createPdfTemplatesRepository(tx);
        const current = await r.findForUpdate(opts.templateId);
        if (!current) throw new AppError(ERROR_CODES.templateNotFound);
        const owner = { kind: 'pdf-template' as const, id: current.id };
        // only the file attached to this template is let go, never one another owner holds
        const released = await files.release(tx, { owner });
        await files.attach(tx, { key: opts.fileUrl, purpose: 'pdf-template', caller, owner });
        const { kept, removed } = keepFieldsOnPages(current.mapping, inspected.pages);
        const updated = await r.update(current.id, {
          fileKey: opts.fileUrl,
          fileSize: inspected.size,
          pages: inspected.pages,
          acroFields: inspected.acroFields,
          mapping: kept,
          mappingFieldsVersion: removed.length ? current.mappingFieldsVersion + 1 : current.mappingFieldsVersion,
        });
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          action: 'pdf-template.replace-file',
          targetType: 'pdf-template',
          targetId: current.id,
          details: { previousFile: current.fileKey, removedFields: removed.length },
        });
        return { row: updated, removed, released };
      });
      fileCache.delete(before.fileKey);
      await files.purgeReleased(released);
      return {
        template: toTemplate(row),
        removedFields: removed.map((f) => ({ id: f.id, key: f.key, page: f.page })),
      };
    },

    /**
     * POST /api/templates/{templateId}/clone: a copy of the file; with isCloneCcMapper the clone also carries the
     * mappings (the PDF fields' and the CardConnect mapping of the source's master form; decision 090).
     */
    async clone(opts: { auth: AuthContext; templateId: string; name?: string; isCloneCcMapper: boolean }) {
      const source = await load(opts.templateId);
      let name = opts.name?.trim();
      if (name) await ensureNameFree(name);
      else {
        const taken = new Set<string>();
        for (let i = 0; i < 20; i++) {
          const candidate = cloneName(source.name, (n) => taken.has(n));
          if (!(await repo.isNameTaken(candidate))) {
            name = candidate;
            break;
          }
          taken.add(candidate);
        }
        name ??= `${source.name}_Copy_${randomUUID().slice(0, 8)}`;
      }
      const caller = callerOf(opts.auth);
      // the clone gets its own copy of the file: two templates never share one
      const key = await files.storeCopy({
        sourceKey: source.fileKey,
        purpose: 'pdf-template',
        caller,
        contentType: 'application/pdf',
      });
      if (!key) throw new AppError(ERROR_CODES.fileNotFound);
      try {
        const row = await db.transaction(async (tx) => {
          const r = createPdfTemplatesRepository(tx);
          const created = await r.insert({
            name: name as string,
            fileKey: key,
            fileSize: source.fileSize,
            pages: source.pages,
            acroFields: source.acroFields,
            mapping: opts.isCloneCcMapper ? source.mapping : [],
            mappingFieldsVersion: opts.isCloneCcMapper ? source.mappingFieldsVersion : 0,
            createdBy: opts.auth.userId,
          });
          await files.attach(tx, {
            key,
            purpose: 'pdf-template',
            caller,
            owner: { kind: 'pdf-template', id: created.id },
          });
          const ccLines =
            opts.isCloneCcMapper && deps.ccMapping
              ? await deps.ccMapping().carryMappingToClone(tx, { fromTemplateId: source.id, toTemplateId: created.id })
              : 0;
          await writeAudit(tx, {
            actorUserId: opts.auth.userId,
            action: 'pdf-template.clone',
            targetType: 'pdf-template',
            targetId: created.id,
            details: { from: source.id, withMapping: opts.isCloneCcMapper, ccMappingLines: ccLines },
          });
          return created;
        });
        return toTemplate(row);
      } catch (err) {
        await files.discard(key).catch((e) => log.warn({ err: e, key }, 'copied PDF not deleted'));
        if (isUniqueViolation(err)) throw new AppError(ERROR_CODES.templateNameUsed);
        throw err;
      }
    },

    /** PATCH /api/pdf_templates/{templateId}/archive (and back with archived: false). */
    async setArchived(opts: { auth: AuthContext; templateId: string; archived: boolean }) {
      await load(opts.templateId);
      const row = await db.transaction(async (tx) => {
        const r = createPdfTemplatesRepository(tx);
        const updated = await r.update(opts.templateId, { status: opts.archived ? 'archived' : 'active' });
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          action: opts.archived ? 'pdf-template.archive' : 'pdf-template.unarchive',
          targetType: 'pdf-template',
          targetId: opts.templateId,
        });
        return updated;
      });
      return toTemplate(row);
    },

    /** POST /api/pdf_templates/{templateId}/mapping_fields: the whole mapping, checked against the pages. */
    async saveMapping(opts: { auth: AuthContext; templateId: string; data: PdfField[] }): Promise<Mapping> {
      if (opts.data.length === 0) throw new AppError(ERROR_CODES.mappingEmpty);
      const template = await load(opts.templateId);
      const problems = checkMapping(opts.data, template.pages);
      if (problems.length) throw new AppError(ERROR_CODES.mappingInvalid, MESSAGES.mappingInvalid, problems);
      const row = await db.transaction(async (tx) => {
        const r = createPdfTemplatesRepository(tx);
        const current = await r.findForUpdate(opts.templateId);
        if (!current) throw new AppError(ERROR_CODES.templateNotFound);
        const updated = await r.update(current.id, {
          mapping: opts.data,
          mappingFieldsVersion: current.mappingFieldsVersion + 1,
        });
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          action: 'pdf-template.mapping',
          targetType: 'pdf-template',
          targetId: current.id,
          details: { fields: opts.data.length, version: updated.mappingFieldsVersion },
        });
        return updated;
      });
      return {
        templateId: row.id,
        version: row.mappingSchemaVersion,
        mappingFieldsVersion: row.mappingFieldsVersion,
        data: row.mapping,
      };
    },

    /**
     * POST /api/pdf_templates/{templateId}/detect_fields (issue 25): the boxes printed on the template's pages, found
     * in a PDF worker (within its time and memory) and bound to the dictionary. Proposals: nothing is saved.
     */
    async detectFields(opts: { templateId: string }): Promise<DetectFieldsResult> {
      const row = await load(opts.templateId);
      const bytes = await fileBytes(row.fileKey);
      const found = await mapPdfError(pdf.detect(bytes));
      const entries = dictionary ? await dictionary() : [];
      // a page the template no longer has (never, but the mapping's own check would refuse it) is left out
      const pages = new Set(row.pages.map((p) => p.page));
      return {
        fields: bindFound(
          found.fields.filter((f) => pages.has(f.page)),
          entries,
        ),
      };
    },

    async getMapping(opts: { templateId: string }): Promise<Mapping> {
      const row = await load(opts.templateId);
      return {
        templateId: row.id,
        version: row.mappingSchemaVersion,
        mappingFieldsVersion: row.mappingFieldsVersion,
        data: row.mapping,
      };
    },

    /**
     * POST /api/pdf_templates/{templateId}/review and the draft PDF: the saved mapping filled with the given values
     * (and sample values for the others unless a draft), flattened.
     */
    async render(opts: {
      templateId: string;
      values?: Record<string, FillValue>;
      useSamples: boolean;
      fields?: PdfField[];
    }): Promise<Uint8Array> {
      const row = await load(opts.templateId);
      if (opts.fields) {
        const problems = checkMapping(opts.fields, row.pages);
        if (problems.length) throw new AppError(ERROR_CODES.mappingInvalid, MESSAGES.mappingInvalid, problems);
      }
      // images print from png or jpeg data only (spec 1 §5); URLs are not fetched, so a review cannot reach other hosts
      const imageProblems = (opts.fields ?? row.mapping)
        .filter((f) => f.type === 'image' || f.type === 'signature')
        .flatMap((f) => {
          const v = opts.values?.[f.key];
          if (v === undefined || v === null || v === '') return [];
          const ok = typeof v === 'string' && v.startsWith('data:') && isImageUrl(v);
          return ok ? [] : [{ path: `values.${f.key}`, message: MESSAGES.invalidValue }];
        });
      if (imageProblems.length)
        throw new AppError(ERROR_CODES.reviewInvalidImage, MESSAGES.invalidValue, imageProblems);
      const bytes = await fileBytes(row.fileKey);
      return mapPdfError(
        pdf.fill({
          bytes,
          fields: opts.fields ?? row.mapping,
          values: opts.values,
          useSamples: opts.useSamples,
          cacheKey: row.fileKey,
          settings: fillSettings(TemplateSettingsSchema.parse(row.settings)),
        }),
      );
    },
  };
}

export type PdfTemplatesService = ReturnType<typeof createPdfTemplatesService>;

/** What the PDF filler takes from a template's general and per-page settings. */
function fillSettings(settings: TemplateSettings) {
  const pageFontSizes: Record<number, number> = {};
  for (const [page, value] of Object.entries(settings.pages)) {
    if (value.fontSize !== undefined) pageFontSizes[Number(page)] = value.fontSize;
  }
  return { defaultFontSize: settings.general.defaultFontSize, dateFormat: settings.general.dateFormat, pageFontSizes };
}
