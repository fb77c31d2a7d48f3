import { ERROR_CODES } from '@under/core/api/error.schema';
import type { ApplicationStatus } from '@under/core/applications/application.schema';
import type { ApplicationDetail } from '@under/core/applications/application-detail.schema';
import type { Attachment } from '@under/core/applications/documents.schema';
import type { SignStatus } from '@under/core/applications/signing.schema';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { validateSubmission } from '@under/core/forms/validate-submission';
import { MESSAGES } from '@under/core/messages';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db, DbOrTx } from '../../../db/client';
import { canonicalJson, writeAudit } from '../../../db/repositories/audit.repository';
import { AppError } from '../../../errors';
import type { EventPublisher } from '../../../infra/events/events';
import type { FieldCrypto } from '../../../infra/field-crypto/field-crypto';
import type { MailService } from '../../mail/mail.service';
import { type FormGrants, loadApplicationForJob, loadVisibleApplication } from '../access/visible-application';
import { fileRefs } from '../applicant/applicant.service';
import { ownerView } from '../owners/owners.service';
import type { SignatureInvalidation } from '../signing/signing.service';
import { createApplicationDetailRepository } from './detail.repository';

/** A download URL of an attachment lives this long (issue 13: short-lived). */
const ATTACHMENT_URL_MS = 5 * 60_000;

/**
 * One application as the institution reads it (issues 13 and 14): its data (encrypted values masked), owners and
 * signatures, and the files applicants attached. Scoped like the lists (decision 042): another company's
 * application, a draft, or an application of a form a STANDARD member was not granted answer 404.
 */
