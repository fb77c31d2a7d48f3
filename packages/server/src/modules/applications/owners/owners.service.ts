import { ERROR_CODES } from '@under/core/api/error.schema';
import { DRAFT_RETENTION_DAYS, type OwnerView } from '@under/core/applications/application.schema';
import { MESSAGES } from '@under/core/messages';
import { ownerLinkText } from '@under/core/ui-text/mails';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock';
import type { Db, DbOrTx } from '../../../db/client';
import { refreshSearchText } from '../../../db/repositories/application-filter.repository';
import { writeAudit } from '../../../db/repositories/audit.repository';
import { AppError } from '../../../errors';
import { composeMail } from '../../../infra/mail/compose';
import { addressKey, THROTTLE_RULES, type Throttles } from '../../../security/throttles';
import type { MailService } from '../../mail/mail.service';
import { hashAccessCode, newAccessCode } from '../applicant/access-codes';
import {
  type ApplicationRow,
  applicantLink,
  linkExpiry,
  ownerSectionOf,
  resolveApplicantLink,
} from '../applicant/applicant-link';
import { createApplicationOwnersRepository, type OwnerRow } from './owners.repository';

/** The retention sweep of unsubmitted applications (decision 037): daily, on one instance. */
export const RETENTION_QUEUE = 'applications-drafts-retention';
export const RETENTION_CRON = '41 3 * * *';
/** Applications removed per transaction: a large backlog never holds one long lock. */
const RETENTION_BATCH = 100;

const DAY_MS = 86_400_000;
/** Owners change only before the application is submitted. */
const OPEN_STATUSES = new Set(['draft', 'invite_sent']);

interface OwnerInput {
  name: string;
  /** Lower case (the contract's schema). */
  email: string;
  ownershipPercent: number | null;
}

/** One owner as every applicant response shows it: never a code or its hash. */
export function ownerView(row: OwnerRow): OwnerView {
  return {
    ownerId: row.id,
    kind: row.kind as OwnerView['kind'],
    name: row.name,
    email: row.email,
    ownershipPercent: row.ownershipPercent === null ? null : Number(row.ownershipPercent),
    completedAt: row.completedAt?.toISOString() ?? null,
    linkSentAt: row.linkSentAt?.toISOString() ?? null,
    ownerSection: ownerSectionOf(row),
  };
}

/** The highest owner section (the primary names at most 20 additional owners; the column allows 99). */
const MAX_OWNER_SECTION = 99;

/**
 * The section a newly named owner is given (decision 059): the section a removed row of the same e-mail held, if no
 * current owner holds it; else the lowest from 2 that no current owner holds and no removed owner who opened their
 * link held (what they may have typed there is theirs, never shown to the next owner). `taken` is updated.
 */
function nextOwnerSection(all: readonly OwnerRow[], email: string, taken: Set<number>): number | null {
  const held = (o: OwnerRow) => o.ownerSection !== null && o.kind === 'additionalOwner';
  const own = all.find((o) => held(o) && o.removedAt !== null && o.email === email && !taken.has(o.ownerSection ?? 0));
  if (own?.ownerSection) {
    taken.add(own.ownerSection);
    return own.ownerSection;
  }
  const burnt = new Set(all.filter((o) => held(o) && o.removedAt !== null && o.lastSeenAt).map((o) => o.ownerSection));
  for (let section = 2; section <= MAX_OWNER_SECTION; section++) {
    if (taken.has(section) || burnt.has(section)) continue;
    taken.add(section);
    return section;
  }
  return null;
}

const invalid = (path: string, message: string) => new AppError(ERROR_CODES.validation, message, [{ path, message }]);

/** Percent in hundredths, as stored (numeric(5,2)). */
const hundredths = (percent: number) => Math.round(percent * 100);

/**
 * The list the primary sends, checked as a whole: no owner with the primary's e-mail, none twice, and the listed
 * owners' ownership at most 100 % together (the primary's own share is a field of the form, decision 037).
 */
function checkOwnerList(owners: readonly OwnerInput[], primaryEmail: string): void {
  const seen = new Set<string>();
  for (const [i, o] of owners.entries()) {
    if (o.email === primaryEmail) throw invalid(`owners.${i}.email`, MESSAGES.ownerEmailIsPrimary);
    if (seen.has(o.email)) throw invalid(`owners.${i}.email`, MESSAGES.ownerEmailDuplicate);
    seen.add(o.email);
  }
  const total = owners.reduce((sum, o) => sum + (o.ownershipPercent === null ? 0 : hundredths(o.ownershipPercent)), 0);
  if (total > 10_000) throw invalid('owners', MESSAGES.ownershipOver100((total / 100).toFixed(2).replace(/\.00$/, '')));
}

