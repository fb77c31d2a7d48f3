import { CC_ATTRIBUTES } from '@under/core/integrations/cardconnect-attributes';
import { CC_FINAL_BOARDING_STATUSES } from '@under/core/integrations/cardconnect-lookups';
import type { CcStatusProblem, CcStatusView } from '@under/core/integrations/cardconnect-status.schema';
import { mappableFields } from '@under/core/integrations/salesforce-mapping';
import { CC_STATUS_TEXT, ccBoardingWords, ccSignatureWords } from '@under/core/ui-text/cardconnect-status';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import type { Jobs } from '../../../infra/jobs/jobs';
import {
  type FormGrants,
  loadApplicationForJob,
  loadVisibleApplication,
} from '../../applications/access/visible-application';
import { createCardConnectSession } from '../cardconnect/cardconnect.client';
import { type CardConnectClient, CardConnectError, type CcApiError } from '../cardconnect/cardconnect.port';
import type { CardConnectSetup } from '../cardconnect/cardconnect.service';
import { type CcStatusRow, createCcStatusRepository, type NewMerchant } from './cc-status.repository';

export const CC_POLL_QUEUE = 'cardconnect-status-poll';
export const CC_POLL_SWEEP_QUEUE = 'cardconnect-status-sweep';
/**
 * The poll's back-off (decision 087): the next check after 1 min, then longer while nothing changes (2, 5, 10, 30
 * min, 1, 2, 4 h), at most every 6 h (a boarded merchant may take weeks to go live); back to 1 min after a change.
 * A failed check (the provider down) moves along the same steps.
 */
export const POLL_DELAYS_MS = [1, 2, 5, 10, 30, 60, 120, 240, 360].map((m) => m * 60_000);
/** While the provider is still processing a change (its pending flag), the next check comes after 1 min. */
export const PENDING_DELAY_MS = 60_000;
/** A claimed check owns the row this long; a killed worker's check is due again after it. */
export const POLL_LEASE_MS = 2 * 60_000;
/** The status changes shown on the application. */
const CHANGES_SHOWN = 20;
const SWEEP_BATCH = 500;

export const pollDelay = (quietChecks: number): number =>
  POLL_DELAYS_MS[Math.min(Math.max(quietChecks, 0), POLL_DELAYS_MS.length - 1)] as number;

/** LIVE, DECLINED, CANCELLED: no later change comes (the provider's machine; BOARDED still goes LIVE). */
export const isFinalBoarding = (code: string): boolean => CC_FINAL_BOARDING_STATUSES.has(code);

export interface CcStatusDeps {
  db: Db;
  jobs: Jobs;
  log: FastifyBaseLogger;
  now: Clock;
  client: CardConnectClient;
  /** The company's opened CardConnect setup (null when not set up or turned off). */
  setupFor: (companyId: string) => Promise<CardConnectSetup | null>;
  /** The master form's CardConnect mapping (its own, else its template's carried one), the sync's rule. */
  mappingFor: (masterFormId: string) => Promise<{ formKey: string; attribute: string }[]>;
  /** The company's CardConnect connection state (`not_connected` without a row). */
  connectionState: (companyId: string) => Promise<string>;
  forms: FormGrants;
}

