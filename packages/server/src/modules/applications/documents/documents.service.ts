import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { answerPages } from '@under/core/applications/answer-pages';
import type { GeneratedDocument } from '@under/core/applications/documents.schema';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { formatDateTime } from '@under/core/forms/format';
import { MESSAGES } from '@under/core/messages';
import type { PdfField } from '@under/core/templates/pdf-field.schema';
import { ConfirmPageItemSchema } from '@under/core/templates/pdf-template.schema';
import { type OwnerSigning, signingBoxes } from '@under/core/templates/signing-boxes';
import type { FastifyBaseLogger } from 'fastify';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import { AppError } from '../../../errors';
import type { EventPublisher } from '../../../infra/events/events';
import type { FieldCrypto } from '../../../infra/field-crypto/field-crypto';
import type { FillValue, PdfPool } from '../../../infra/pdf/pdf-pool';
import type { TextLine } from '../../../infra/pdf/pdf-protocol';
import type { Sealer } from '../../../infra/pdf-seal/sealer';
import type { UrlSigner } from '../../../infra/storage/signed-url';
import type { Storage } from '../../../infra/storage/storage';
import { addressKey, type ThrottleRule, type Throttles } from '../../../security/throttles';
import { requireCompanyId } from '../../accounts/tenant';
import type { PdfTemplatesService } from '../../pdf-templates/pdf-templates.service';
import { type FormGrants, loadVisibleApplication } from '../access/visible-application';
import { resolveApplicantLink } from '../applicant/applicant-link';
import { readApplicationHistory } from '../history/history.service';
import { ownersBySection } from '../owners/owners-by-section';
import { createDocumentsRepository, type DocumentRow } from './documents.repository';
import { executedTemplate, optionLabelsOf, valuesForMapping } from './executed-template';
import { DOCUMENTS_QUEUE, requestDocumentGeneration } from './request-documents';

/** A run not finished this long after it started (or was queued) is queued again by the sweep. */
const STALE_RUN_MS = 5 * 60_000;
const DOCUMENTS_SWEEP_QUEUE = 'application-documents-sweep';
/** Download URLs of documents work this long (issue 13: short-lived). */
const DOWNLOAD_URL_MS = 5 * 60_000;
const MAX_PDF_BYTES = 50 * 1_000_000;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

type Values = Record<string, FillValue>;

interface DocumentsDeps {
  db: Db;
  storage: Storage;
  pdf: Pick<PdfPool, 'textDocument'>;
  templates: Pick<PdfTemplatesService, 'render' | 'getMapping' | 'getConfirmPage'>;
  fieldCrypto: FieldCrypto;
  sealer: Sealer;
  jobs: {
    send<T extends object>(name: string, data: T): Promise<string>;
    register<T>(name: string, handler: (data: T) => Promise<void>): Promise<void>;
    schedule<T>(name: string, cron: string, handler: (data: T) => Promise<void>): Promise<void>;
  };
  forms: FormGrants;
  signer: UrlSigner;
  codeSecret: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: Clock;
  /** `documents.ready` is written as the run is marked done (decision 064): the team's notice reacts to it. */
  events: EventPublisher;
  /** Tests: called after each document is written (a crash between two documents); in production a no-op. */
  afterDocument: (slot: string) => Promise<void>;
  /** The shared request counters (decision 019). */
  throttles: Throttles;
}

const MINUTE = 60_000;
/**
 * The applicant's preview (decision 056): each one renders a PDF in the bounded workers, so it is counted per owner
 * and per address (429 over it), and it is an event of the history at most once per visit, as opening is
 * (applications' VISIT_GAP_MS): a reload every few seconds writes no chain of identical events.
 */
export const PREVIEW_THROTTLES = {
  owner: { scope: 'applicant-preview:owner', max: 20, windowMs: 60 * MINUTE },
  address: { scope: 'applicant-preview:address', max: 60, windowMs: 60 * MINUTE },
  audit: { scope: 'applicant-preview-audit:owner', max: 1, windowMs: 30 * MINUTE },
} as const satisfies Record<string, ThrottleRule>;

/**
 * The documents of a signed application (issue 13; decision 046): a job per run fills the master form's PDF
 * template from the application (mapped values and the confirm page's signatures, e-mails, initials and names) and
 * lays out an audit certificate; each document is written once per slot of its generation, so a retried or
 * re-queued run completes what is missing and never writes a document twice.
 */
