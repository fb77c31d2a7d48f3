import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@under/core/api/error.schema';
import {
  type Acceptance,
  AcceptanceSchema,
  type ApplicantApplication,
  type ApplicationStatus,
  type OwnerKind,
} from '@under/core/applications/application.schema';
import type { AuditEventInput } from '@under/core/audit/audit-actions';
import type { EndUserRole } from '@under/core/forms/field-types';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';
import { type SubmissionError, validateSubmission } from '@under/core/forms/validate-submission';
import { MESSAGES } from '@under/core/messages';
import { resumeLinkText } from '@under/core/ui-text/mails';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock';
import type { Db, DbOrTx } from '../../../db/client';
import { auditWriteParts, writeAudit } from '../../../db/repositories/audit.repository';
import { AppError } from '../../../errors';
import type { EventPublisher, Events } from '../../../infra/events/events';
import type { FieldCrypto } from '../../../infra/field-crypto/field-crypto';
import { composeMail } from '../../../infra/mail/compose';
import { addressKey, THROTTLE_RULES, type Throttles } from '../../../security/throttles';
import type { FilesService } from '../../files/files.service';
import type { MailService } from '../../mail/mail.service';
import { SIGNING_STARTED, type SigningService } from '../signing/signing.service';
import { hashAccessCode, newAccessCode } from './access-codes';
import {
  createApplicationsRepository,
  type NewApplication,
  type NewOwner,
  type RowVersions,
  type Statement,
} from './applicant.repository';
import {
  type ApplicationOwnerRow,
  type ApplicationRow,
  applicantLink,
  linkExpiry,
  linkOpen,
  ownerSectionOf,
  resolveApplicantLink,
} from './applicant-link';
import { startApplication } from './start-application';
import { typedByAfterSave } from './typed-by';

/**
 * The writes a save or submit has left once everything is checked: one patch of the application row, one of the
 * owner row, audit events. Sent together in one statement at the end (decision 036 "Performance").
 */
interface PendingWrites {
  application: Partial<NewApplication>;
  owner: Partial<NewOwner>;
  audits: AuditEventInput[];
}
const noWrites = (): PendingWrites => ({ application: {}, owner: {}, audits: [] });

/**
 * An optimistic save (decision 081) met something only the locked save does (a write besides the save's statement,
 * a refusal to decide): the save runs again the locked way.
 */
class NeedsLock extends Error {}

interface ApplicationsServiceDeps {
  db: Db;
  mail: MailService;
  files: FilesService;
  throttles: Throttles;
  fieldCrypto: FieldCrypto;
  log: FastifyBaseLogger;
  codeSecret: string;
  publicUrl: string;
  now?: Clock;
  /**
   * Signing starts in the primary's submit transaction (issue 13); an owner's correction of a submitted application
   * voids the signatures (the editor keeps their link). Both in the transaction: a signature never outlives the data
   * it was given on (decision 064). Answer the mails to send after the commit.
   */
  signing: Pick<SigningService, 'startSigning' | 'invalidateSignatures'>;
  /**
   * The applicant vault (decision 039): encrypted answers prefilled from it come back masked with the vault's
   * token; this puts the real values in before validation (the save then seals them as usual). It reads through
   * `tx`, the save's transaction when one is open (PGlite has one connection, which the transaction holds).
   */
  fromVault: (opts: {
    tx: DbOrTx;
    token: string;
    form: FormDefinition;
    data: Record<string, unknown>;
  }) => Promise<Record<string, unknown>>;
  /**
   * `application.submitted` is written in the submit transaction (decision 064), with the submit's own writes
   * (decision 076): the team's notice reacts to it.
   */
  events: EventPublisher & Pick<Events, 'publishStatement'>;
}

const OPEN_STATUSES: readonly ApplicationStatus[] = ['draft', 'invite_sent'];
const isOpen = (status: string) => (OPEN_STATUSES as readonly string[]).includes(status);
/**
 * Whether this owner may change the application through their link: while it is unsubmitted, or while it is
 * `pending` and the institution sent them an edit link (decision 052).
 */
const isEditableBy = (application: { status: string }, owner: { editGrantedAt: Date | null }) =>
  isOpen(application.status) || (application.status === 'pending' && owner.editGrantedAt !== null);
/** Parsed form versions by `customFormId:version` (versions never change once written); bounded. */
const FORM_CACHE_MAX = 500;
/** How many owners' last saved rows are kept (`lastSaved`), and for how long. */
const LAST_SAVED_MAX = 2_000;
const LAST_SAVED_MS = 60_000;
/** How often an owner's use of their link is written (lastSeenAt, the sliding end of the code). */
const TOUCH_EVERY_MS = 60_000;

/** An owner's GET after this long without being seen is a new visit: audited `application.open`. */
const VISIT_GAP_MS = 30 * 60_000;

/** The keys of a form's file fields (any depth). */
const fileKeysCache = new WeakMap<FormDefinition, Set<string>>();
function fileFieldKeys(form: FormDefinition): Set<string> {
  let keys = fileKeysCache.get(form);
  if (!keys) {
    const found = new Set<string>();
    walkComponents(form.components, ({ component }) => {
      if (component.type === 'file') found.add(component.key);
    });
    keys = found;
    fileKeysCache.set(form, keys);
  }
  return keys;
}

