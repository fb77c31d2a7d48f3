import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@under/core/api/error.schema';
import type { FormDefinition } from '@under/core/forms/form.schema';
import type { IntegrationState } from '@under/core/integrations/integrations';
import type {
  ApplicationKyc,
  KycConnectionView,
  KycCredentialsBody,
  KycSubmission,
  KycSubmissionState,
} from '@under/core/integrations/kyc.schema';
import { type KycOwnerInput, kycOwnersOf, ownerDisplayName } from '@under/core/integrations/kyc-owners';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db, DbOrTx } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import type { KycOwnerRow } from '../../../db/schema/index';
import { AppError, notFound } from '../../../errors';
import type { AfterCommit } from '../../../infra/events/events';
import type { FieldCrypto } from '../../../infra/field-crypto/field-crypto';
import type { Jobs } from '../../../infra/jobs/jobs';
import { isClientAdmin, requireCompanyId } from '../../accounts/tenant';
import {
  type FormGrants,
  loadApplicationForJob,
  loadVisibleApplication,
} from '../../applications/access/visible-application';
import { keptOrTyped, maskedSecret, openSecret } from '../sealed-values';
import type { KycEndpoints } from './kyc.endpoints';
import { type KycCheck, KycError, type KycProvider } from './kyc.port';
import { createKycRepository, KYC, type KycConnectionRow, type KycSubmissionRow } from './kyc.repository';

export const KYC_QUEUE = 'kyc-check';
export const KYC_SWEEP_QUEUE = 'kyc-sweep';
/** Waits between polls of a pending check: 15 s growing to 1 h; after `KYC_MAX_POLLS` the submission fails. */
export const KYC_POLL_DELAYS_MS = [15, 30, 60, 120, 300, 600, 1800, 3600].map((s) => s * 1000);
/** About a week of polling at the longest wait. */
export const KYC_MAX_POLLS = 180;
/** Waits after a failed call (provider down, slow, malformed): 1 min doubling to 8 h; twelve tries, then failed. */
export const KYC_RETRY_DELAYS_MS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 480, 480].map((m) => m * 60_000);
const LEASE_MS = 2 * 60_000;

/** The person fields the provider may name, in the words of the starter dictionary's labels. */
const FIELD_WORDS: Record<string, string> = {
  firstName: 'first name',
  lastName: 'last name',
  dateOfBirth: 'date of birth',
  nationalId: 'Social Security Number',
  address: 'home address',
  reference: 'reference',
};

export const KYC_PROBLEMS = {
  notConnected: 'KYC is not connected: a client ADMINISTRATOR enters the API key.',
  notConfigured: 'KYC is not available on this server (KYC_API_URL is not set).',
  refused: "The KYC provider's address is not allowed by this server's settings.",
  invalidKey: 'The KYC provider refused the API key: a client ADMINISTRATOR enters it again.',
  noOwners: "The application names no owner (owner 1's first and last name).",
  gone: 'The application no longer exists.',
  lost: 'The KYC provider no longer knows this check.',
  unreachable: (tries: number) => `The KYC provider could not be reached (${tries} tries); trying again later.`,
  gaveUp: 'The KYC provider could not be reached for a day; nothing more will be tried.',
  noResult: 'The KYC provider gave no result within a week.',
  refusedFields: (fields: string[]) =>
    fields.length > 0
      ? `The KYC provider refused these details: ${fields.join(', ')}.`
      : "The KYC provider refused the owners' details.",
} as const;