export function createDocumentsService(deps: DocumentsDeps) {
  const { db, storage } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  const { throttles } = deps;

  async function bytesOf(key: string): Promise<Buffer> {
    const file = await storage.get(key);
    if (!file) throw new Error(`stored file missing: ${key}`);
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  }
  const dataUrl = async (key: string) => `data:image/png;base64,${(await bytesOf(key)).toString('base64')}`;

  /** Writes one document of a run unless its slot is written: stored first (a fixed key), then its row. */
  async function writeDocument(
    run: { id: string; applicationId: string; generation: number },
    companyId: string,
    companyName: string,
    doc: { slot: string; kind: 'template' | 'additional' | 'certificate'; name: string; templateId: string | null },
    make: () => Promise<Uint8Array>,
  ): Promise<void> {
    const existing = await createDocumentsRepository(db).documentsOfGeneration(run.applicationId, run.generation);
    if (existing.some((d) => d.slot === doc.slot)) return;
    const documentId = randomUUID();
    // sealed (PAdES-B, decision 047): its hash is the sealed file's, what the verify page looks up
    const bytes = await deps.sealer.seal(await make(), {
      reason: `Issued by Under for ${companyName}`,
      applicationId: run.applicationId,
      documentId,
      at: now(),
    });
    const hash = sha256(bytes);
    // a key of this attempt's own: two runners of one run (a retry racing a re-queued job) never share a file
    const slot = doc.slot.replace(/[^A-Za-z0-9-]/g, '-');
    const key = `documents/${run.applicationId}/${run.generation}/${slot}-${randomUUID()}.pdf`;
    await storage.put(key, Readable.from(Buffer.from(bytes)), {
      maxBytes: MAX_PDF_BYTES,
      contentType: 'application/pdf',
    });
    const pages = await pageCount(bytes);
    const won = await db.transaction(async (tx) => {
      const row = await createDocumentsRepository(tx).insertDocument({
        id: documentId,
        applicationId: run.applicationId,
        runId: run.id,
        generation: run.generation,
        kind: doc.kind,
        slot: doc.slot,
        templateId: doc.templateId,
        name: doc.name,
        storageKey: key,
        sha256: hash,
        size: bytes.byteLength,
        pages,
        sealed: true,
      });
      if (!row) return false;
      await writeAudit(tx, {
        action: 'application.document-generate',
        actorUserId: null,
        companyId,
        targetType: 'application',
        targetId: run.applicationId,
        details: { documentId: row.id, kind: doc.kind, name: doc.name, sha256: hash, generation: run.generation },
      });
      return true;
    });
    // another runner wrote this slot first: its document stands, this file goes
    if (!won) {
      await storage.delete(key);
      return;
    }
    await deps.afterDocument(doc.slot);
  }

  /**
   * Every document of a run is written: the run is done (once, whichever runner gets here first), recorded in the
   * history, and the institution's team is told (decision 060).
   */
  async function finishRun(run: { id: string; applicationId: string; generation: number }, companyId: string) {
    const events = await db.transaction(async (tx) => {
      const r = createDocumentsRepository(tx);
      if (!(await r.markRunDone(run.id, now()))) return [];
      const documents = await r.documentsOfGeneration(run.applicationId, run.generation);
      await writeAudit(tx, {
        action: 'application.documents-ready',
        actorUserId: null,
        companyId,
        targetType: 'application',
        targetId: run.applicationId,
        details: { generation: run.generation, documents: documents.length },
      });
      return [await deps.events.publish(tx, 'documents.ready', { applicationId: run.applicationId, runId: run.id })];
    });
    await deps.events.dispatch(events);
  }

  /** One run: every document of its generation, then done. Throws to be retried (pg-boss), after which it fails. */
  async function handleRun(runId: string): Promise<void> {
    const repo = createDocumentsRepository(db);
    const run = await repo.findRun(runId);
    if (!run || run.status === 'done') return;
    await repo.updateRun(run.id, { status: 'running', attempts: run.attempts + 1, startedAt: now(), error: null });
    try {
      const source = await repo.source(run.applicationId);
      if (!source) {
        // nothing to make documents of (the application or its form version is gone): failed for good, no retry
        await repo.updateRun(run.id, {
          status: 'failed',
          error: 'application or form version missing',
          finishedAt: now(),
        });
        return;
      }
      const { application } = source;
      const form = source.form as unknown as FormDefinition;
      const data = deps.fieldCrypto.openData(form, application.data);
      const owners = await repo.owners(application.id);
      const signatures = await repo.validSignatures(application.id);
      const title = `Application ${application.number} – ${source.formName}`;
      if (source.templateId) {
        const templateId = source.templateId;
        await writeDocument(
          run,
          application.companyId,
          source.companyName,
          { slot: `template:${templateId}`, kind: 'template', name: `${title}.pdf`, templateId },
          async () => {
            const mapping = (await deps.templates.getMapping({ templateId })).data as PdfField[];
            const confirm = await confirmFields(templateId);
            // every signature box the e-signature of its owner (decision 058): owner N the owner of section N (059)
            const { fields, values } = executedTemplate(
              mapping,
              data,
              await signingOf(ownersBySection(owners), signatures),
              optionLabelsOf(form.components),
            );
            Object.assign(values, await confirmValues(confirm.items, owners, signatures));
            return deps.templates.render({
              templateId,
              values,
              useSamples: false,
              fields: [...fields, ...confirm.fields],
            });
          },
        );
      }
      // the answers as given (every field by its label) and what the applicant accepted: the institution's own
      // questions included, whatever the template maps. Encrypted answers appear masked here (decision 050): the
      // template carries what the processor needs, and an ADMINISTRATOR reveals a value when it is needed.
      await writeDocument(
        run,
        application.companyId,
        source.companyName,
        { slot: 'additional', kind: 'additional', name: `${title} – answers and acceptance.pdf`, templateId: null },
        () =>
          deps.pdf.textDocument({
            title: `Application ${application.number} – answers`,
            subtitle: `${source.companyName} · ${source.formName} · submitted ${application.submittedAt ? formatDateTime(application.submittedAt) : ''}`,
            createdAt: now().toISOString(),
            sections: [
              ...answerSections(form, deps.fieldCrypto.maskData(form, application.data)),
              { heading: 'Documents read and terms accepted', lines: acceptanceLines(application.acceptance) },
            ],
          }),
      );
      // the certificate last: it names every other document of the generation by its hash
      await writeDocument(
        run,
        application.companyId,
        source.companyName,
        { slot: 'certificate', kind: 'certificate', name: `${title} – audit certificate.pdf`, templateId: null },
        async () => {
          const documents = await repo.documentsOfGeneration(application.id, run.generation);
          const history = await readApplicationHistory(db, application.id);
          const signerLines: TextLine[] = [];
          for (const [i, o] of ownersBySection(owners).entries()) {
            if (!o) continue;
            const s = signatures.find((x) => x.ownerId === o.id);
            const who = o.kind === 'primaryApplicant' ? 'primary applicant' : 'additional owner';
            signerLines.push(`Owner ${i + 1}: ${o.name ?? o.email} <${o.email}> · ${who}`);
            if (!s) {
              signerLines.push('Not signed');
              continue;
            }
            signerLines.push(
              `Signed ${formatDateTime(s.signedAt, true)} (${s.signedAt.toISOString()}) from ${s.ip ?? 'unknown address'} · ${s.userAgent ?? 'unknown browser'} · e-mail proved by a one-time code · data SHA-256 ${s.dataHash}`,
            );
            // the signature itself beside the record, and the initials when they were given
            signerLines.push({ text: 'Signature:', image: await dataUrl(s.signatureKey) });
            if (s.initialsKey) signerLines.push({ text: 'Initials:', image: await dataUrl(s.initialsKey) });
          }
          return deps.pdf.textDocument({
            title: `Audit certificate – application ${application.number}`,
            subtitle: `${source.companyName} · ${source.formName} · generation ${run.generation} · made ${formatDateTime(now(), true)}`,
            createdAt: now().toISOString(),
            sections: [
              { heading: 'Signers', lines: signerLines },
              {
                heading: 'Documents',
                lines: documents
                  .filter((d) => d.kind !== 'certificate')
                  .map((d) => `${d.name} · ${d.pages} pages · SHA-256 ${d.sha256}`),
              },
              {
                heading: 'History',
                lines: [
                  `${history.chain.events} events, chain ${history.chain.intact ? 'intact' : `broken at event ${history.chain.brokenAt}`}`,
                  `Head of the chain (SHA-256): ${history.headHash ?? 'none'}`,
                  ...history.events.map(
                    (e) =>
                      `${e.seq}. ${formatDateTime(e.at, true) || e.at} · ${e.action} · ${e.actor ?? 'system'} · ${e.ip ?? ''}`,
                  ),
                ],
              },
            ],
          });
        },
      );
      await finishRun(run, application.companyId);
    } catch (err) {
      deps.log.error({ err, runId }, 'document generation failed');
      await repo.updateRun(run.id, { status: run.attempts + 1 >= 4 ? 'failed' : 'queued', error: 'generation failed' });
      throw err;
    }
  }

  /** What each owner signed with, in owner order: signature and initials as data URLs, the time it was signed. */
  async function signingOf(
    owners: readonly ({ id: string } | undefined)[],
    signatures: Awaited<ReturnType<ReturnType<typeof createDocumentsRepository>['validSignatures']>>,
  ): Promise<(OwnerSigning | undefined)[]> {
    const out: (OwnerSigning | undefined)[] = [];
    for (const o of owners) {
      const s = o && signatures.find((x) => x.ownerId === o.id);
      out.push(
        s
          ? {
              signature: await dataUrl(s.signatureKey),
              initials: s.initialsKey ? await dataUrl(s.initialsKey) : undefined,
              signedAt: s.signedAt.toISOString(),
            }
          : undefined,
      );
    }
    return out;
  }

  /** The confirm page's boxes of the template as fields the filler draws (signatures as images, the rest as text). */
  async function confirmFields(templateId: string) {
    const confirmPage: unknown[] = (await deps.templates.getConfirmPage({ templateId })).items ?? [];
    const items = confirmPage.flatMap((raw) => {
      const parsed = ConfirmPageItemSchema.safeParse(raw);
      return parsed.success ? [parsed.data] : [];
    });
    const fields = items.map(
      (box, i): PdfField => ({
        id: `confirm-${i}`,
        key: `confirm_${i}_${box.item}`,
        type: box.item === 'signature' || box.item === 'initials' ? 'signature' : 'text',
        page: box.page,
        x: box.x,
        y: box.y,
        width: box.width,
        height: box.height,
        renderOrder: 1000 + i,
        required: false,
        euPermission: 'editTableByAllOwner',
        euEncrypted: false,
      }),
    );
    return { items, fields };
  }

  async function confirmValues(
    items: { item: string; owner: 'primaryApplicant' | number }[],
    owners: Awaited<ReturnType<ReturnType<typeof createDocumentsRepository>['owners']>>,
    signatures: Awaited<ReturnType<ReturnType<typeof createDocumentsRepository>['validSignatures']>>,
  ): Promise<Values> {
    const values: Values = {};
    // the confirm page's "additional owner n" is owner n + 1 (decision 059): the owner of section n + 1
    const bySection = ownersBySection(owners);
    for (const [i, box] of items.entries()) {
      const owner = box.owner === 'primaryApplicant' ? bySection[0] : bySection[box.owner];
      const s = owner ? signatures.find((x) => x.ownerId === owner.id) : undefined;
      if (!owner || !s) continue;
      const key = `confirm_${i}_${box.item}`;
      if (box.item === 'signature') values[key] = await dataUrl(s.signatureKey);
      else if (box.item === 'initials' && s.initialsKey) values[key] = await dataUrl(s.initialsKey);
      else if (box.item === 'email') values[key] = s.email;
      else if (box.item === 'principalName' && s.principalName) values[key] = s.principalName;
    }
    return values;
  }

  return {
    handleRun,
    /** The job and the sweep (every minute: runs whose job was lost in a crash are queued again). */
    async register() {
      await deps.jobs.register<{ runId: string }>(DOCUMENTS_QUEUE, (job) => handleRun(job.runId));
      await deps.jobs.schedule(DOCUMENTS_SWEEP_QUEUE, '* * * * *', () => sweep());
    },
    /**
     * At start (main.ts): every run still queued or running is queued again at once. A run "running" when the
     * process died is not waited for (its job would come back only when it expires); if another instance is in fact
     * running it, the slots keep each document to one.
     */
    resume: () => sweep(0),
    sweep,

    /** POST …/documents/generate: a new generation of a signed application's documents (a run, then its job). */
    async regenerate(opts: { auth: AuthContext; applicationId: string }) {
      const source = await clientSource(opts.auth, opts.applicationId);
      if (source.application.signStatus !== 'COMPLETED') {
        throw new AppError(ERROR_CODES.documentsNotReady);
      }
      const run = await db.transaction(async (tx) => {
        const requested = await requestDocumentGeneration(tx, {
          applicationId: opts.applicationId,
          reason: 'regenerate',
        });
        if (requested.created) {
          await writeAudit(tx, {
            action: 'application.documents-request',
            actorUserId: opts.auth.userId,
            companyId: source.application.companyId,
            targetType: 'application',
            targetId: opts.applicationId,
            details: { generation: requested.generation, reason: 'regenerate' },
          });
        }
        return requested;
      });
      await deps.jobs.send(DOCUMENTS_QUEUE, { runId: run.runId });
      return { generation: run.generation, state: 'queued' as const };
    },

    /** DELETE …/documents/{documentId}: gone from the list and from storage; audited. */
    async deleteDocument(opts: { auth: AuthContext; applicationId: string; documentId: string }) {
      const source = await clientSource(opts.auth, opts.applicationId);
      const doc = await db.transaction(async (tx) => {
        const row = await createDocumentsRepository(tx).findDocument(opts.applicationId, opts.documentId);
        if (!row) throw new AppError(ERROR_CODES.documentNotFound);
        await createDocumentsRepository(tx).markDeleted(row.id, now());
        await writeAudit(tx, {
          action: 'application.document-delete',
          actorUserId: opts.auth.userId,
          companyId: source.application.companyId,
          targetType: 'application',
          targetId: opts.applicationId,
          details: { documentId: row.id, name: row.name },
        });
        return row;
      });
      await storage.delete(doc.storageKey);
    },

    /** POST …/documents/{documentId}/download-url: a 5-minute URL to the file (audited). */
    async documentUrl(opts: { auth: AuthContext; applicationId: string; documentId: string }) {
      const source = await clientSource(opts.auth, opts.applicationId);
      return db.transaction(async (tx) => {
        const row = await createDocumentsRepository(tx).findDocument(opts.applicationId, opts.documentId);
        if (!row) throw new AppError(ERROR_CODES.documentNotFound);
        await writeAudit(tx, {
          action: 'application.document-download',
          actorUserId: opts.auth.userId,
          companyId: source.application.companyId,
          targetType: 'application',
          targetId: opts.applicationId,
          details: { documentId: row.id, name: row.name },
        });
        return urlOf(row);
      });
    },

    /** GET /api/document-files?token=: the bytes of a download URL while its document stands. */
    async openFile(token: string) {
      const checked = deps.signer.verify(token, 'GET');
      if (!checked.ok) throw new AppError(ERROR_CODES.documentNotFound);
      const row = await createDocumentsRepository(db).findByKey(checked.claims.k);
      const file = row ? await storage.get(row.storageKey) : undefined;
      if (!row || !file) throw new AppError(ERROR_CODES.documentNotFound);
      return { file, name: row.name };
    },

    /** GET /api/public/applications/{id}/documents?code=: an owner's final documents, once every owner signed. */
    async applicantDocuments(opts: { applicationId: string; code: string }) {
      const { application } = await resolveApplicantLink(db, { ...opts, codeSecret: deps.codeSecret, now: now() });
      const repo = createDocumentsRepository(db);
      const run = await repo.latestRun(application.id);
      if (application.signStatus !== 'COMPLETED' || run?.status !== 'done') {
        throw new AppError(ERROR_CODES.documentsNotReady);
      }
      const rows = (await repo.documentsOfGeneration(application.id, run.generation)).filter((d) => !d.deletedAt);
      return { items: rows.map((d) => ({ ...toDocument(d), ...urlOf(d) })) };
    },

    /**
     * GET /api/public/applications/{id}/preview?code=: the filled template the owner is about to sign, with the values
     * as the owner sees them (encrypted ones masked), not sealed, marked as a preview on every page. Counted per
     * address and per owner (PREVIEW_THROTTLES); audited at most once per 30 minutes per owner.
     */
    async preview(opts: { applicationId: string; code: string; ip: string }): Promise<Uint8Array> {
      await throttles.take([[PREVIEW_THROTTLES.address, addressKey(opts.ip)]]);
      const { application, owner } = await resolveApplicantLink(db, {
        applicationId: opts.applicationId,
        code: opts.code,
        codeSecret: deps.codeSecret,
        now: now(),
      });
      await throttles.take([[PREVIEW_THROTTLES.owner, owner.id]]);
      if (application.status === 'draft' || application.status === 'invite_sent') {
        throw new AppError(ERROR_CODES.signNotOpen);
      }
      const source = await createDocumentsRepository(db).source(application.id);
      if (!source) throw new AppError(ERROR_CODES.applicationNotFound);
      const form = source.form as unknown as FormDefinition;
      const masked = deps.fieldCrypto.maskData(form, application.data);
      const pdf = source.templateId
        ? await deps.templates.render({
            templateId: source.templateId,
            values: valuesForMapping(
              (await deps.templates.getMapping({ templateId: source.templateId })).data as PdfField[],
              masked,
              optionLabelsOf(form.components),
            ),
            useSamples: false,
          })
        : await deps.pdf.textDocument({
            title: `Application ${application.number} – ${source.formName}`,
            createdAt: now().toISOString(),
            sections: answerSections(form, masked),
          });
      if (!(await throttles.tryTake(PREVIEW_THROTTLES.audit, owner.id))) return markPreview(pdf);
      await db.transaction((tx) =>
        writeAudit(tx, {
          action: 'application.preview',
          actorUserId: null,
          companyId: application.companyId,
          targetType: 'application',
          targetId: application.id,
          details: { email: owner.email, role: owner.role },
        }),
      );
      return markPreview(pdf);
    },

    /** POST /api/applications/confirm-page/{customFormId}: the template's pages with the signers' boxes drawn and named. */
    async confirmPage(opts: { auth: AuthContext; customFormId: string }): Promise<Uint8Array> {
      const companyId = requireCompanyId(opts.auth);
      const form = await createDocumentsRepository(db).formTemplate(opts.customFormId);
      if (!form || form.companyId !== companyId) throw new AppError(ERROR_CODES.customFormNotFound, MESSAGES.http404);
      if (!form.templateId) throw new AppError(ERROR_CODES.documentNotFound);
      const confirm = await confirmFields(form.templateId);
      const labels: Values = {};
      // owners numbered as the form numbers them: owner 1 the primary, owner n+1 the confirm page's additional owner n
      confirm.items.forEach((box, i) => {
        const who = box.owner === 'primaryApplicant' ? 'owner 1, primary applicant' : `owner ${box.owner + 1}`;
        labels[`confirm_${i}_${box.item}`] = `[${box.item} – ${who}]`;
      });
      // the mapping's own signature, initials and signing-date boxes, named by whose they are (decision 058)
      const mapping = (await deps.templates.getMapping({ templateId: form.templateId })).data as PdfField[];
      const signing = signingBoxes(mapping);
      const named = new Set(signing.map((b) => b.key));
      for (const b of signing) {
        const what = b.kind === 'signingDate' ? 'date' : b.kind;
        labels[b.key] = `[${what} – owner ${b.owner}${b.owner === 1 ? ', primary applicant' : ''}]`;
      }
      const mapped = mapping
        .filter((f) => named.has(f.key))
        .map(({ bindingField: _, ...f }) => ({ ...f, type: 'text' as const }));
      const fields = [...mapped, ...confirm.fields.map((f) => ({ ...f, type: 'text' as const }))];
      return deps.templates.render({ templateId: form.templateId, values: labels, useSamples: false, fields });
    },

    /** GET /api/agreements: the signed applications' documents of the caller's company (issue 14 Agreements). */
    async agreements(opts: { auth: AuthContext; page: number; pageSize: number; q?: string }) {
      const companyId = requireCompanyId(opts.auth);
      const masterFormIds = await deps.forms.grantedMasterFormIds({ auth: opts.auth });
      const { rows, total } = await createDocumentsRepository(db).listAgreements({
        companyId,
        masterFormIds,
        q: opts.q,
        limit: opts.pageSize,
        offset: (opts.page - 1) * opts.pageSize,
      });
      return {
        items: rows.map((r) => ({
          ...toDocument(r.document),
          applicationId: r.document.applicationId,
          applicationNumber: r.applicationNumber,
          applicantCompanyName: r.applicantCompanyName,
          formName: r.formName,
        })),
        total,
        page: opts.page,
        pageSize: opts.pageSize,
      };
    },

    /** GET /api/applications/{id}/documents: the generated PDFs (paged) and the state of the latest generation. */
    async list(opts: {
      auth: AuthContext;
      applicationId: string;
      page: number;
      pageSize: number;
      order: 'asc' | 'desc';
      companyId?: string;
    }) {
      await clientSource(opts.auth, opts.applicationId, opts.companyId);
      const repo = createDocumentsRepository(db);
      const { rows, total } = await repo.listDocuments(opts.applicationId, {
        limit: opts.pageSize,
        offset: (opts.page - 1) * opts.pageSize,
        order: opts.order,
      });
      const run = await repo.latestRun(opts.applicationId);
      return {
        items: rows.map(toDocument),
        total,
        page: opts.page,
        pageSize: opts.pageSize,
        generation: {
          state: (run?.status ?? 'none') as 'none' | 'queued' | 'running' | 'done' | 'failed',
          generation: run?.generation ?? 0,
          updatedAt: run ? (run.finishedAt ?? run.startedAt ?? run.createdAt).toISOString() : null,
        },
      };
    },
  };

  /** The institution's application as the caller may see it (decision 065). */
  function clientSource(auth: AuthContext, applicationId: string, companyId?: string) {
    return loadVisibleApplication(db, auth, applicationId, { grants: deps.forms, companyId });
  }

  /** A 5-minute download URL of a document (its own route: the bytes are served while the document stands). */
  function urlOf(d: DocumentRow) {
    const signed = deps.signer.sign({ m: 'GET', k: d.storageKey }, DOWNLOAD_URL_MS);
    const token = new URL(signed.url).searchParams.get('token') ?? '';
    return {
      url: `${deps.publicUrl}/api/document-files?token=${token}`,
      fileName: d.name,
      expiresAt: signed.expiresAt.toISOString(),
    };
  }

  async function sweep(olderThanMs = STALE_RUN_MS): Promise<void> {
    const stale = await createDocumentsRepository(db).staleRuns(new Date(now().getTime() - olderThanMs));
    for (const run of stale) await deps.jobs.send(DOCUMENTS_QUEUE, { runId: run.id });
  }
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

function toDocument(d: DocumentRow): GeneratedDocument {
  return {
    documentId: d.id,
    kind: d.kind as GeneratedDocument['kind'],
    name: d.name,
    templateId: d.templateId,
    pages: d.pages,
    size: d.size,
    sha256: d.sha256,
    sealed: d.sealed,
    generation: d.generation,
    generatedAt: d.createdAt.toISOString(),
  };
}

/** Pages of a PDF we made (read back by pdf-lib: our own output, small). */
async function pageCount(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
}

/** "Preview – not signed" across the top of every page. */
async function markPreview(pdf: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    page.drawText('Preview - not signed', {
      x: width / 2 - 80,
      y: height - 16,
      size: 12,
      font,
      color: rgb(0.75, 0.1, 0.1),
    });
  }
  return doc.save();
}

