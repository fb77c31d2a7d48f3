import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ERROR_CODES } from '@under/core/api/error.schema';
import {
  type ConfirmPageItem,
  SIGN_CODE_MAX_ATTEMPTS,
  SIGN_CODE_TTL_MINUTES,
  SIGNATURE_MAX_BYTES,
  SIGNATURE_MIN_WIDTH,
  type SignatureInput,
  type SignBody,
  type SignStatus,
  type SignStatusView,
} from '@under/core/applications/signing.schema';
import { MESSAGES } from '@under/core/messages';
import type { PdfField } from '@under/core/templates/pdf-field.schema';
import { mappedItemsOf } from '@under/core/templates/signing-boxes';
import { signCodeText, signCompletedText, signRequestText } from '@under/core/ui-text/mails';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db, DbOrTx } from '../../../db/client';
import { canonicalJson, writeAudit } from '../../../db/repositories/audit.repository';
import { AppError } from '../../../errors';
import type { EventPublisher } from '../../../infra/events/events';
import { composeMail } from '../../../infra/mail/compose';
import type { Storage } from '../../../infra/storage/storage';
import { currentRequest } from '../../../plugins/request-context';
import { hashCode, newCode, safeEqual } from '../../../security/secrets';
import type { ThrottleRule, Throttles } from '../../../security/throttles';
import type { MailService } from '../../mail/mail.service';
import { type FormGrants, loadVisibleApplication } from '../access/visible-application';
import { hashAccessCode, newAccessCode } from '../applicant/access-codes';
import {
  type ApplicationOwnerRow,
  type ApplicationRow,
  applicantLink,
  linkExpiry,
  resolveApplicantLink,
} from '../applicant/applicant-link';
import { DOCUMENTS_QUEUE, requestDocumentGeneration } from '../documents/request-documents';
import { ownersBySection } from '../owners/owners-by-section';
import { decodePngSize } from './signature-png';
import { createSigningRepository, type SignatureRow } from './signing.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Signing codes e-mailed per owner, and reminders per owner (decision 045). */
const SIGN_THROTTLES = {
  codeOwner: { scope: 'sign-code:owner', max: 5, windowMs: HOUR },
  reminderOwner: { scope: 'sign-reminder:owner', max: 5, windowMs: 24 * HOUR },
} as const satisfies Record<string, ThrottleRule>;

/**
 * A signature or initials image: a PNG at most SIGNATURE_MAX_BYTES that really decodes (`decodePngSize`: chunks,
 * CRCs, the image data inflated within the size its header states; decision 056) and is at least SIGNATURE_MIN_WIDTH
 * wide (spec 1 §5; initials too: they are drawn on the same pad). A header alone proves nothing.
 */
function readSignaturePng(dataUrl: string): { bytes: Buffer; width: number; height: number } {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const size = bytes.length <= SIGNATURE_MAX_BYTES ? decodePngSize(bytes) : undefined;
  if (!size) throw new AppError(ERROR_CODES.signatureInvalid);
  if (size.width < SIGNATURE_MIN_WIDTH) throw new AppError(ERROR_CODES.signatureInvalid, MESSAGES.signatureTooNarrow);
  return { bytes, ...size };
}

/** `j***@example.com`: where a code went, without spelling the address out. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** SHA-256 of the application's data as stored, keys sorted: what a signature was given on. */
export function dataHashOf(data: unknown): string {
  return createHashHex(canonicalJson(data));
}
const createHashHex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface SigningDeps {
  db: Db;
  mail: Pick<MailService, 'queueMail' | 'dispatch'>;
  storage: Storage;
  jobs: { send<T extends object>(name: string, data: T): Promise<string> };
  forms: FormGrants;
  codeSecret: string;
  publicUrl: string;
  throttles: Throttles;
  now?: Clock;
  /**
   * `application.signed` is written in the signing transaction (decision 064); its subscribers react after the
   * commit: the vault takes the answers of a primary who opted in to "Remember my answers" (decision 050), the team
   * is told of the last signature (decision 060).
   */
  events: EventPublisher;
}

/**
 * Signing (issue 13; decision 045): every owner signs from their own link once the primary submitted; the link
 * alone is not enough: the owner proves the e-mail with a one-time code. The last signature completes signing and
 * asks for the documents (a durable run, then a job).
 */