/** Every file value (`{ name, size, url }`, url = the upload's key) of the data, with the path of its field. */
export function fileRefs(form: FormDefinition, data: unknown): { path: string; key: string }[] {
  const keys = fileFieldKeys(form);
  const out: { path: string; key: string }[] = [];
  if (keys.size === 0) return out;
  const visit = (value: unknown, path: string, depth: number) => {
    if (depth > 12 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((v, i) => {
        visit(v, `${path}[${i}]`, depth + 1);
      });
      return;
    }
    for (const [k, v] of Object.entries(value)) {
      const at = path ? `${path}.${k}` : k;
      if (keys.has(k) && Array.isArray(v)) {
        v.forEach((item, i) => {
          const url = (item as { url?: unknown } | null)?.url;
          if (typeof url === 'string') out.push({ path: `${at}[${i}]`, key: url });
        });
      } else visit(v, at, depth + 1);
    }
  };
  visit(data, '', 0);
  return out;
}

/**
 * The top-level keys whose values differ (the audit names fields changed, never values). Two texts are compared as
 * they are (what their JSON compares to), anything else by its JSON: an autosave's 150 answers are mostly text.
 */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const differ = (a: unknown, b: unknown) =>
    typeof a === 'string' && typeof b === 'string' ? a !== b : JSON.stringify(a) !== JSON.stringify(b);
  return [...keys].filter((k) => differ(before[k], after[k])).sort();
}

/** A validation's errors as the API answers them: refused writes by path (403), anything else 422. */
function refusal(errors: SubmissionError[], opts: { submitting: boolean }): AppError {
  const notEditable = errors.filter((e) => e.code === 'notEditable');
  const list = (es: SubmissionError[]) => es.map((e) => ({ path: e.path, message: e.message }));
  if (notEditable.length > 0) {
    return new AppError(ERROR_CODES.applicationFieldNotEditable, notEditable[0]?.message, list(notEditable));
  }
  const missing = errors.filter((e) => e.code === 'required');
  if (opts.submitting && missing.length > 0) {
    // the missing fields first, then the answers to correct (each says the form expected)
    const others = errors.filter((e) => e.code !== 'required');
    return new AppError(
      ERROR_CODES.applicationMissingFields,
      MESSAGES.missingRequiredFields,
      list([...missing, ...others]),
    );
  }
  // answers in the wrong form are not "missing" (spec 1 §5: that heading is for missing required fields only)
  if (opts.submitting) return new AppError(ERROR_CODES.applicationInvalid, MESSAGES.answersToCorrect, list(errors));
  return new AppError(ERROR_CODES.applicationInvalid, errors[0]?.message ?? MESSAGES.http400, list(errors));
}

/**
 * The applicant's own application (issue 12; decision 036): a draft started on an active form, saved with a
 * revision check, read masked through an owner's link, submitted by the primary or completed by an additional
 * owner. Encrypted values are sealed before they are stored and masked on every read.
 */