/**
 * The answers as the applicant saw them (core's answerPages: option labels, ticked boxes listed, dates, money and
 * phone numbers formatted, encrypted values masked as given), a section a page; a signature or image answer is drawn
 * as its image. Long values are cut.
 */
function answerSections(form: FormDefinition, data: Record<string, unknown>): { heading: string; lines: TextLine[] }[] {
  return answerPages(form, data)
    .map((page) => ({
      heading: page.title,
      lines: page.rows
        .filter((r) => !r.empty)
        .map((r): TextLine => {
          if (r.image) return { text: `${r.label}:`, image: r.image };
          const text = r.value.length > 300 ? `${r.value.slice(0, 300)}…` : r.value;
          return `${r.label}: ${text}`;
        }),
    }))
    .filter((section) => section.lines.length > 0);
}

/** What the applicant accepted (applications.acceptance): each document opened and when, the terms' time. */
function acceptanceLines(acceptance: Record<string, unknown>): string[] {
  const documents = Array.isArray(acceptance.documents)
    ? (acceptance.documents as { documentId?: string; at?: string }[])
    : [];
  const at = (value: string | undefined) => (value ? formatDateTime(value, true) || value : '');
  const lines = documents.map((d) => `Document ${d.documentId ?? ''} opened ${at(d.at)}`);
  lines.push(
    typeof acceptance.termsAcceptedAt === 'string'
      ? `Terms and conditions accepted ${at(acceptance.termsAcceptedAt)}`
      : 'No terms and conditions to accept',
  );
  return lines;
}