/** What one check saw: the statuses, or what went wrong. */
type Observation =
  | { ok: true; boarding: string; signature: string; pending: boolean }
  | { ok: false; error: string; problems: CcStatusProblem[] };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * An application's boarding at CardConnect (issue #24 §1 Status; decision 087). The merchant id is the CardConnect
 * sync's (`integration_syncs.provider_record_id`); a durable poll (pg-boss, the row its queue) asks the provider for
 * the boarding and signature status while not final, with back-off, stores the last answer and each change (and a
 * change of boarding status in the application's history), and answers them on the application.
 */
export function createCcStatusService(deps: CcStatusDeps) {
  const { db, jobs, log, client } = deps;
  const now = () => new Date(deps.now());

  async function enqueue(applicationIds: readonly string[]) {
    if (!applicationIds.length) return;
    await jobs.sendManyOnce(
      CC_POLL_QUEUE,
      applicationIds.map((applicationId) => ({ data: { applicationId }, key: applicationId })),
    );
  }

  /** The refused fields by their form labels (the mapping's field for the attribute), with the attribute's help. */
  async function labelled(applicationId: string, errors: readonly CcApiError[]): Promise<CcStatusProblem[]> {
    const app = await loadApplicationForJob(db, applicationId);
    const mapping = app ? await deps.mappingFor(app.masterFormId) : [];
    const form = app?.form as { components?: unknown } | null | undefined;
    const labels = new Map(
      Array.isArray(form?.components)
        ? mappableFields(form.components as Parameters<typeof mappableFields>[0]).map((f) => [f.key, f.label])
        : [],
    );
    return errors.map((e) => {
      const attribute = CC_ATTRIBUTES.find((a) => a.name === e.errorField);
      const formKey = mapping.find((m) => m.attribute === e.errorField)?.formKey;
      const field = (formKey && labels.get(formKey)) || attribute?.label || e.errorField || CC_STATUS_TEXT.merchantId;
      return { field, message: attribute?.helpText || CC_STATUS_TEXT.invalidData };
    });
  }

  /** Asks the provider for the merchant's boarding and signature status (one token for both calls). */
  async function observe(row: CcStatusRow): Promise<Observation> {
    const setup = await deps.setupFor(row.companyId);
    if (!setup) return { ok: false, error: CC_STATUS_TEXT.notConnected, problems: [] };
    const session = createCardConnectSession(client, setup.credentials, deps.now);
    try {
      const status = await session.run((t) => client.status(t, row.merchantId));
      const signature = await session.run((t) => client.signature(t, row.merchantId));
      return {
        ok: true,
        boarding: status.boardingProcessStatusCd,
        signature: signature.signatureStatusCd,
        pending: status.boardingProcessPendingFlg,
      };
    } catch (err) {
      if (!(err instanceof CardConnectError)) throw err;
      log.warn({ applicationId: row.applicationId, kind: err.kind, status: err.status }, 'cardconnect status check');
      switch (err.kind) {
        case 'invalid_credentials':
        case 'invalid_client':
          return { ok: false, error: CC_STATUS_TEXT.notConnected, problems: [] };
        case 'not_found':
          return { ok: false, error: CC_STATUS_TEXT.unknownMerchant, problems: [] };
        case 'pending':
          return { ok: false, error: CC_STATUS_TEXT.stillProcessing, problems: [] };
        case 'invalid_data':
          return {
            ok: false,
            error: CC_STATUS_TEXT.invalidData,
            problems: await labelled(row.applicationId, err.errors),
          };
        default:
          return { ok: false, error: CC_STATUS_TEXT.unavailable, problems: [] };
      }
    }
  }

  /**
   * Writes what a check saw, in one transaction with the row locked: a change of boarding or signature status is
   * kept in the changes (and a boarding change in the application's history); the next check is scheduled.
   */
  async function record(applicationId: string, seen: Observation) {
    const at = now();
    await db.transaction(async (tx) => {
      const repo = createCcStatusRepository(tx);
      const row = await repo.find(applicationId, true);
      if (!row) return;
      if (!seen.ok) {
        const quietChecks = row.quietChecks + 1;
        // CoPilot still processing a change (409) is looked at again soon, not on the back-off
        const pending = seen.error === CC_STATUS_TEXT.stillProcessing;
        await repo.update(applicationId, {
          pending,
          quietChecks,
          // a final merchant stays final (a refresh that failed changes nothing of it)
          nextCheckAt: row.final
            ? null
            : new Date(at.getTime() + (pending ? PENDING_DELAY_MS : pollDelay(quietChecks))),
          lastCheckedAt: at,
          lastError: seen.error,
          problems: seen.problems,
          updatedAt: at,
        });
        return;
      }
      const changed = seen.boarding !== row.boardingStatusCd || seen.signature !== row.signatureStatusCd;
      const final = isFinalBoarding(seen.boarding);
      const quietChecks = changed ? 0 : row.quietChecks + 1;
      const delay = seen.pending ? PENDING_DELAY_MS : pollDelay(quietChecks);
      await repo.update(applicationId, {
        boardingStatusCd: seen.boarding,
        signatureStatusCd: seen.signature,
        pending: seen.pending,
        final,
        quietChecks,
        nextCheckAt: final ? null : new Date(at.getTime() + delay),
        lastCheckedAt: at,
        ...(changed ? { lastChangedAt: at } : {}),
        lastError: null,
        problems: [],
        updatedAt: at,
      });
      if (!changed) return;
      await repo.addChange({
        applicationId,
        at,
        boardingStatusCd: seen.boarding,
        signatureStatusCd: seen.signature,
      });
      await writeAudit(tx, {
        action: 'application.cardconnect-status',
        actorUserId: null,
        companyId: row.companyId,
        targetType: 'application',
        targetId: applicationId,
        details: { from: row.boardingStatusCd, to: seen.boarding, signature: seen.signature },
      });
    });
  }

  /** One check of a due merchant (the job); a check not due (claimed elsewhere, final) is left alone. */
  async function check(applicationId: string): Promise<void> {
    const at = now();
    const row = await createCcStatusRepository(db).claim(applicationId, at, new Date(at.getTime() + POLL_LEASE_MS));
    if (!row) return;
    await record(applicationId, await observe(row));
  }

  /** Follows a merchant the sync made (idempotent): its first check is queued at once. */
  async function track(m: NewMerchant): Promise<void> {
    if (await createCcStatusRepository(db).track(m, now())) {
      await enqueue([m.applicationId]).catch((err) =>
        log.warn({ applicationId: m.applicationId, err }, 'cardconnect status job not queued'),
      );
    }
  }

  /** Merchants the sync made since (or a crash left unqueued), then the jobs of every due check. */
  async function sweep(): Promise<number> {
    const repo = createCcStatusRepository(db);
    const at = now();
    for (const m of await repo.newMerchants(SWEEP_BATCH)) await repo.track(m, at);
    const due = await repo.listDue(at, SWEEP_BATCH);
    await enqueue(due);
    return due.length;
  }

  async function view(applicationId: string, companyId: string): Promise<CcStatusView> {
    const repo = createCcStatusRepository(db);
    const [row, state] = await Promise.all([repo.find(applicationId), deps.connectionState(companyId)]);
    const configured = state !== 'not_connected';
    if (!row) {
      return {
        configured,
        sent: false,
        merchantId: null,
        boardingStatusCd: null,
        boardingStatus: null,
        signatureStatusCd: null,
        signatureStatus: null,
        final: false,
        pending: false,
        lastCheckedAt: null,
        nextCheckAt: null,
        message: CC_STATUS_TEXT.notSent,
        problems: [],
        history: [],
      };
    }
    const changes = await repo.changes(applicationId, CHANGES_SHOWN);
    return {
      configured,
      sent: true,
      merchantId: row.merchantId,
      boardingStatusCd: row.boardingStatusCd,
      boardingStatus: row.boardingStatusCd ? ccBoardingWords(row.boardingStatusCd) : null,
      signatureStatusCd: row.signatureStatusCd,
      signatureStatus: row.signatureStatusCd ? ccSignatureWords(row.signatureStatusCd) : null,
      final: row.final,
      pending: row.pending,
      lastCheckedAt: iso(row.lastCheckedAt),
      nextCheckAt: row.final ? null : iso(row.nextCheckAt),
      message: row.pending ? CC_STATUS_TEXT.stillProcessing : row.lastError,
      problems: row.problems,
      history: changes.map((c) => ({
        at: c.at.toISOString(),
        boardingStatusCd: c.boardingStatusCd,
        boardingStatus: ccBoardingWords(c.boardingStatusCd),
        signatureStatusCd: c.signatureStatusCd,
        signatureStatus: ccSignatureWords(c.signatureStatusCd),
      })),
    };
  }

  /** The row of a visible application's merchant, following it first when the sync made it since the last sweep. */
  async function followed(applicationId: string): Promise<boolean> {
    const repo = createCcStatusRepository(db);
    const m = await repo.merchantOf(applicationId);
    const row = await repo.find(applicationId);
    if (m && row?.merchantId !== m.merchantId) await track(m);
    return Boolean(m ?? row);
  }

  return {
    /** GET /api/applications/{applicationId}/cc-status: any member who may see the application. */
    async get(opts: { auth: AuthContext; applicationId: string }): Promise<CcStatusView> {
      const { application } = await loadVisibleApplication(db, opts.auth, opts.applicationId, { grants: deps.forms });
      await followed(application.id);
      return view(application.id, application.companyId);
    },

    /**
     * POST /api/applications/{applicationId}/cc-status/refresh: asks the provider now (final or not) and answers
     * what it said; the poll's schedule goes on from this check.
     */
    async refresh(opts: { auth: AuthContext; applicationId: string }): Promise<CcStatusView> {
      const { application } = await loadVisibleApplication(db, opts.auth, opts.applicationId, { grants: deps.forms });
      if (await followed(application.id)) {
        const row = await createCcStatusRepository(db).find(application.id);
        if (row) await record(application.id, await observe(row));
      }
      return view(application.id, application.companyId);
    },

    check,
    track,
    sweep,

    /** At start: merchants made while down are followed and every due check is queued (a lease ended is due). */
    async resume(): Promise<number> {
      try {
        return await sweep();
      } catch (err) {
        log.warn({ err }, 'cardconnect status sweep at start failed');
        return 0;
      }
    },

    /** The poll's worker and its sweep (every minute); jobs queued before a restart are taken by the worker. */
    async register() {
      jobs.defineQueue(CC_POLL_QUEUE, {
        // one waiting job per merchant: the sweep and a new merchant coalesce into it
        policy: 'short',
        // the row schedules the provider's back-off; pg-boss retries only a job whose handler threw (the database)
        retryLimit: 3,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: POLL_LEASE_MS / 1000 + 60,
        batchSize: 5,
      });
      await jobs.register<{ applicationId: string }>(CC_POLL_QUEUE, (data) => check(data.applicationId));
      await jobs.schedule(CC_POLL_SWEEP_QUEUE, '* * * * *', () => sweep().then(() => undefined));
    },
  };
}

export type CcStatusService = ReturnType<typeof createCcStatusService>;