export function createApplicationsService(deps: ApplicationsServiceDeps) {
  const { db, mail, files, throttles, fieldCrypto, codeSecret, publicUrl } = deps;

  /**
   * Masked answers the vault prefilled, replaced by their values. An expired or unknown token changes nothing:
   * the masked value then counts as empty (spec 1 §5), and the submit's required-field check names the field.
   */
  async function withVaultAnswers(
    tx: DbOrTx,
    form: FormDefinition,
    data: Record<string, unknown>,
    token: string | undefined,
  ): Promise<Record<string, unknown>> {
    if (!token) return data;
    try {
      return await deps.fromVault({ tx, token, form, data });
    } catch (err) {
      if (err instanceof AppError) return data;
      throw err;
    }
  }
  const now = () => new Date((deps.now ?? Date.now)());
  const repo = createApplicationsRepository(db);
  const forms = new Map<string, FormDefinition>();

  async function formOf(customFormId: string, version: number, r = repo): Promise<FormDefinition | undefined> {
    const key = `${customFormId}:${version}`;
    const cached = forms.get(key);
    if (cached) return cached;
    const row = await r.findFormVersion(customFormId, version);
    if (!row) return undefined;
    const form = row.form as unknown as FormDefinition;
    if (forms.size >= FORM_CACHE_MAX) forms.delete(forms.keys().next().value as string);
    forms.set(key, form);
    return form;
  }

  async function formOfApplication(application: ApplicationRow, r = repo): Promise<FormDefinition> {
    const form = await formOf(application.customFormId, application.formVersion, r);
    if (!form) throw new AppError(ERROR_CODES.applicationVersionGone);
    return form;
  }

  const roleOf = (owner: ApplicationOwnerRow) => owner.role as EndUserRole;
  /** The owner's section for the permission check: a shared owner writes only in theirs (decision 059). */
  const ownerSectionContext = (owner: ApplicationOwnerRow) => {
    const section = ownerSectionOf(owner);
    return section === null ? {} : { ownerSection: section };
  };
  const acceptanceOf = (application: ApplicationRow): Acceptance => {
    const parsed = AcceptanceSchema.safeParse(application.acceptance);
    return parsed.success ? parsed.data : { documents: [], termsAcceptedAt: null };
  };
  const companyNameOf = (data: Record<string, unknown>, fallback: string | null) =>
    typeof data.CompanyName === 'string' && data.CompanyName.trim() ? data.CompanyName.trim().slice(0, 100) : fallback;

  /** The first save of the primary applicant e-mails the resume link (once). */
  async function queueResumeMail(
    tx: DbOrTx,
    opts: { application: ApplicationRow; email: string; code: string; institution: string; formName: string },
  ) {
    const link = applicantLink(publicUrl, {
      customFormId: opts.application.customFormId,
      applicationId: opts.application.id,
      code: opts.code,
      email: opts.email,
    });
    return mail.queueMail(tx, {
      kind: 'application-link',
      key: `application-resume:${opts.application.id}`,
      message: composeMail(
        opts.email,
        resumeLinkText({ institution: opts.institution, formName: opts.formName, link }),
      ),
    });
  }

  /**
   * Validates and writes the caller's data on a locked, open application: the revision must be the stored one;
   * masked values keep the stored ones; a field the role may not edit is refused by path. Answers the new row.
   */
  async function writeData(
    tx: DbOrTx,
    ctx: {
      application: ApplicationRow;
      owner: ApplicationOwnerRow;
      form: FormDefinition;
      code: string;
      at: Date;
      pending: PendingWrites;
      /**
       * No transaction, no lock (decision 081): only a draft's save whose one write is `pending`; anything else
       * throws `NeedsLock` before it writes.
       */
      optimistic?: boolean;
    },
    input: {
      data: Record<string, unknown>;
      revision: number;
      acceptance?: Acceptance;
      rememberAnswers?: boolean;
      vaultToken?: string;
      page?: string;
    },
  ): Promise<{
    application: ApplicationRow;
    data: Record<string, unknown>;
    outboxId?: string;
    outbox: string[];
    events: string[];
  }> {
    const { application, owner, form, at, pending } = ctx;
    const isPrimary = owner.kind === 'primaryApplicant';
    if (
      ctx.optimistic &&
      (!isOpen(application.status) ||
        input.revision !== application.revision ||
        input.vaultToken !== undefined ||
        (isPrimary && !application.resumeMailedAt))
    ) {
      throw new NeedsLock();
    }
    if (!isEditableBy(application, owner)) {
      throw new AppError(ERROR_CODES.applicationNotEditable);
    }
    if (input.revision !== application.revision) {
      throw new AppError(
        ERROR_CODES.applicationRevisionConflict,
        MESSAGES.applicationRevisionConflict(application.revision),
        [{ path: 'revision', message: String(application.revision) }],
      );
    }
    const previous = fieldCrypto.openData(form, application.data);
    const role = roleOf(owner);
    const sent = await withVaultAnswers(tx, form, input.data, input.vaultToken);
    const result = validateSubmission(form, sent, {
      role,
      ...ownerSectionContext(owner),
      previousData: previous,
      partial: true,
      // a draft keeps what was typed, valid or not (issue 21): only submit needs valid answers
      keepTyped: true,
      // a submitted application's encrypted fields stay read-only to owners (spec 1 §6), also through an edit link
      unsubmitted: isOpen(application.status),
    });
    if (!result.valid) throw refusal(result.errors, { submitting: false });
    const r = createApplicationsRepository(tx);
    await attachNewFiles(tx, { application, owner, form, previous, data: result.data, optimistic: ctx.optimistic });
    const patch = {
      data: fieldCrypto.sealInput(form, result.data),
      // who typed each encrypted value: only the signer's own typing may reach the vault (decision 056)
      encryptedTypedBy: typedByAfterSave({
        form,
        secret: codeSecret,
        applicationId: application.id,
        ownerId: owner.id,
        prior: application.encryptedTypedBy,
        previous,
        sent: input.data,
        data: result.data,
      }),
      revision: application.revision + 1,
      updatedAt: at,
      updatedBy: owner.email,
      // what the applicant accepted and opted in to are the primary's to say
      ...(isPrimary && input.acceptance ? { acceptance: input.acceptance as Record<string, unknown> } : {}),
      ...(isPrimary && input.rememberAnswers !== undefined ? { rememberAnswers: input.rememberAnswers } : {}),
      ...(isPrimary ? { applicantCompanyName: companyNameOf(result.data, application.applicantCompanyName) } : {}),
      ...(isPrimary && !application.resumeMailedAt ? { resumeMailedAt: at } : {}),
    };
    Object.assign(pending.application, patch);
    const fields = changedFields(previous, result.data);
    // the page the owner is on: their link opens there next time (issue 21)
    if (input.page !== undefined && input.page !== owner.resumePage) pending.owner.resumePage = input.page;
    // an additional owner who changes anything after completing their part completes it again
    if (!isPrimary && owner.completedAt && fields.length > 0) pending.owner.completedAt = null;
    // a correction of a submitted application: the signatures of the changed document are void, and the other
    // signers are asked again (decision 052)
    const outbox =
      !isOpen(application.status) && fields.length > 0
        ? (
            await deps.signing.invalidateSignatures(tx, {
              application,
              fields,
              actorUserId: null,
              keepLinkOf: owner.id,
            })
          ).outbox
        : [];
    // the integrations sync a submitted application again (decision 074); a draft's autosave writes no event
    const events =
      !isOpen(application.status) && fields.length > 0
        ? [
            await deps.events.publish(tx, 'application.data-changed', {
              applicationId: application.id,
              revision: patch.revision,
              fields,
            }),
          ]
        : [];
    let outboxId: string | undefined;
    if (isPrimary && !application.resumeMailedAt) {
      const form = await r.findForm(application.customFormId);
      outboxId = await queueResumeMail(tx, {
        application,
        email: owner.email,
        code: ctx.code,
        institution: form?.companyName ?? '',
        formName: form?.name ?? '',
      });
    }
    pending.audits.push({
      action: 'application.save',
      actorUserId: null,
      companyId: application.companyId,
      targetType: 'application',
      targetId: application.id,
      details: { email: owner.email, role, revision: patch.revision, fields },
    });
    return { application: { ...application, ...patch } as ApplicationRow, data: result.data, outboxId, outbox, events };
  }

  /**
   * A file value new to this save must be an attachment uploaded through this owner's link for this application;
   * it is attached here (to its own upload id), so the sweep keeps it. Files already in the stored data stay.
   */
  async function attachNewFiles(
    tx: DbOrTx,
    opts: {
      application: ApplicationRow;
      owner: ApplicationOwnerRow;
      form: FormDefinition;
      previous: Record<string, unknown>;
      data: Record<string, unknown>;
      optimistic?: boolean;
    },
  ) {
    const known = new Set(fileRefs(opts.form, opts.previous).map((f) => f.key));
    const fresh = fileRefs(opts.form, opts.data).filter((f) => !known.has(f.key));
    // attaching writes the uploads' rows: the locked save's work
    if (opts.optimistic && fresh.length > 0) throw new NeedsLock();
    const refused: { path: string; message: string }[] = [];
    const seen = new Set<string>();
    for (const ref of fresh) {
      if (seen.has(ref.key)) continue;
      seen.add(ref.key);
      const caller = { userId: opts.owner.id, companyId: opts.application.companyId };
      try {
        const upload = await files.requireAttachable({ key: ref.key, purpose: 'application-attachment', caller }, tx);
        await files.attach(tx, {
          key: ref.key,
          purpose: 'application-attachment',
          caller,
          owner: { kind: 'application-attachment', id: upload.id },
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refused.push({ path: ref.path, message: MESSAGES.applicationFileNotOwned });
      }
    }
    if (refused.length > 0) {
      throw new AppError(ERROR_CODES.applicationInvalid, MESSAGES.applicationFileNotOwned, refused);
    }
  }

  /**
   * The owner used their link: it works for another 30 days from now. Written at most once a minute per owner, so
   * an autosave every few seconds does not rewrite the owner row each time.
   */
  async function touchOwner(tx: DbOrTx, owner: ApplicationOwnerRow, at: Date) {
    const patch = touchPatch(owner, at);
    if (patch) await createApplicationsRepository(tx).updateOwner(owner.id, patch);
  }
  function touchPatch(owner: ApplicationOwnerRow, at: Date): Partial<NewOwner> | undefined {
    if (owner.lastSeenAt && at.getTime() - owner.lastSeenAt.getTime() < TOUCH_EVERY_MS) return undefined;
    return { lastSeenAt: at, codeExpiresAt: linkExpiry(at) };
  }

  /** The pending writes in one round trip; afterwards `pending` is empty. */
  async function flush(
    tx: DbOrTx,
    ids: { applicationId: string; ownerId: string },
    pending: PendingWrites,
    /** Other writes of the transaction to send in the same statement (no two may change the same row). */
    extra: Statement[] = [],
  ): Promise<void> {
    const r = createApplicationsRepository(tx);
    const statements: Statement[] = [];
    if (Object.keys(pending.application).length > 0) {
      statements.push(r.updateApplicationSql(ids.applicationId, pending.application));
    }
    if (Object.keys(pending.owner).length > 0) statements.push(r.updateOwnerSql(ids.ownerId, pending.owner));
    statements.push(...auditWriteParts(tx, pending.audits), ...extra);
    Object.assign(pending, noWrites());
    await r.runTogether(statements);
  }

  /** The primary's submit: status `pending`, signing started, in the same write (decision 076), and its audit. */
  function primarySubmitWrites(
    pending: PendingWrites,
    application: ApplicationRow,
    owner: ApplicationOwnerRow,
    at: Date,
    acceptance: Acceptance | undefined,
  ) {
    Object.assign(pending.application, {
      status: 'pending',
      // signing starts with the submit, written in the same statement (startSigning is told so)
      ...SIGNING_STARTED,
      submittedAt: at,
      updatedAt: at,
      updatedBy: owner.email,
      ...(acceptance ? { acceptance: acceptance as Record<string, unknown> } : {}),
    });
    pending.audits.push({
      action: 'application.submit',
      actorUserId: null,
      companyId: application.companyId,
      targetType: 'application',
      targetId: application.id,
      details: { email: owner.email, role: roleOf(owner), revision: application.revision },
    });
  }

  /** The answers a submit checks: every required field the owner's role may edit (decision 036). */
  function submitCheck(
    form: FormDefinition,
    owner: ApplicationOwnerRow,
    data: Record<string, unknown>,
    correcting: boolean,
  ) {
    return validateSubmission(form, data, {
      role: roleOf(owner),
      ...ownerSectionContext(owner),
      previousData: data,
      unsubmitted: !correcting,
      requiredOnlyEditable: true,
    });
  }

  async function link(tx: DbOrTx, applicationId: string, code: string, lock: boolean) {
    return resolveApplicantLink(tx, { applicationId, code, codeSecret, now: now(), lock });
  }

  /**
   * The rows an owner's last optimistic save left, as it wrote them, with their versions (`xmin` after the write), by
   * application and code hash: the same owner's next save starts from them instead of reading the link (one round
   * trip instead of two, decision 081 amended). Used once: taken out when read, put back after a save that applied.
   * Bounded and short-lived; a process's own memory (another process simply reads).
   */
  const lastSaved = new Map<
    string,
    { application: ApplicationRow; owner: ApplicationOwnerRow; versions: RowVersions; until: number }
  >();

  /**
   * A draft's save without a transaction (decision 081): the link read unlocked, then one statement that writes only
   * while the application and the owner rows are the versions read (and the draft still a draft at that revision).
   * It answers only a success: when the rows changed in between, or the save needs a write of its own (files, the
   * resume mail) or refuses (a revision conflict, invalid answers, not editable), it answers `undefined` having
   * written nothing, and the locked save decides. The link's own answers (404, 410) stand.
   * The owner's previous save's rows (`lastSaved`) stand in for the read when there are some: they are only
   * ever used for a write that applies, which proves they are still the stored rows (same versions); anything else
   * (the rows changed, a refusal, the link past its end) is decided again from a fresh read, as without them.
   */
  async function optimisticSave(
    opts: Parameters<ApplicationsService['saveDraft']>[0],
    at: Date,
  ): Promise<{ revision: number; savedAt: string } | undefined> {
    const codeHash = hashAccessCode(codeSecret, opts.code);
    const key = `${opts.applicationId}:${codeHash}`;
    const remembered = lastSaved.get(key);
    if (remembered) {
      lastSaved.delete(key);
      if (remembered.until > at.getTime() && linkOpen(remembered.owner, at)) {
        const saved = await trySave(opts, at, { key, codeHash }, remembered).catch((err: unknown) => {
          if (err instanceof NeedsLock || err instanceof AppError) return undefined;
          throw err;
        });
        if (saved) return saved;
      }
    }
    const read = await link(db, opts.applicationId, opts.code, false);
    try {
      return await trySave(opts, at, { key, codeHash }, read);
    } catch (err) {
      if (err instanceof NeedsLock || err instanceof AppError) return undefined;
      throw err;
    }
  }

  /** One optimistic save from these rows; remembers the rows it wrote when it applied. */
  async function trySave(
    opts: Parameters<ApplicationsService['saveDraft']>[0],
    at: Date,
    { key, codeHash }: { key: string; codeHash: string },
    read: { application: ApplicationRow; owner: ApplicationOwnerRow; versions: RowVersions },
  ): Promise<{ revision: number; savedAt: string } | undefined> {
    const { application, owner, versions } = read;
    const form = await formOfApplication(application);
    const pending = noWrites();
    const written = await writeData(
      db,
      { application, owner, form, code: opts.code, at, pending, optimistic: true },
      opts,
    );
    Object.assign(pending.owner, touchPatch(owner, at));
    // built once per shape, bound per save (decision 081)
    const after = await repo.saveIfUnchanged(
      { applicationId: application.id, ownerId: owner.id, revision: application.revision, versions },
      { application: pending.application, owner: pending.owner },
      pending.audits,
    );
    if (!after) return undefined;
    // remembered only as the rows really are: an owner without a patch as read (its version checked by the next
    // write); a patched one only when its write applied on top of the version read, with the link columns it
    // returned still this code's and open (never a code replaced or revoked meanwhile)
    const stored =
      after.owner === undefined
        ? owner
        : after.owner && after.owner.codeHash === codeHash && linkOpen(after.owner, at)
          ? ({ ...owner, ...pending.owner, ...after.owner } as ApplicationOwnerRow)
          : undefined;
    if (stored) {
      // the oldest entries first: those past their time, then (full) the one saved longest ago
      for (const [k, entry] of lastSaved) {
        if (entry.until > at.getTime() && lastSaved.size < LAST_SAVED_MAX) break;
        lastSaved.delete(k);
      }
      lastSaved.set(key, {
        application: written.application,
        owner: stored,
        versions: after.versions,
        until: at.getTime() + LAST_SAVED_MS,
      });
    }
    return { revision: written.application.revision, savedAt: at.toISOString() };
  }

  /**
   * The primary's submit of a complete draft in two round trips (decision 081), as the save above: only when the
   * submit sends no answers, the draft is not blocked, no other owner is to be asked (none on the application, checked
   * again by the write) and every required answer is there. Its write is the locked submit's (status, signing
   * started, owner touch, audit, `application.submitted`), applied only while the rows are the ones read; anything
   * else answers `undefined` having written nothing, and the locked submit decides.
   */
  async function optimisticSubmit(
    opts: Parameters<ApplicationsService['submit']>[0],
    at: Date,
  ): Promise<{ applicationId: string; status: ApplicationStatus; submittedAt: string } | undefined> {
    if (opts.data !== undefined) return undefined;
    const { application, owner, versions } = await link(db, opts.applicationId, opts.code, false);
    if (owner.kind !== 'primaryApplicant' || !isOpen(application.status) || application.blockedAt) return undefined;
    const form = await formOf(application.customFormId, application.formVersion);
    if (!form) return undefined;
    if (!submitCheck(form, owner, fieldCrypto.openData(form, application.data), false).valid) return undefined;
    const pending = noWrites();
    Object.assign(pending.owner, touchPatch(owner, at));
    primarySubmitWrites(pending, application, owner, at, opts.acceptance);
    // no other owner to ask (the write checks there is none): signing starts with the status alone
    const signOutbox = await deps.signing.startSigning(db, application, at, [owner], { statusWritten: true });
    if (signOutbox.length > 0) throw new Error('an optimistic submit asked another owner');
    let eventId = '';
    const applied = await repo.writeIfUnchanged(
      { applicationId: application.id, ownerId: owner.id, revision: application.revision, versions, soleOwner: true },
      { application: pending.application, owner: pending.owner },
      (onlyIf) => {
        const event = deps.events.publishStatement(
          db,
          'application.submitted',
          { applicationId: application.id },
          { onlyIf },
        );
        eventId = event.id;
        return [...auditWriteParts(db, pending.audits, { onlyIf }), event.statement];
      },
    );
    if (!applied) return undefined;
    await deps.events.dispatch([eventId]);
    return { applicationId: opts.applicationId, status: 'pending', submittedAt: at.toISOString() };
  }

  return {
    async createDraft(opts: {
      customFormId: string;
      email: string;
      data: Record<string, unknown>;
      version?: number;
      acceptance?: Acceptance;
      rememberAnswers?: boolean;
      honeypot?: string;
      ip: string;
      vaultToken?: string;
    }): Promise<{ applicationId: string; code: string; revision: number }> {
      const formRow = await repo.findForm(opts.customFormId);
      if (!formRow || formRow.status === 'archived') {
        throw new AppError(ERROR_CODES.customFormNotFound);
      }
      // an inactive form, or a deactivated company, takes no applications (as the public form says)
      if (formRow.status !== 'active' || formRow.companyStatus !== 'active') {
        throw new AppError(ERROR_CODES.customFormInactive);
      }
      const version = opts.version ?? formRow.version;
      const form = await formOf(formRow.id, version);
      if (!form) throw new AppError(ERROR_CODES.applicationVersionGone);
      await throttles.take([
        [THROTTLE_RULES.applicantDraftAddress, addressKey(opts.ip)],
        [THROTTLE_RULES.applicantDraftForm, formRow.id],
      ]);
      // A bot filled the hidden field: it gets an answer shaped like a real one, and nothing is stored or sent.
      if (opts.honeypot) return { applicationId: randomUUID(), code: newAccessCode(), revision: 1 };
      const role: EndUserRole = 'primaryOwnerEndUser';
      // before the draft's transaction opens: the lookup reads on the service's connection
      const sent = await withVaultAnswers(db, form, opts.data, opts.vaultToken);
      const result = validateSubmission(form, sent, { role, partial: true, unsubmitted: true, keepTyped: true });
      if (!result.valid) throw refusal(result.errors, { submitting: false });
      // the resume mail counts against the mailbox's link mails: whoever types someone else's address cannot flood it
      // (the applicant has the link in the browser; over the limit no mail is sent, now or on a later save)
      const mailable = await throttles.tryTake(THROTTLE_RULES.applicantLinkMail, opts.email);
      const at = now();
      const { application, code, outboxId } = await db.transaction(async (tx) => {
        const { application, owner, code } = await startApplication(tx, {
          codeSecret,
          at,
          application: {
            companyId: formRow.companyId,
            customFormId: formRow.id,
            formVersion: version,
            status: 'draft',
            data: fieldCrypto.sealInput(form, result.data),
            revision: 1,
            applicantEmail: opts.email,
            applicantCompanyName: companyNameOf(result.data, null),
            acceptance: (opts.acceptance ?? { documents: [], termsAcceptedAt: null }) as Record<string, unknown>,
            rememberAnswers: opts.rememberAnswers ?? false,
            resumeMailedAt: at,
            updatedBy: opts.email,
          },
          owner: { linkSentAt: at, lastSeenAt: at },
        });
        // who typed each encrypted value (decision 056): the owner row exists only now
        const encryptedTypedBy = typedByAfterSave({
          form,
          secret: codeSecret,
          applicationId: application.id,
          ownerId: owner.id,
          prior: {},
          previous: {},
          sent: opts.data,
          data: result.data,
        });
        if (Object.keys(encryptedTypedBy).length > 0) {
          await createApplicationsRepository(tx).updateApplication(application.id, { encryptedTypedBy });
        }
        const outboxId = mailable
          ? await queueResumeMail(tx, {
              application,
              email: opts.email,
              code,
              institution: formRow.companyName,
              formName: formRow.name,
            })
          : undefined;
        await writeAudit(tx, {
          action: 'application.create',
          actorUserId: null,
          companyId: formRow.companyId,
          targetType: 'application',
          targetId: application.id,
          details: { email: opts.email, role, customFormId: formRow.id, version },
        });
        return { application, code, outboxId };
      });
      await mail.dispatch(outboxId);
      return { applicationId: application.id, code, revision: application.revision };
    },

    async saveDraft(opts: {
      applicationId: string;
      code: string;
      data: Record<string, unknown>;
      revision: number;
      acceptance?: Acceptance;
      rememberAnswers?: boolean;
      vaultToken?: string;
      page?: string;
    }): Promise<{ revision: number; savedAt: string }> {
      const at = now();
      const saved = await optimisticSave(opts, at);
      if (saved) return saved;
      const { application, outboxId, outbox, events } = await db.transaction(async (tx) => {
        const { application, owner } = await link(tx, opts.applicationId, opts.code, true);
        const form = await formOfApplication(application, createApplicationsRepository(tx));
        const pending = noWrites();
        const written = await writeData(tx, { application, owner, form, code: opts.code, at, pending }, opts);
        Object.assign(pending.owner, touchPatch(owner, at));
        await flush(tx, { applicationId: application.id, ownerId: owner.id }, pending);
        return written;
      });
      await mail.dispatch(outboxId);
      for (const id of outbox) await mail.dispatch(id);
      if (events.length > 0) await deps.events.dispatch(events);
      return { revision: application.revision, savedAt: at.toISOString() };
    },

    /** A single-use upload URL for an attachment, issued to the caller's owner link on an open application. */
    async presign(opts: {
      applicationId: string;
      code: string;
      size: number;
      ip: string;
    }): Promise<{ uploadUrl: string; fileKey: string; expiresAt: string }> {
      await throttles.take([[THROTTLE_RULES.applicantUploadAddress, addressKey(opts.ip)]]);
      const { application, owner } = await link(db, opts.applicationId, opts.code, false);
      if (!isEditableBy(application, owner)) {
        throw new AppError(ERROR_CODES.applicationNotEditable);
      }
      const issued = await files.issueUpload({
        purpose: 'application-attachment',
        caller: { userId: owner.id, companyId: application.companyId },
        maxBytes: opts.size,
      });
      return { uploadUrl: issued.uploadUrl, fileKey: issued.fileUrl, expiresAt: issued.expiresAt };
    },

    async get(opts: { applicationId: string; code: string }): Promise<ApplicantApplication> {
      const at = now();
      const { application, owner } = await link(db, opts.applicationId, opts.code, false);
      const form = await formOfApplication(application);
      // a visit (the owner not seen for half an hour) is an event of the application's history (issue 13)
      if (!owner.lastSeenAt || at.getTime() - owner.lastSeenAt.getTime() > VISIT_GAP_MS) {
        await writeAudit(db, {
          action: 'application.open',
          actorUserId: null,
          companyId: application.companyId,
          targetType: 'application',
          targetId: application.id,
          details: { email: owner.email, role: owner.role },
        });
      }
      await touchOwner(db, owner, at);
      const owners = await repo.listOwners(application.id);
      const blockedBy = application.blockedAt ? await repo.companyName(application.companyId) : null;
      return {
        applicationId: application.id,
        customFormId: application.customFormId,
        formVersion: application.formVersion,
        status: application.status as ApplicationStatus,
        role: roleOf(owner),
        ownerKind: owner.kind as OwnerKind,
        ownerId: owner.id,
        ownerSection: ownerSectionOf(owner),
        email: owner.email,
        data: fieldCrypto.maskData(form, application.data),
        revision: application.revision,
        acceptance: acceptanceOf(application),
        rememberAnswers: application.rememberAnswers,
        readOnly: !isEditableBy(application, owner),
        editing: !isOpen(application.status) && isEditableBy(application, owner),
        blockedBy,
        // where the owner left off their draft; a submitted application (an edit link) opens on its first page
        resumePage: isOpen(application.status) ? (owner.resumePage ?? null) : null,
        // every owner sees who the owners are and how far they are; never anyone's code
        owners: owners.map((o) => ({
          ownerId: o.id,
          kind: o.kind as OwnerKind,
          name: o.name,
          email: o.email,
          ownershipPercent: o.ownershipPercent === null ? null : Number(o.ownershipPercent),
          completedAt: o.completedAt?.toISOString() ?? null,
          linkSentAt: o.linkSentAt?.toISOString() ?? null,
          ownerSection: ownerSectionOf(o),
        })),
        submittedAt: application.submittedAt?.toISOString() ?? null,
        updatedAt: application.updatedAt.toISOString(),
      };
    },

    /**
     * The primary submits the application (every required field, every additional owner completed, not blocked):
     * status `pending`. An additional owner completes their part (the required fields their role may edit).
     */
    async submit(opts: {
      applicationId: string;
      code: string;
      data?: Record<string, unknown>;
      revision?: number;
      acceptance?: Acceptance;
      vaultToken?: string;
    }): Promise<{ applicationId: string; status: ApplicationStatus; submittedAt: string }> {
      const at = now();
      const submitted = await optimisticSubmit(opts, at);
      if (submitted) return submitted;
      const outcome = await db.transaction(async (tx) => {
        const r = createApplicationsRepository(tx);
        const resolved = await link(tx, opts.applicationId, opts.code, true);
        const { owner } = resolved;
        let { application } = resolved;
        const form = await formOfApplication(application, r);
        if (!isEditableBy(application, owner)) {
          throw new AppError(ERROR_CODES.applicationNotEditable);
        }
        // a correction through an edit link: the application stays submitted (decision 052)
        const correcting = !isOpen(application.status);
        const isPrimary = owner.kind === 'primaryApplicant';
        const ids = { applicationId: application.id, ownerId: owner.id };
        if (isPrimary && application.blockedAt) {
          throw new AppError(
            ERROR_CODES.applicationBlocked,
            MESSAGES.applicationBlocked(await r.companyName(application.companyId)),
          );
        }
        let outboxId: string | undefined;
        let editOutbox: string[] = [];
        let editEvents: string[] = [];
        // the data as validated and stored, in the clear: written now, or opened from the row
        let data: Record<string, unknown> | undefined;
        const pending = noWrites();
        if (opts.data !== undefined) {
          if (opts.revision === undefined) {
            throw new AppError(ERROR_CODES.validation, MESSAGES.http400, [{ path: 'revision', message: 'Required' }]);
          }
          const ctx = { application, owner, form, code: opts.code, at, pending };
          ({
            application,
            data,
            outboxId,
            outbox: editOutbox,
            events: editEvents,
          } = await writeData(tx, ctx, {
            data: opts.data,
            revision: opts.revision,
            acceptance: opts.acceptance,
            vaultToken: opts.vaultToken,
          }));
        }
        Object.assign(pending.owner, touchPatch(owner, at));
        data ??= fieldCrypto.openData(form, application.data);
        const role = roleOf(owner);
        // Each owner answers for the required fields their role may edit; the primary's submit also needs every
        // additional owner's part complete, so the fields only shared owners edit are theirs (decision 036).
        const checked = submitCheck(form, owner, data, correcting);
        if (!checked.valid) throw refusal(checked.errors, { submitting: true });
        if (correcting) {
          pending.owner.editGrantedAt = null;
          if (!isPrimary) pending.owner.completedAt = at;
          Object.assign(pending.application, { updatedAt: at, updatedBy: owner.email });
          pending.audits.push({
            action: 'application.resubmit',
            actorUserId: null,
            companyId: application.companyId,
            targetType: 'application',
            targetId: application.id,
            details: { email: owner.email, role, revision: application.revision },
          });
          await flush(tx, ids, pending);
          // the first submission's time stands (the dashboard measures it); the response says so too
          return {
            status: application.status as ApplicationStatus,
            outboxId,
            signOutbox: editOutbox,
            events: editEvents,
            submittedAt: application.submittedAt ?? at,
          };
        }
        if (!isPrimary) {
          pending.owner.completedAt = at;
          pending.audits.push({
            action: 'application.owner-complete',
            actorUserId: null,
            companyId: application.companyId,
            targetType: 'application',
            targetId: application.id,
            details: { email: owner.email, role, ownerId: owner.id },
          });
          await flush(tx, ids, pending);
          return {
            status: application.status as ApplicationStatus,
            outboxId,
            signOutbox: editOutbox,
            events: editEvents,
          };
        }
        // read once, after the lock: the check below and signing's requests to the other owners use the same list
        const owners = await r.listOwners(application.id);
        const missing = owners.filter((o) => o.kind === 'additionalOwner' && !o.completedAt);
        if (missing.length > 0) {
          const emails = missing.map((o) => o.email);
          throw new AppError(
            ERROR_CODES.applicationOwnersIncomplete,
            MESSAGES.applicationOwnersMissing(emails),
            emails.map((e) => ({ path: 'owners', message: e })),
          );
        }
        primarySubmitWrites(pending, application, owner, at, opts.data === undefined ? opts.acceptance : undefined);
        const signOutbox = await deps.signing.startSigning(tx, application, at, owners, { statusWritten: true });
        // the event's row goes with the submit's writes: one statement (decision 076)
        const event = deps.events.publishStatement(tx, 'application.submitted', { applicationId: application.id });
        await flush(tx, ids, pending, [event.statement]);
        return {
          status: 'pending' as const,
          outboxId,
          signOutbox: [...editOutbox, ...signOutbox],
          events: [...editEvents, event.id],
        };
      });
      await mail.dispatch(outcome.outboxId);
      for (const id of outcome.signOutbox) await mail.dispatch(id);
      if (outcome.events.length > 0) await deps.events.dispatch(outcome.events);
      const submittedAt = 'submittedAt' in outcome && outcome.submittedAt ? outcome.submittedAt : at;
      return { applicationId: opts.applicationId, status: outcome.status, submittedAt: submittedAt.toISOString() };
    },
  };
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