export interface KycServiceDeps {
  db: Db;
  provider: KycProvider;
  endpoints: KycEndpoints;
  fieldCrypto: FieldCrypto;
  jobs: Jobs;
  grants: FormGrants;
  log: FastifyBaseLogger;
  now: Clock;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `persons[1].dateOfBirth` as "Owner 2 date of birth" (names only: a provider's message is never shown). */
function fieldWords(field: string, owners: readonly { ownerNumber: number }[]): string {
  const m = /^persons\[(\d+)\]\.?([A-Za-z]*)/.exec(field);
  if (!m) return field.replace(/[^A-Za-z0-9_.[\] ]/g, '').slice(0, 60);
  const owner = owners[Number(m[1])]?.ownerNumber ?? Number(m[1]) + 1;
  return `Owner ${owner} ${FIELD_WORDS[m[2] ?? ''] ?? 'details'}`;
}

/** The provider's answer merged into the owners' lines (by reference `owner{N}`); the names stay ours. */
function mergeCheck(owners: KycOwnerRow[], check: KycCheck): KycOwnerRow[] {
  return owners.map((o) => {
    const p = check.persons.find((x) => x.reference === `owner${o.ownerNumber}`);
    if (!p || p.outcome === null) return o;
    return { ...o, result: p.outcome, reasons: p.reasons, decidedAt: p.decidedAt };
  });
}

/**
 * KYC: identity checks of an application's owners (issue #24 §3; decision 089).
 * - Started by the `application.signed` event (the last signature) when the form's integration config turns KYC on
 *   (`integrationToActivate: "kyc"`, `activeIntegration`): one submission row per application, written in the
 *   event's delivery transaction (delivered once), its job queued after the commit.
 * - A pg-boss job per submission (one waiting per id) claims the row with a lease and either sends the owners
 *   (decrypted for the call only, the submission id as the provider's idempotency key) or polls the check; the sweep
 *   every minute finds due rows (back-offs, lost jobs, dead workers). Per owner only the name, the result, the
 *   reasons and when are kept.
 * - The company's API key is sealed in `integration_connections` (kind kyc), checked with the provider before it
 *   is kept, answered as a mask to ADMINISTRATORs only.
 */
export function createKycService(deps: KycServiceDeps) {
  const { db, provider, fieldCrypto, jobs, log } = deps;
  const now = () => new Date(deps.now());

  const toApi = (row: KycSubmissionRow): KycSubmission => ({
    id: row.id,
    applicationId: row.applicationId,
    state: row.state as KycSubmissionState,
    owners: row.owners.map((o) => ({
      ownerNumber: o.ownerNumber,
      name: o.name,
      result: o.result,
      reasons: o.reasons,
      decidedAt: o.decidedAt,
    })),
    problem: row.problem,
    createdAt: row.createdAt.toISOString(),
    submittedAt: iso(row.submittedAt),
    completedAt: iso(row.completedAt),
    updatedAt: row.updatedAt.toISOString(),
  });

  function connectionView(row: KycConnectionRow | undefined, masks: boolean): KycConnectionView {
    return {
      state: (row?.state as IntegrationState | undefined) ?? 'not_connected',
      apiKey: row && masks ? maskedSecret(fieldCrypto, row.secrets.apiKey) : null,
      connectedAt: iso(row?.connectedAt ?? null),
    };
  }

  async function enqueue(ids: readonly string[]) {
    await jobs
      .sendManyOnce(
        KYC_QUEUE,
        ids.map((id) => ({ data: { submissionId: id }, key: id })),
      )
      .catch((err) => log.warn({ submissions: ids.length, err }, 'kyc jobs not queued'));
  }

  /** Owners as the provider takes them: the opened answers, used for this call only. */
  async function ownersOf(applicationId: string): Promise<KycOwnerInput[] | null> {
    const found = await loadApplicationForJob(db, applicationId);
    if (!found) return null;
    const form = found.form as unknown as FormDefinition | null;
    const data = found.application.data;
    return kycOwnersOf(form ? fieldCrypto.openData(form, data) : data);
  }

  /** One step of one submission (send or poll); the state it ended in, or null when it was not due. */
  async function runCheck(submissionId: string): Promise<KycSubmissionState | null> {
    const at = now();
    const claimed = await createKycRepository(db).claim(submissionId, at, new Date(at.getTime() + LEASE_MS));
    if (!claimed) return null;
    const attempt = claimed.attempts;
    let owners = claimed.owners;
    let state = claimed.state as KycSubmissionState;
    const finish = async (set: Parameters<ReturnType<typeof createKycRepository>['finish']>[2]) => {
      state = (set.state as KycSubmissionState | undefined) ?? state;
      const mine = await createKycRepository(db).finish(claimed.id, attempt, set);
      // the next step's job at its time (the minute's sweep is the safety net)
      if (mine && set.nextAttemptAt && (state === 'queued' || state === 'pending')) {
        const seconds = Math.max(1, (set.nextAttemptAt.getTime() - now().getTime()) / 1000);
        await jobs
          .sendOnce(
            KYC_QUEUE,
            { submissionId: claimed.id },
            { key: `${claimed.id}:${attempt}`, startAfterSeconds: seconds },
          )
          .catch((err) => log.warn({ submissionId: claimed.id, err }, 'kyc next step not queued'));
      }
      return state;
    };
    const fail = (problem: string) => finish({ state: 'failed', problem, updatedAt: now() });
    try {
      const connection = await createKycRepository(db).findConnection(claimed.companyId);
      const apiKey = connection?.state === 'connected' ? openSecret(fieldCrypto, connection.secrets.apiKey) : undefined;
      if (!apiKey) return await fail(KYC_PROBLEMS.notConnected);
      let check: KycCheck;
      let submittedAt = claimed.submittedAt;
      if (!claimed.providerCheckId) {
        const inputs = await ownersOf(claimed.applicationId);
        if (inputs === null) return await fail(KYC_PROBLEMS.gone);
        if (inputs.length === 0) return await fail(KYC_PROBLEMS.noOwners);
        owners = inputs.map((o) => ({
          ownerNumber: o.ownerNumber,
          name: ownerDisplayName(o),
          result: null,
          reasons: [],
          decidedAt: null,
        }));
        try {
          check = await provider.submit(apiKey, {
            reference: claimed.id,
            persons: inputs.map((o) => ({
              reference: `owner${o.ownerNumber}`,
              firstName: o.firstName,
              lastName: o.lastName,
              dateOfBirth: o.dateOfBirth,
              ssn: o.ssn,
              address: o.address,
            })),
          });
        } catch (err) {
          if (err instanceof KycError && err.kind === 'invalid_request') {
            return await fail(KYC_PROBLEMS.refusedFields(err.fields.map((f) => fieldWords(f, inputs))));
          }
          throw err;
        }
        submittedAt = at;
      } else {
        check = await provider.check(apiKey, claimed.providerCheckId);
      }
      owners = mergeCheck(owners, check);
      const decided = check.status === 'completed' && owners.every((o) => o.result !== null);
      if (decided) {
        return await finish({
          state: 'completed',
          providerCheckId: check.id,
          owners,
          problem: null,
          failures: 0,
          submittedAt,
          completedAt: at,
          updatedAt: now(),
        });
      }
      const polls = claimed.providerCheckId ? claimed.polls + 1 : 0;
      if (polls >= KYC_MAX_POLLS) return await fail(KYC_PROBLEMS.noResult);
      const wait = KYC_POLL_DELAYS_MS[Math.min(polls, KYC_POLL_DELAYS_MS.length - 1)] as number;
      return await finish({
        state: 'pending',
        providerCheckId: check.id,
        owners,
        problem: null,
        failures: 0,
        polls,
        submittedAt,
        nextAttemptAt: new Date(at.getTime() + wait),
        updatedAt: now(),
      });
    } catch (err) {
      if (err instanceof KycError) {
        log.info({ submissionId, kind: err.kind, status: err.status }, 'kyc call not taken');
        if (err.kind === 'invalid_key') return await fail(KYC_PROBLEMS.invalidKey);
        if (err.kind === 'not_configured') return await fail(KYC_PROBLEMS.notConfigured);
        if (err.kind === 'refused') return await fail(KYC_PROBLEMS.refused);
        if (err.kind === 'not_found') return await fail(KYC_PROBLEMS.lost);
        if (err.kind === 'invalid_request') return await fail(KYC_PROBLEMS.refusedFields([]));
      } else {
        log.warn({ submissionId, err }, 'kyc step failed');
      }
      // unavailable (5xx, 429, slow, malformed) or our own failure: the same step again after a back-off
      const failures = claimed.failures + 1;
      const delay = KYC_RETRY_DELAYS_MS[failures - 1];
      if (delay === undefined) return await fail(KYC_PROBLEMS.gaveUp);
      return await finish({
        failures,
        problem: KYC_PROBLEMS.unreachable(failures),
        nextAttemptAt: new Date(at.getTime() + delay),
        updatedAt: now(),
      });
    }
  }

  /** Every due submission gets its job (one waiting per submission): back-offs come due, lost jobs, dead workers. */
  async function sweep(): Promise<number> {
    const ids = await createKycRepository(db).listDue(now(), 500);
    await enqueue(ids);
    return ids.length;
  }

  return {
    runCheck,
    sweep,

    /**
     * The `application.signed` subscriber: on the last signature, when the form's config turns KYC on, one
     * submission (a second delivery or signature round changes nothing); its job after the commit.
     */
    async onSigned(tx: DbOrTx, event: { applicationId: string; allSigned: boolean }): Promise<AfterCommit | undefined> {
      if (!event.allSigned) return undefined;
      const repo = createKycRepository(tx);
      const facts = await repo.signedFacts(event.applicationId);
      if (!facts?.kycOn) return undefined;
      const at = now();
      const id = randomUUID();
      const inserted = await repo.insertSubmission({
        id,
        applicationId: event.applicationId,
        companyId: facts.companyId,
        state: 'queued',
        owners: [],
        nextAttemptAt: at,
        createdAt: at,
        updatedAt: at,
      });
      return inserted ? () => enqueue([id]) : undefined;
    },

    /** GET /api/kyc/submissions/{id}?applicationId=: the application must be visible to the caller (else 404). */
    async submission(opts: { auth: AuthContext; id: string; applicationId: string }): Promise<KycSubmission> {
      await loadVisibleApplication(db, opts.auth, opts.applicationId, { grants: deps.grants });
      const row = await createKycRepository(db).find(opts.id, opts.applicationId);
      if (!row) throw notFound();
      return toApi(row);
    },

    /** GET /api/applications/{applicationId}/kyc: the application's submission, or null. */
    async forApplication(opts: { auth: AuthContext; applicationId: string }): Promise<ApplicationKyc> {
      await loadVisibleApplication(db, opts.auth, opts.applicationId, { grants: deps.grants });
      const row = await createKycRepository(db).findByApplication(opts.applicationId);
      return { submission: row ? toApi(row) : null };
    },

    /** GET /api/companies/kyc: the state for any member; the key's mask for an ADMINISTRATOR only. */
    async connection(opts: { auth: AuthContext }): Promise<KycConnectionView> {
      const row = await createKycRepository(db).findConnection(requireCompanyId(opts.auth));
      return connectionView(row, isClientAdmin(opts.auth));
    },

    /**
     * POST /api/companies/kyc: the key (its mask sent back: the stored one) is checked with the provider before it
     * is kept; then sealed and connected.
     */
    async connect(opts: { auth: AuthContext; body: KycCredentialsBody }): Promise<KycConnectionView> {
      const companyId = requireCompanyId(opts.auth);
      const current = await createKycRepository(db).findConnection(companyId);
      const apiKey = keptOrTyped(fieldCrypto, opts.body.apiKey, current?.secrets.apiKey);
      if (apiKey === null) {
        throw new AppError(ERROR_CODES.validation, 'Enter the API key again.', [
          { path: 'apiKey', message: 'Enter it again: the value shown is only its mask.' },
        ]);
      }
      try {
        await provider.verifyKey(apiKey);
      } catch (err) {
        if (!(err instanceof KycError)) throw err;
        log.warn({ kind: err.kind, status: err.status }, 'kyc key check refused');
        if (err.kind === 'invalid_key') {
          throw new AppError(ERROR_CODES.validation, 'The KYC provider refused this API key.', [
            { path: 'apiKey', message: 'The KYC provider refused this API key.' },
          ]);
        }
        if (err.kind === 'not_configured') {
          throw new AppError(ERROR_CODES.integrationNotAvailable, KYC_PROBLEMS.notConfigured);
        }
        if (err.kind === 'refused') throw new AppError(ERROR_CODES.integrationNotAvailable, KYC_PROBLEMS.refused);
        throw new AppError(ERROR_CODES.integrationFailed);
      }
      const at = now();
      const row = await db.transaction(async (tx) => {
        const saved = await createKycRepository(tx).upsertConnection({
          companyId,
          state: 'connected',
          secrets: { apiKey: fieldCrypto.encryptValue(apiKey) },
          instanceUrl: deps.endpoints.apiUrl,
          connectedAt: at,
          connectedBy: opts.auth.userId,
          expiredAt: null,
          turnedOffAt: null,
          turnedOffBy: null,
          updatedAt: at,
        });
        await writeAudit(tx, {
          action: 'integration.connect',
          actorUserId: opts.auth.userId,
          companyId,
          targetType: 'company',
          targetId: companyId,
          details: { kind: KYC, instanceHost: deps.endpoints.apiUrl ? new URL(deps.endpoints.apiUrl).host : '' },
        });
        return saved;
      });
      return connectionView(row, true);
    },

    /** The worker and the sweep (every minute). */
    async register() {
      jobs.defineQueue(KYC_QUEUE, {
        policy: 'short',
        // the row schedules the provider's retries; pg-boss retries only a job whose handler threw (the database)
        retryLimit: 3,
        retryDelay: 30,
        retryBackoff: true,
        expireInSeconds: LEASE_MS / 1000 + 60,
        batchSize: 10,
      });
      await jobs.register<{ submissionId: string }>(KYC_QUEUE, async (data) => {
        await runCheck(data.submissionId);
      });
      await jobs.schedule(KYC_SWEEP_QUEUE, '* * * * *', () => sweep().then(() => undefined));
    },

    /** At start: every due submission is queued (a restart does not wait for the minute's sweep). */
    async resume(): Promise<number> {
      try {
        return await sweep();
      } catch (err) {
        log.warn({ err }, 'kyc sweep at start failed');
        return 0;
      }
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