/** What starting the signing writes into the application (`startSigning`, or its caller with `statusWritten`). */
export const SIGNING_STARTED = { signStatus: 'PROGRESSING' } as const;

export function createSigningService(deps: SigningDeps) {
  const { db, mail, storage, codeSecret, publicUrl } = deps;
  const now = () => new Date(deps.now?.() ?? Date.now());
  const { throttles } = deps;

  const isOpenForSigning = (a: ApplicationRow) =>
    a.signStatus === 'PROGRESSING' && (a.status === 'pending' || a.status === 'approved');

  /** An additional owner's section; one named before sections existed (none after migration 0021) as the documents number it. */
  async function sectionOf(
    r: ReturnType<typeof createSigningRepository>,
    applicationId: string,
    owner: ApplicationOwnerRow,
  ): Promise<number> {
    if (owner.ownerSection) return owner.ownerSection;
    // the documents' numbering, so this owner's initials boxes are the ones their signature is drawn beside
    return ownersBySection(await r.owners(applicationId)).findIndex((o) => o?.id === owner.id) + 1;
  }

  /** The confirm-page items the master form asks of one owner (always at least the signature). */
  async function itemsFor(tx: DbOrTx, application: ApplicationRow, owner: ApplicationOwnerRow) {
    const r = createSigningRepository(tx);
    const row = await r.confirmPageOf(application.id);
    // owner N is the owner of section N (decision 059); the confirm page's "additional owner n" is owner n + 1
    const section = owner.kind === 'primaryApplicant' ? 1 : await sectionOf(r, application.id, owner);
    const index = section - 1;
    const mine = (Array.isArray(row?.confirmPage) ? (row.confirmPage as { item?: string; owner?: unknown }[]) : [])
      .filter((box) => {
        const who = box.owner ?? 'primaryApplicant';
        return owner.kind === 'primaryApplicant' ? who === 'primaryApplicant' : who === index;
      })
      .map((box) => box.item as ConfirmPageItem);
    // the mapped PDF's initials boxes of this owner (decision 058: owner 1 the primary, owner n+1 additional owner n)
    const mapping = Array.isArray(row?.mapping) ? (row.mapping as PdfField[]) : [];
    const mapped = mappedItemsOf(mapping, section);
    const items = new Set<ConfirmPageItem>(['signature', ...mine, ...mapped]);
    return { items: [...items], institution: row?.companyName ?? 'the institution' };
  }

  /** A fresh link for an owner (the old one stops working), with the mail that carries it. */
  async function mailFreshLink(
    tx: DbOrTx,
    application: ApplicationRow,
    owner: ApplicationOwnerRow,
    reason: 'ready' | 'reminder' | 'again',
    institution: string,
    at: Date,
  ): Promise<string> {
    const code = newAccessCode();
    const codeHash = hashAccessCode(codeSecret, code);
    await createSigningRepository(tx).replaceOwnerCode(owner.id, codeHash, linkExpiry(at), at);
    return mail.queueMail(tx, {
      kind: 'sign-request',
      key: `sign-request:${owner.id}:${codeHash}`,
      message: composeMail(
        owner.email,
        signRequestText({
          institution,
          applicantCompany: application.applicantCompanyName,
          reason,
          link: applicantLink(publicUrl, {
            customFormId: application.customFormId,
            applicationId: application.id,
            code,
            email: owner.email,
          }),
        }),
      ),
    });
  }

  async function dispatchAll(ids: readonly string[]) {
    for (const id of ids) await mail.dispatch(id);
  }

  function view(
    application: ApplicationRow,
    owners: ApplicationOwnerRow[],
    signatures: SignatureRow[],
  ): Pick<SignStatusView, 'owners' | 'signStatus'> {
    return {
      signStatus: (application.signStatus as SignStatus | null) ?? null,
      owners: owners.map((o) => {
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
    };
  }

  /** The institution's application as the caller may see it (decision 065). */
  async function clientApplication(tx: DbOrTx, auth: AuthContext, applicationId: string, lock: boolean) {
    return (await loadVisibleApplication(tx, auth, applicationId, { grants: deps.forms, lock })).application;
  }

  return {
    /**
     * Called in the primary's submit transaction: signing starts (PROGRESSING) and every additional owner is asked
     * to sign with a fresh link. Answers the mails to dispatch after the commit.
     */
    async startSigning(
      tx: DbOrTx,
      application: ApplicationRow,
      at: Date,
      /** The current owners when the caller has just read them in this transaction (the submit does). */
      current?: ApplicationOwnerRow[],
      /**
       * `statusWritten`: the caller writes `SIGNING_STARTED` into the application itself, with its own update of
       * the row in this transaction (the submit does: one round trip less).
       */
      opts: { statusWritten?: boolean } = {},
    ): Promise<string[]> {
      const r = createSigningRepository(tx);
      if (!opts.statusWritten) await r.setSignStatus(application.id, SIGNING_STARTED.signStatus);
      const others = (current ?? (await r.owners(application.id))).filter((o) => o.kind === 'additionalOwner');
      // the institution's name is for the other owners' mails: read only when there is one to ask
      if (others.length === 0) return [];
      const institution = (await r.confirmPageOf(application.id))?.companyName ?? 'the institution';
      const outbox: string[] = [];
      for (const owner of others) outbox.push(await mailFreshLink(tx, application, owner, 'ready', institution, at));
      return outbox;
    },

    /** GET …/sign-status?code=: who signed, what the caller must give, whether the documents are ready. */
    async signStatus(opts: { applicationId: string; code: string }): Promise<SignStatusView> {
      const at = now();
      const { application, owner } = await resolveApplicantLink(db, { ...opts, codeSecret, now: at });
      const r = createSigningRepository(db);
      const owners = await r.owners(application.id);
      const signatures = await r.signatures(application.id);
      const { items } = await itemsFor(db, application, owner);
      const code = await r.findCode(owner.id);
      const mine = signatures.find((s) => s.ownerId === owner.id && !s.invalidatedAt);
      const run = await r.latestRun(application.id);
      return {
        applicationId: application.id,
        ...view(application, owners, signatures),
        items,
        canSign:
          isOpenForSigning(application) &&
          !mine &&
          !!code &&
          !code.usedAt &&
          code.expiresAt > at &&
          code.attempts < SIGN_CODE_MAX_ATTEMPTS,
        signedAt: mine ? mine.signedAt.toISOString() : null,
        documentsReady: application.signStatus === 'COMPLETED' && run?.status === 'done',
      };
    },

    /** POST …/sign-code?code=: a 6-digit code to the link's own address (202 with the address masked). */
    async signCode(opts: { applicationId: string; code: string }) {
      const at = now();
      const first = await resolveApplicantLink(db, { ...opts, codeSecret, now: at });
      if (!isOpenForSigning(first.application)) throw new AppError(ERROR_CODES.signNotOpen);
      await throttles.take([[SIGN_THROTTLES.codeOwner, first.owner.id]]);
      const expiresAt = new Date(at.getTime() + SIGN_CODE_TTL_MINUTES * MINUTE);
      const outboxId = await db.transaction(async (tx) => {
        const { application, owner } = await resolveApplicantLink(tx, { ...opts, codeSecret, now: at, lock: true });
        if (!isOpenForSigning(application)) throw new AppError(ERROR_CODES.signNotOpen);
        const r = createSigningRepository(tx);
        const signed = (await r.signatures(application.id)).some((s) => s.ownerId === owner.id && !s.invalidatedAt);
        if (signed) throw new AppError(ERROR_CODES.signAlreadySigned);
        const code = newCode();
        const codeHash = hashCode(codeSecret, owner.id, 'sign', code);
        await r.putCode({ ownerId: owner.id, applicationId: application.id, codeHash, expiresAt, sentAt: at });
        await writeAudit(tx, {
          action: 'application.sign-code',
          actorUserId: null,
          companyId: application.companyId,
          targetType: 'application',
          targetId: application.id,
          details: { email: owner.email, role: owner.role, ownerId: owner.id },
        });
        const { institution } = await itemsFor(tx, application, owner);
        return mail.queueMail(tx, {
          kind: 'sign-code',
          key: `sign-code:${owner.id}:${codeHash}`,
          message: composeMail(owner.email, signCodeText({ code, institution })),
        });
      });
      await mail.dispatch(outboxId);
      return { sentTo: maskEmail(first.owner.email), expiresAt: expiresAt.toISOString() };
    },

    /**
     * POST …/sign?code=: the owner signs. The e-mailed code is checked under the application's lock (a wrong one
     * counts, SIGN_CODE_MAX_ATTEMPTS kill it); the images are PNGs at least SIGNATURE_MIN_WIDTH wide, stored before
     * the transaction (and removed when it refuses). The last owner's signature completes signing and writes the
     * documents' run in the same transaction; its job is queued after the commit.
     */
    async sign(opts: { applicationId: string; code: string; body: SignBody }) {
      const at = now();
      const folder = `signatures/${opts.applicationId}`;
      const stored: string[] = [];
      const put = async (bytes: Buffer) => {
        const key = `${folder}/${randomUUID()}.png`;
        await storage.put(key, Readable.from(bytes), { maxBytes: SIGNATURE_MAX_BYTES, contentType: 'image/png' });
        stored.push(key);
        return key;
      };
      // the link first: a wrong or expired link decodes and stores nothing
      const first = await resolveApplicantLink(db, { ...opts, codeSecret, now: at });
      if (!isOpenForSigning(first.application)) throw new AppError(ERROR_CODES.signNotOpen);
      // decoding inflates up to the header's size on this thread: only for a link that opens an application to sign
      const signature = readSignaturePng(opts.body.signature.image);
      const initials = opts.body.initials ? readSignaturePng(opts.body.initials.image) : undefined;
      const signatureKey = await put(signature.bytes);
      const initialsKey = initials ? await put(initials.bytes) : null;
      const context = currentRequest();
      let committed = false;
      try {
        const outcome = await db.transaction(async (tx) => {
          const { application, owner } = await resolveApplicantLink(tx, {
            ...opts,
            codeSecret,
            now: at,
            lock: true,
          });
          if (!isOpenForSigning(application)) throw new AppError(ERROR_CODES.signNotOpen);
          const r = createSigningRepository(tx);
          const signatures = await r.signatures(application.id);
          if (signatures.some((s) => s.ownerId === owner.id && !s.invalidatedAt)) {
            throw new AppError(ERROR_CODES.signAlreadySigned);
          }
          const code = await r.findCode(owner.id);
          const matches =
            !!code &&
            !code.usedAt &&
            code.expiresAt > at &&
            code.attempts < SIGN_CODE_MAX_ATTEMPTS &&
            safeEqual(code.codeHash, hashCode(codeSecret, owner.id, 'sign', opts.body.emailCode));
          if (!matches) {
            // a wrong guess counts (and commits): the refusal is thrown after the transaction
            if (code && !code.usedAt) await r.updateCode(owner.id, { attempts: code.attempts + 1 });
            return { refused: true as const };
          }
          const { items, institution } = await itemsFor(tx, application, owner);
          checkItems(items, owner, opts.body);
          await r.updateCode(owner.id, { usedAt: at });
          const row = await r.insertSignature({
            applicationId: application.id,
            ownerId: owner.id,
            email: owner.email,
            kind: opts.body.signature.kind,
            signatureKey,
            typedText: typedText(opts.body.signature),
            initialsKey,
            principalName: items.includes('principalName') ? (opts.body.principalName ?? null) : null,
            dataHash: dataHashOf(application.data),
            revision: application.revision,
            ip: context.ip,
            userAgent: context.userAgent,
            signedAt: at,
          });
          const owners = await r.owners(application.id);
          const signedOwners = new Set([...signatures.filter((s) => !s.invalidatedAt).map((s) => s.ownerId), owner.id]);
          const allSigned = owners.every((o) => signedOwners.has(o.id));
          await writeAudit(tx, {
            action: 'application.sign',
            actorUserId: null,
            companyId: application.companyId,
            targetType: 'application',
            targetId: application.id,
            details: {
              email: owner.email,
              role: owner.role,
              ownerId: owner.id,
              signatureId: row.id,
              dataHash: row.dataHash,
              items,
              allSigned,
            },
          });
          const event = await deps.events.publish(tx, 'application.signed', {
            applicationId: application.id,
            signatureId: row.id,
            ownerId: owner.id,
            ownerKind: owner.kind === 'primaryApplicant' ? 'primaryApplicant' : 'additionalOwner',
            email: owner.email,
            dataHash: row.dataHash,
            allSigned,
          });
          const outbox: string[] = [];
          let runId: string | undefined;
          if (allSigned) {
            await r.setSignStatus(application.id, 'COMPLETED');
            const run = await requestDocumentGeneration(tx, { applicationId: application.id, reason: 'signed' });
            runId = run.runId;
            await writeAudit(tx, {
              action: 'application.documents-request',
              actorUserId: null,
              companyId: application.companyId,
              targetType: 'application',
              targetId: application.id,
              details: { generation: run.generation, reason: 'signed' },
            });
            for (const o of owners) {
              outbox.push(
                await mail.queueMail(tx, {
                  kind: 'sign-completed',
                  key: `sign-completed:${o.id}:${row.id}`,
                  message: composeMail(o.email, signCompletedText({ institution })),
                }),
              );
            }
          }
          return { refused: false as const, allSigned, runId, outbox, event };
        });
        if (outcome.refused) throw new AppError(ERROR_CODES.signCodeInvalid);
        committed = true;
        if (outcome.runId) await deps.jobs.send(DOCUMENTS_QUEUE, { runId: outcome.runId });
        await dispatchAll(outcome.outbox);
        await deps.events.dispatch([outcome.event]);
        return {
          signStatus: (outcome.allSigned ? 'COMPLETED' : 'PROGRESSING') as SignStatus,
          signedAt: at.toISOString(),
          allSigned: outcome.allSigned,
        };
      } catch (err) {
        // refused or failed before the commit: nothing refers to the images stored for it
        if (!committed) for (const key of stored) await storage.delete(key).catch(() => undefined);
        throw err;
      }
    },

    /** The primary reminds one owner, or every additional owner who has not signed, with a fresh link each. */
    async remindFromPrimary(opts: { applicationId: string; code: string; ownerId?: string }) {
      const at = now();
      const { application, owner } = await resolveApplicantLink(db, { ...opts, codeSecret, now: at });
      if (owner.kind !== 'primaryApplicant') throw new AppError(ERROR_CODES.applicationPrimaryOnly, MESSAGES.http403);
      return remind(application.id, opts.ownerId, 'primary', null, at);
    },

    /** The institution reminds one owner, or every owner who has not signed. */
    async remindFromClient(opts: { auth: AuthContext; applicationId: string; ownerId?: string }) {
      const at = now();
      const application = await clientApplication(db, opts.auth, opts.applicationId, false);
      return remind(application.id, opts.ownerId, 'client', opts.auth.userId, at);
    },

    /**
     * The institution removes an e-signature confirmation (one owner's or all): the signatures are invalidated
     * (kept, marked 'removed'), signing reopens, the owners are asked to sign again; audited.
     */
    async removeSignature(opts: { auth: AuthContext; applicationId: string; ownerId?: string; reason?: string }) {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const application = await clientApplication(tx, opts.auth, opts.applicationId, true);
        const r = createSigningRepository(tx);
        const owners = await r.owners(application.id);
        if (opts.ownerId && !owners.some((o) => o.id === opts.ownerId)) {
          throw new AppError(ERROR_CODES.applicationOwnerNotFound);
        }
        const removed = await r.invalidate(application.id, 'removed', at, opts.ownerId);
        const outbox: string[] = [];
        let signStatus = (application.signStatus as SignStatus | null) ?? null;
        if (removed.length > 0) {
          signStatus = 'PROGRESSING';
          await r.setSignStatus(application.id, signStatus);
          const institution = (await r.confirmPageOf(application.id))?.companyName ?? 'the institution';
          for (const o of owners.filter((x) => removed.includes(x.id))) {
            outbox.push(await mailFreshLink(tx, application, o, 'again', institution, at));
          }
        }
        await writeAudit(tx, {
          action: 'application.signature-remove',
          actorUserId: opts.auth.userId,
          companyId: application.companyId,
          targetType: 'application',
          targetId: application.id,
          details: { ownerId: opts.ownerId ?? null, removed: removed.length, reason: opts.reason ?? null },
        });
        return { signStatus, removed: removed.length, outbox };
      });
      await dispatchAll(outcome.outbox);
      return { signStatus: outcome.signStatus, removed: outcome.removed };
    },

    /**
     * A change to signed data (the institution's edit, an attachment removed): every valid signature is invalidated
     * in the caller's transaction, signing reopens and each signer is asked to sign again. Answers the mails.
     */
    async invalidateSignatures(
      tx: DbOrTx,
      opts: {
        application: ApplicationRow;
        fields: string[];
        actorUserId: string | null;
        /** An owner correcting through their link keeps it (a fresh link would end their session); not mailed. */
        keepLinkOf?: string;
      },
    ): Promise<{ invalidated: number; outbox: string[] }> {
      const at = now();
      const r = createSigningRepository(tx);
      const gone = await r.invalidate(opts.application.id, 'data-changed', at);
      if (gone.length === 0) return { invalidated: 0, outbox: [] };
      await r.setSignStatus(opts.application.id, 'PROGRESSING');
      const institution = (await r.confirmPageOf(opts.application.id))?.companyName ?? 'the institution';
      const outbox: string[] = [];
      for (const o of (await r.owners(opts.application.id)).filter((x) => gone.includes(x.id))) {
        if (o.id === opts.keepLinkOf) continue;
        outbox.push(await mailFreshLink(tx, opts.application, o, 'again', institution, at));
      }
      await writeAudit(tx, {
        action: 'application.signature-invalidate',
        actorUserId: opts.actorUserId,
        companyId: opts.application.companyId,
        targetType: 'application',
        targetId: opts.application.id,
        details: { owners: gone, fields: opts.fields },
      });
      return { invalidated: gone.length, outbox };
    },
  };

  async function remind(
    applicationId: string,
    ownerId: string | undefined,
    by: 'primary' | 'client',
    actorUserId: string | null,
    at: Date,
  ) {
    const r = createSigningRepository(db);
    const [owners, signatures] = await Promise.all([r.owners(applicationId), r.signatures(applicationId)]);
    const signed = new Set(signatures.filter((s) => !s.invalidatedAt).map((s) => s.ownerId));
    const awaited = owners.filter((o) => !signed.has(o.id) && (by === 'client' || o.kind === 'additionalOwner'));
    const targets = ownerId ? awaited.filter((o) => o.id === ownerId) : awaited;
    if (ownerId && targets.length === 0) throw new AppError(ERROR_CODES.applicationOwnerNotFound);
    const mailable: ApplicationOwnerRow[] = [];
    for (const o of targets) if (await throttles.tryTake(SIGN_THROTTLES.reminderOwner, o.id)) mailable.push(o);
    const outbox = await db.transaction(async (tx) => {
      const locked = await createSigningRepository(tx).findApplication(applicationId, true);
      if (!locked || !isOpenForSigning(locked.application)) {
        throw new AppError(ERROR_CODES.signNotOpen);
      }
      const institution =
        (await createSigningRepository(tx).confirmPageOf(applicationId))?.companyName ?? 'the institution';
      const ids: string[] = [];
      for (const o of mailable) ids.push(await mailFreshLink(tx, locked.application, o, 'reminder', institution, at));
      await writeAudit(tx, {
        action: 'application.sign-reminder',
        actorUserId,
        companyId: locked.application.companyId,
        targetType: 'application',
        targetId: applicationId,
        details: { owners: mailable.map((o) => o.id), by },
      });
      return ids;
    });
    await dispatchAll(outbox);
    return { sent: outbox.length };
  }
}