export function createApplicationDetailService(deps: {
  db: Db;
  fieldCrypto: FieldCrypto;
  forms: FormGrants;
  files: {
    downloadUrl(key: string): string;
    release(tx: DbOrTx, opts: { owner: { kind: 'application-attachment'; id: string } }): Promise<string[]>;
  };
  now?: Clock;
  /** A change to signed data voids the signatures, in the change's transaction (decision 045). */
  signatures: SignatureInvalidation;
  /** Sends the mails of a change after its commit. */
  mail: Pick<MailService, 'dispatch'>;
  /** `application.data-changed` of an edit (the integrations sync again: decision 074). */
  events: EventPublisher;
}) {
  const { db, fieldCrypto } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());

  /** The application with its form, as the caller may see it (decision 065). */
  async function load(tx: DbOrTx, auth: AuthContext, applicationId: string, companyId?: string, lock = false) {
    const found = await loadVisibleApplication(tx, auth, applicationId, { grants: deps.forms, companyId, lock });
    // the detail reads the form it was made on: without it there is nothing to show
    if (!found.form) throw new AppError(ERROR_CODES.applicationNotFound);
    return { ...found, form: found.form };
  }

  /** Every attachment of the data: the file values, each with its upload row. */
  async function attachmentsOf(tx: DbOrTx, form: FormDefinition, data: Record<string, unknown>): Promise<Attachment[]> {
    const refs = fileRefs(form, data);
    const out: Attachment[] = [];
    for (const ref of refs) {
      const upload = await createApplicationDetailRepository(tx).uploadByKey(ref.key);
      if (upload?.status !== 'attached') continue;
      const item = valueAt(data, ref.path) as { name?: unknown; originalName?: unknown } | undefined;
      const name =
        typeof item?.originalName === 'string'
          ? item.originalName
          : typeof item?.name === 'string'
            ? item.name
            : 'file';
      out.push({
        attachmentId: upload.id,
        fileName: name,
        path: ref.path,
        fieldLabel: null,
        contentType: upload.contentType ?? 'application/octet-stream',
        size: upload.size ?? 0,
        uploadedAt: upload.uploadedAt ? upload.uploadedAt.toISOString() : null,
      });
    }
    return out;
  }

  return {
    /** GET /api/applications/{id}. */
    async detail(opts: { auth: AuthContext; applicationId: string; companyId?: string }): Promise<ApplicationDetail> {
      const { application, formName, form } = await load(db, opts.auth, opts.applicationId, opts.companyId);
      const repo = createApplicationDetailRepository(db);
      const owners = await repo.currentOwners(application.id);
      owners.sort(
        (a, b) =>
          Number(b.kind === 'primaryApplicant') - Number(a.kind === 'primaryApplicant') || a.position - b.position,
      );
      const signatures = await repo.signatures(application.id);
      return {
        applicationId: application.id,
        number: application.number,
        status: application.status as ApplicationStatus,
        signStatus: (application.signStatus as SignStatus | null) ?? null,
        customFormId: application.customFormId,
        formName,
        formVersion: application.formVersion,
        applicantEmail: application.applicantEmail,
        applicantCompanyName: application.applicantCompanyName,
        data: fieldCrypto.maskData(form, application.data),
        form: form as unknown as Record<string, unknown>,
        revision: application.revision,
        owners: owners.map(ownerView),
        signatures: owners.map((o) => {
          const valid = signatures.find((s) => s.ownerId === o.id && !s.invalidatedAt);
          const last = signatures.find((s) => s.ownerId === o.id && s.invalidatedAt);
          return {
            ownerId: o.id,
            kind: o.kind as 'primaryApplicant' | 'additionalOwner',
            name: o.name,
            email: o.email,
            signedAt: valid ? valid.signedAt.toISOString() : null,
            invalidatedAt: last?.invalidatedAt ? last.invalidatedAt.toISOString() : null,
            invalidatedReason: (last?.invalidatedReason as 'data-changed' | 'removed' | null) ?? null,
          };
        }),
        submittedAt: application.submittedAt ? application.submittedAt.toISOString() : null,
        decidedAt: application.decidedAt ? application.decidedAt.toISOString() : null,
        statusReason: application.statusReason,
        blocked: application.blockedAt !== null,
        createdAt: application.createdAt.toISOString(),
        updatedAt: application.updatedAt.toISOString(),
        updatedBy: application.updatedBy,
      };
    },

    /**
     * PUT /api/applications/{id}: the institution edits a pending application (revision-checked, the whole form
     * checked by the engine with no owner role: the team may change every field; masked encrypted values sent back
     * keep the stored ones). Any changed path invalidates the signatures in the same transaction (decision 064: a
     * signature never outlives its data); their mails leave after the commit.
     */
    async update(opts: {
      auth: AuthContext;
      applicationId: string;
      companyId?: string;
      data: Record<string, unknown>;
      revision: number;
      timeZone?: string;
      timeZoneOffset?: number;
    }) {
      const { response, outbox, events } = await db.transaction(async (tx) => {
        const { application, form } = await load(tx, opts.auth, opts.applicationId, opts.companyId, true);
        if (application.status !== 'pending') {
          throw new AppError(ERROR_CODES.applicationNotEditable, MESSAGES.applicationEditPendingOnly);
        }
        if (opts.revision !== application.revision) {
          throw new AppError(
            ERROR_CODES.applicationRevisionConflict,
            MESSAGES.applicationRevisionConflict(application.revision),
            [{ path: 'revision', message: String(application.revision) }],
          );
        }
        const previous = fieldCrypto.openData(form, application.data);
        const result = validateSubmission(form, opts.data, { previousData: previous });
        if (!result.valid) {
          throw new AppError(
            ERROR_CODES.applicationInvalid,
            MESSAGES.http400,
            result.errors.map((e) => ({ path: e.path, message: e.message })),
          );
        }
        const keys = new Set([...Object.keys(previous), ...Object.keys(result.data)]);
        const changed = [...keys].filter((k) => canonicalJson(previous[k]) !== canonicalJson(result.data[k])).sort();
        const t = now();
        const revision = application.revision + 1;
        const repo = createApplicationDetailRepository(tx);
        await repo.update(application.id, {
          data: fieldCrypto.sealInput(form, result.data),
          revision,
          updatedAt: t,
          updatedBy: opts.auth.email,
          ...(opts.timeZone !== undefined ? { timeZone: opts.timeZone } : {}),
          ...(opts.timeZoneOffset !== undefined ? { timeZoneOffset: opts.timeZoneOffset } : {}),
        });
        await writeAudit(tx, {
          action: 'application.update',
          actorUserId: opts.auth.userId,
          companyId: application.companyId,
          targetType: 'application',
          targetId: application.id,
          details: { revision, fields: changed },
        });
        const invalidation =
          changed.length > 0
            ? await deps.signatures.invalidateSignatures(tx, { application, fields: changed, actorUserId: null })
            : { invalidated: 0, outbox: [] };
        const signStatus = await repo.signStatus(application.id);
        const events =
          changed.length > 0
            ? [
                await deps.events.publish(tx, 'application.data-changed', {
                  applicationId: application.id,
                  revision,
                  fields: changed,
                }),
              ]
            : [];
        return {
          events,
          response: {
            revision,
            updatedAt: t.toISOString(),
            changed,
            invalidatedSignatures: invalidation.invalidated,
            signStatus: signStatus as SignStatus | null,
          },
          outbox: invalidation.outbox,
        };
      });
      for (const id of outbox) await deps.mail.dispatch(id);
      await deps.events.dispatch(events);
      return response;
    },

    /** GET /api/applications/{id}/attachments: paged, sorted. */
    async attachments(opts: {
      auth: AuthContext;
      applicationId: string;
      companyId?: string;
      page: number;
      pageSize: number;
      sort: 'fileName' | 'uploadedAt' | 'size';
      order: 'asc' | 'desc';
    }) {
      const { application, form } = await load(db, opts.auth, opts.applicationId, opts.companyId);
      const all = await attachmentsOf(db, form, application.data);
      const value = (a: Attachment) =>
        opts.sort === 'size' ? a.size : opts.sort === 'fileName' ? a.fileName.toLowerCase() : (a.uploadedAt ?? '');
      all.sort((x, y) => {
        const [a, b] = [value(x), value(y)];
        const c = a < b ? -1 : a > b ? 1 : 0;
        return opts.order === 'asc' ? c : -c;
      });
      const start = (opts.page - 1) * opts.pageSize;
      return {
        items: all.slice(start, start + opts.pageSize),
        total: all.length,
        page: opts.page,
        pageSize: opts.pageSize,
      };
    },

    /** POST …/attachments/{attachmentId}/download-url: a 5-minute URL (audited). */
    async attachmentUrl(opts: { auth: AuthContext; applicationId: string; attachmentId: string }) {
      return db.transaction(async (tx) => {
        const { application, form } = await load(tx, opts.auth, opts.applicationId);
        const found = (await attachmentsOf(tx, form, application.data)).find(
          (a) => a.attachmentId === opts.attachmentId,
        );
        if (!found) throw new AppError(ERROR_CODES.attachmentNotFound);
        const upload = await createApplicationDetailRepository(tx).uploadById(found.attachmentId);
        await writeAudit(tx, {
          action: 'application.attachment-download',
          actorUserId: opts.auth.userId,
          companyId: application.companyId,
          targetType: 'application',
          targetId: application.id,
          details: { attachmentId: found.attachmentId, path: found.path },
        });
        const url = deps.files.downloadUrl(upload?.storageKey as string);
        return {
          url,
          fileName: found.fileName,
          expiresAt: new Date(now().getTime() + ATTACHMENT_URL_MS).toISOString(),
        };
      });
    },

    /**
     * DELETE …/attachments/{attachmentId} (ADMINISTRATOR): the value leaves the data (a new revision), the file is
     * released (the sweep removes it); audited. Signed data changed: the signatures go in the same transaction.
     */
    async deleteAttachment(opts: { auth: AuthContext; applicationId: string; attachmentId: string }): Promise<void> {
      const { outbox, events } = await db.transaction(async (tx) => {
        const { application, form } = await load(tx, opts.auth, opts.applicationId, undefined, true);
        const found = (await attachmentsOf(tx, form, application.data)).find(
          (a) => a.attachmentId === opts.attachmentId,
        );
        if (!found) throw new AppError(ERROR_CODES.attachmentNotFound);
        const data = removeAt(application.data, found.path);
        const t = now();
        await createApplicationDetailRepository(tx).update(application.id, {
          data,
          revision: application.revision + 1,
          updatedAt: t,
          updatedBy: opts.auth.email,
        });
        await deps.files.release(tx, { owner: { kind: 'application-attachment', id: found.attachmentId } });
        await writeAudit(tx, {
          action: 'application.attachment-delete',
          actorUserId: opts.auth.userId,
          companyId: application.companyId,
          targetType: 'application',
          targetId: application.id,
          details: { attachmentId: found.attachmentId, path: found.path },
        });
        const invalidation = await deps.signatures.invalidateSignatures(tx, {
          application,
          fields: [found.path],
          actorUserId: null,
        });
        const event = await deps.events.publish(tx, 'application.data-changed', {
          applicationId: application.id,
          revision: application.revision + 1,
          fields: [found.path],
        });
        return { outbox: invalidation.outbox, events: [event] };
      });
      for (const id of outbox) await deps.mail.dispatch(id);
      await deps.events.dispatch(events);
    },

    /**
     * For the integrations' workers (no caller: a job, decision 074): a submitted application with its data opened
     * (in memory only, for the mapping), or null when it is gone, a draft, or its form version is missing.
     */
    async syncSource(applicationId: string) {
      const row = await loadApplicationForJob(db, applicationId);
      if (!row?.form || row.application.status === 'draft') return null;
      const { application } = row;
      return {
        applicationId: application.id,
        companyId: application.companyId,
        customFormId: application.customFormId,
        number: application.number,
        status: application.status as ApplicationStatus,
        revision: application.revision,
        data: fieldCrypto.openData(row.form as unknown as FormDefinition, application.data),
        // what a card processor's sync names and sends besides the answers (decision 086)
        masterFormId: row.masterFormId,
        formName: row.formName,
        formVersion: application.formVersion,
        submittedAt: application.submittedAt?.toISOString() ?? null,
        form: row.form as unknown as FormDefinition,
      };
    },
  };
}

export type ApplicationDetailService = ReturnType<typeof createApplicationDetailService>;

const STEP = /([^.[\]]+)|\[(\d+)\]/g;
const steps = (path: string) =>
  [...path.matchAll(STEP)].map((m) => (m[2] !== undefined ? Number(m[2]) : (m[1] as string)));

function valueAt(data: unknown, path: string): unknown {
  let at: unknown = data;
  for (const s of steps(path)) at = (at as Record<string | number, unknown> | undefined)?.[s];
  return at;
}

/** A copy of the data without the array item at `path` (a file value `docs[1]`). */
function removeAt(data: Record<string, unknown>, path: string): Record<string, unknown> {
  const copy = structuredClone(data);
  const s = steps(path);
  const last = s.pop();
  let at: unknown = copy;
  for (const step of s) at = (at as Record<string | number, unknown>)[step];
  if (Array.isArray(at) && typeof last === 'number') at.splice(last, 1);
  else if (at && typeof at === 'object' && last !== undefined) delete (at as Record<string, unknown>)[String(last)];
  return copy;
}