interface ApplicationOwnersServiceDeps {
  db: Db;
  mail: MailService;
  codeSecret: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: Clock;
  throttles: Throttles;
}

/**
 * Additional owners of an application and their links (issue 12 "Invitations and owners"; decision 037): the
 * primary applicant names them (each new one e-mailed their own link), re-sends a link, and anyone on an expired
 * link may ask for a fresh one to the address on file. Also the retention of unsubmitted applications.
 */
export function createApplicationOwnersService(deps: ApplicationOwnersServiceDeps) {
  const { db, mail, codeSecret, publicUrl, log } = deps;
  const now = deps.now ?? Date.now;
  const { throttles } = deps;

  /** The caller's link, which must be the primary's, on an application whose owners may still change. */
  function requirePrimaryOnOpen(application: ApplicationRow, owner: OwnerRow) {
    if (owner.kind !== 'primaryApplicant') {
      throw new AppError(ERROR_CODES.applicationPrimaryOnly);
    }
    if (!OPEN_STATUSES.has(application.status)) {
      throw new AppError(ERROR_CODES.applicationOwnersClosed);
    }
  }

  /**
   * Inside the caller's transaction: a fresh code for `owner` (the old hash replaced: the old code opens nothing),
   * its e-mail queued; answers the outbox id.
   */
  async function issueLink(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    application: ApplicationRow,
    owner: OwnerRow,
    reason: 'resend' | 'request',
    at: Date,
  ): Promise<string> {
    const repo = createApplicationOwnersRepository(tx);
    const code = newAccessCode();
    const codeHash = hashAccessCode(codeSecret, code);
    await repo.replaceCode(owner.id, codeHash, linkExpiry(at), at);
    await writeAudit(tx, {
      actorUserId: null,
      companyId: application.companyId,
      action: 'application.owner-link',
      targetType: 'application',
      targetId: application.id,
      details: { ownerId: owner.id, reason },
    });
    return mail.queueMail(tx, {
      kind: 'application-owner-link',
      key: `owner-link:${owner.id}:${codeHash}`,
      message: composeMail(
        owner.email,
        ownerLinkText({
          link: applicantLink(publicUrl, {
            customFormId: application.customFormId,
            applicationId: application.id,
            code,
            email: owner.email,
          }),
          institution: (await repo.companyName(application.companyId)) ?? 'the institution',
          applicantCompany: application.applicantCompanyName,
          reason,
        }),
      ),
    });
  }

  async function dispatchAll(ids: readonly string[]) {
    for (const id of ids) await mail.dispatch(id);
  }

  /** Fresh-link requests being matched after their answer went out (decision 056). */
  const inflight = new Set<Promise<void>>();
  function later(work: () => Promise<void>) {
    const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => log.error({ err }, 'a fresh link request failed'))
      .finally(() => inflight.delete(run));
    inflight.add(run);
  }

  /**
   * The owner a fresh-link request may revoke and re-issue: the caller's own link (any state but removed: an expired
   * link is why they ask) names either that owner, when `email` is theirs, or, for the primary's link, the current
   * owner with `email`. Nothing otherwise.
   */
  async function issueRequestedLink(opts: { applicationId: string; email: string; code: string }) {
    const at = new Date(now());
    const codeHash = hashAccessCode(codeSecret, opts.code);
    const targetIn = async (tx: DbOrTx, lock: boolean) => {
      const repo = createApplicationOwnersRepository(tx);
      const application = await repo.findApplication(opts.applicationId, lock);
      if (!application) return undefined;
      const owners = await repo.listCurrentOwners(application.id);
      const caller = owners.find((o) => o.codeHash === codeHash);
      const owner =
        caller?.email === opts.email
          ? caller
          : caller?.kind === 'primaryApplicant'
            ? owners.find((o) => o.email === opts.email)
            : undefined;
      return owner ? { application, owner } : undefined;
    };
    if (!(await targetIn(db, false))) return;
    // mails actually sent to one mailbox are capped (silently: the answer went out already)
    if (!(await throttles.tryTake(THROTTLE_RULES.applicantLinkMail, opts.email))) return;
    const outboxId = await db.transaction(async (tx) => {
      // again under the application's lock: the owner may have been removed meanwhile
      const found = await targetIn(tx, true);
      return found ? issueLink(tx, found.application, found.owner, 'request', at) : undefined;
    });
    if (outboxId) await dispatchAll([outboxId]);
  }

  return {
    /**
     * PUT /api/public/applications/{applicationId}/owners: the primary's whole list of additional owners. New
     * e-mails get a row and their own link by e-mail; listed ones get their name, share and place updated; owners
     * left out are removed (their link answers 'The URL is expired'). Answers every current owner, primary first.
     */
    async setOwners(opts: {
      applicationId: string;
      code: string;
      owners: OwnerInput[];
    }): Promise<{ owners: OwnerView[] }> {
      const at = new Date(now());
      // Link e-mails to new owners are counted before the transaction (the throttles write on their own): per
      // application (over it the whole save is refused, so a link cannot be used to mail strangers in bulk) and per
      // mailbox (over it the owner is still added, without a mail; the primary can re-send later).
      const before = await resolveApplicantLink(db, { ...opts, codeSecret, now: at });
      requirePrimaryOnOpen(before.application, before.owner);
      checkOwnerList(opts.owners, before.owner.email);
      const known = new Set(
        (await createApplicationOwnersRepository(db).listCurrentOwners(opts.applicationId))
          .filter((o) => o.kind === 'additionalOwner')
          .map((o) => o.email),
      );
      const fresh = opts.owners.filter((o) => !known.has(o.email)).map((o) => o.email);
      await throttles.take(fresh.map(() => [THROTTLE_RULES.ownerLinksApplication, opts.applicationId] as const));
      const mailable = new Set<string>();
      for (const email of fresh) {
        if (await throttles.tryTake(THROTTLE_RULES.applicantLinkMail, email)) mailable.add(email);
      }
      const { owners, outboxIds } = await db.transaction(async (tx) => {
        const { application, owner: caller } = await resolveApplicantLink(tx, {
          applicationId: opts.applicationId,
          code: opts.code,
          codeSecret,
          now: at,
          lock: true,
        });
        requirePrimaryOnOpen(application, caller);
        checkOwnerList(opts.owners, caller.email);
        const repo = createApplicationOwnersRepository(tx);
        const current = (await repo.listCurrentOwners(application.id)).filter((o) => o.kind === 'additionalOwner');
        const byEmail = new Map(current.map((o) => [o.email, o]));
        const institution = (await repo.companyName(application.companyId)) ?? 'the institution';
        const ids: string[] = [];
        let added = 0;
        let changed = 0;
        // owners left out are removed first, so a section they leave may go to a new owner of this same list
        const listed = new Set(opts.owners.map((o) => o.email));
        const removed = current.filter((o) => !listed.has(o.email));
        await repo.removeOwners(
          removed.map((o) => o.id),
          at,
        );
        const all = (await repo.listAllOwners(application.id)).map((o) =>
          removed.some((r) => r.id === o.id) ? { ...o, removedAt: at } : o,
        );
        const taken = new Set(
          all.flatMap((o) => (o.kind === 'additionalOwner' && !o.removedAt && o.ownerSection ? [o.ownerSection] : [])),
        );
        for (const [position, o] of opts.owners.entries()) {
          const percent = o.ownershipPercent === null ? null : (hundredths(o.ownershipPercent) / 100).toFixed(2);
          const existing = byEmail.get(o.email);
          if (existing) {
            const differs = existing.name !== o.name || existing.ownershipPercent !== percent;
            if (differs || existing.position !== position) {
              await repo.updateOwner(existing.id, { name: o.name, ownershipPercent: percent, position });
            }
            if (differs) changed += 1;
            continue;
          }
          const code = newAccessCode();
          const codeHash = hashAccessCode(codeSecret, code);
          const row = await repo.insertOwner({
            applicationId: application.id,
            kind: 'additionalOwner',
            role: 'sharedOwnerEndUser',
            email: o.email,
            name: o.name,
            ownershipPercent: percent,
            position,
            // the next owner section of the form: the first named owner is owner 2 (decision 059)
            ownerSection: nextOwnerSection(all, o.email, taken),
            codeHash,
            codeExpiresAt: linkExpiry(at),
            // the mail is written in this transaction
            linkSentAt: mailable.has(o.email) ? at : null,
          });
          added += 1;
          if (!mailable.has(o.email)) continue;
          ids.push(
            await mail.queueMail(tx, {
              kind: 'application-owner-link',
              key: `owner-link:${row.id}:${codeHash}`,
              message: composeMail(
                o.email,
                ownerLinkText({
                  link: applicantLink(publicUrl, {
                    customFormId: application.customFormId,
                    applicationId: application.id,
                    code,
                    email: o.email,
                  }),
                  institution,
                  applicantCompany: application.applicantCompanyName,
                  reason: 'added',
                }),
              ),
            }),
          );
        }
        if (added + changed + removed.length > 0) {
          await repo.touchApplication(application.id, at, caller.email);
          // owners' names and e-mails are searched in the institution's list (decision 042)
          await refreshSearchText(tx, application.id);
          await writeAudit(tx, {
            actorUserId: null,
            companyId: application.companyId,
            action: 'application.owners',
            targetType: 'application',
            targetId: application.id,
            details: { added, changed, removed: removed.length },
          });
        }
        return { owners: await repo.listCurrentOwners(application.id), outboxIds: ids };
      });
      await dispatchAll(outboxIds);
      return { owners: owners.map(ownerView) };
    },

    /**
     * POST .../owners/{ownerId}/resend: the primary re-sends an additional owner's link; a fresh code replaces the
     * old one (which stops working). Counted per owner e-mail: 429 over the limit.
     */
    async resendOwnerLink(opts: { applicationId: string; ownerId: string; code: string }): Promise<void> {
      const at = new Date(now());
      const first = await resolveApplicantLink(db, { ...opts, codeSecret, now: at });
      requirePrimaryOnOpen(first.application, first.owner);
      const target = (await createApplicationOwnersRepository(db).listCurrentOwners(opts.applicationId)).find(
        (o) => o.id === opts.ownerId && o.kind === 'additionalOwner',
      );
      if (!target) throw new AppError(ERROR_CODES.applicationOwnerNotFound);
      await throttles.take([[THROTTLE_RULES.ownerLinkResend, target.email]]);
      const outboxId = await db.transaction(async (tx) => {
        // again under the lock: the list or the status may have changed meanwhile
        const { application, owner } = await resolveApplicantLink(tx, { ...opts, codeSecret, now: at, lock: true });
        requirePrimaryOnOpen(application, owner);
        const still = (await createApplicationOwnersRepository(tx).listCurrentOwners(application.id)).find(
          (o) => o.id === target.id,
        );
        if (!still) throw new AppError(ERROR_CODES.applicationOwnerNotFound);
        return issueLink(tx, application, still, 'resend', at);
      });
      await dispatchAll([outboxId]);
    },

    /**
     * POST /api/public/applications/link: a fresh link e-mailed to the address on file. Revoking a link (the fresh
     * code replaces the old one) needs a link of this application: the owner's own (`email` is theirs) or the
     * primary's (`email` is any current owner's); any other request changes nothing (decision 056). The caller always
     * gets the same 202, and at the same time: the request only counts (per address and per e-mail, whatever the
     * outcome) and hands the matching to the background, so nothing of it (a lookup, a write, a mail) happens
     * before the answer. Mails per mailbox are capped silently.
     */
    async requestLink(opts: { applicationId: string; email: string; code: string; ip: string }): Promise<void> {
      await throttles.take([
        [THROTTLE_RULES.applicantLinkRequestAddress, addressKey(opts.ip)],
        [THROTTLE_RULES.applicantLinkRequestEmail, opts.email],
      ]);
      later(() => issueRequestedLink(opts));
    },

    /** Resolves once every fresh-link request handed to the background is done (app close, tests). */
    async settled(): Promise<void> {
      while (inflight.size > 0) await Promise.all([...inflight]);
    },

    /**
     * The retention job: removes applications still `draft` or `invite_sent` whose last change is older than
     * DRAFT_RETENTION_DAYS, in batches, each with an audit event (status and last change, no data). Idempotent:
     * a second run finds nothing. Answers how many were removed.
     */
    async removeStaleApplications(opts: { batchSize?: number } = {}): Promise<number> {
      const batchSize = opts.batchSize ?? RETENTION_BATCH;
      const cutoff = new Date(now() - DRAFT_RETENTION_DAYS * DAY_MS);
      let removed = 0;
      for (;;) {
        const batch = await db.transaction(async (tx) => {
          const repo = createApplicationOwnersRepository(tx);
          const rows = await repo.lockStaleOpen(cutoff, batchSize);
          for (const row of rows) {
            await writeAudit(tx, {
              actorUserId: null,
              companyId: row.companyId,
              action: 'application.retention-remove',
              targetType: 'application',
              targetId: row.id,
              details: { status: row.status, updatedAt: row.updatedAt.toISOString() },
            });
          }
          await repo.deleteApplications(rows.map((r) => r.id));
          return rows.length;
        });
        removed += batch;
        if (batch < batchSize) break;
      }
      if (removed > 0) log.info({ removed }, 'unsubmitted applications removed after the retention period');
      return removed;
    },
  };
}

export type ApplicationOwnersService = ReturnType<typeof createApplicationOwnersService>;