export type SigningService = ReturnType<typeof createSigningService>;

function typedText(input: SignatureInput): string | null {
  return input.kind === 'typed' ? (input.text ?? null) : null;
}

/** The items this owner must give are there; the e-mail item is the owner's own address. */
function checkItems(items: readonly ConfirmPageItem[], owner: ApplicationOwnerRow, body: SignBody): void {
  const problems: { path: string; message: string }[] = [];
  if (items.includes('initials') && !body.initials) {
    problems.push({ path: 'initials', message: MESSAGES.signItemRequired('initials') });
  }
  if (items.includes('principalName') && !body.principalName) {
    problems.push({ path: 'principalName', message: MESSAGES.signItemRequired('principal name') });
  }
  if (items.includes('email') && body.email?.toLowerCase() !== owner.email.toLowerCase()) {
    problems.push({ path: 'email', message: MESSAGES.signEmailMismatch });
  }
  if (problems.length > 0) {
    throw new AppError(ERROR_CODES.signItemsInvalid, problems[0]?.message ?? MESSAGES.http400, problems);
  }
}
/**
 * What a change to signed data uses (the applicant's correction, the institution's edit and corrections, an
 * attachment removed): the signatures go in the change's own transaction (decisions 045, 064).
 */
export type SignatureInvalidation = Pick<SigningService, 'invalidateSignatures'>;
