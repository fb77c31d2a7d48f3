import { ERROR_CODES } from '@under/core/api/error.schema';
import type { IntegrationState } from '@under/core/integrations/integrations';
import { mappableFields } from '@under/core/integrations/salesforce-mapping';
import {
  VANTIV_MESSAGES,
  type VantivCredentialsBody,
  type VantivOutcome,
  type VantivStageResult,
  type VantivView,
} from '@under/core/integrations/vantiv.schema';
import { buildVantivMerchant } from '@under/core/integrations/vantiv-mapping';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import { AppError } from '../../../errors';
import type { FieldCrypto } from '../../../infra/field-crypto/field-crypto';
import { OutboundRefused } from '../../../infra/outbound/outbound';
import { isClientAdmin, requireCompanyId } from '../../accounts/tenant';
import { type FormGrants, loadVisibleApplication } from '../../applications/access/visible-application';
import { keptOrTyped, maskedSecret, openSecret } from '../sealed-values';
import { type VantivClient, type VantivCredentials, VantivError } from './vantiv.client';
import {
  createVantivRepository,
  type VantivConnectionRow,
  type VantivStagingRow,
  type VantivStagingValues,
  WORLDPAY,
} from './vantiv.repository';

export interface VantivServiceDeps {
  db: Db;
  fieldCrypto: FieldCrypto;
  client: VantivClient;
  apiUrl: string;
  grants: FormGrants;
  now: Clock;
  log: FastifyBaseLogger;
}

const FIELDS = ['username', 'password'] as const;
type Field = (typeof FIELDS)[number];

const WORDS: Record<VantivOutcome, string> = {
  staged: VANTIV_MESSAGES.staged,
  already_staged: VANTIV_MESSAGES.alreadyStaged,
  for_review: VANTIV_MESSAGES.forReview,
  errors: VANTIV_MESSAGES.errors,
};

/** Worldpay's texts with every sealed value it may quote replaced by "[removed]", digits matched across separators. */
export function scrub(texts: string[], secrets: (string | undefined)[]): string[] {
  const patterns = secrets
    .filter((s): s is string => !!s && s.length >= 4)
    .map((v) => {
      const digits = v.replace(/\D/g, '');
      // a number is found however Worldpay spells it back: 123456789, 123-45-6789, 12 3456 789
      if (digits.length >= 4 && digits.length === v.replace(/[\s.-]/g, '').length) {
        return new RegExp(digits.split('').join('[\\s.-]?'), 'g');
      }
      return new RegExp(v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g');
    });
  return texts.map((t) => patterns.reduce((acc, re) => acc.replace(re, '[removed]'), t));
}

/**
 * Worldpay/Vantiv (issue #24 §2; decision 088): the company's PayFac credentials kept sealed in
 * `integration_connections` (kind `worldpay`), answered as masks only, write-only as CardConnect's; and the staging of
 * an application's merchant: a legal entity, then (when Worldpay approves it, responseCode 10) a sub-merchant. The
 * provider's ids and the outcome in words are stored with the audit event in one transaction, after the calls (no
 * transaction is open while Worldpay answers). A repeated stage is safe: Worldpay answers `duplicate="true"` for the
 * same legal entity and sub-merchant, which is "already staged".
 */
export function createVantivService(deps: VantivServiceDeps) {
  const { db, fieldCrypto, client, now, log } = deps;

  function viewOf(row: VantivConnectionRow | undefined, masks: boolean): VantivView {
    const mask = (f: Field) => (row && masks ? maskedSecret(fieldCrypto, row.secrets[f]) : null);
    return {
      state: (row?.state as IntegrationState | undefined) ?? 'not_connected',
      username: mask('username'),
      password: mask('password'),
      connectedAt: row?.connectedAt?.toISOString() ?? null,
    };
  }

  function resultOf(applicationId: string, row: VantivStagingRow | undefined): VantivStageResult {
    const outcome = (row?.outcome as VantivOutcome | undefined) ?? null;
    return {
      applicationId,
      outcome,
      message: outcome ? WORDS[outcome] : null,
      legalEntityId: row?.legalEntityId ?? null,
      subMerchantId: row?.subMerchantId ?? null,
      responseCode: row?.responseCode ?? null,
      responseDescription: row?.responseDescription ?? null,
      problems: row?.problems ?? [],
      stagedAt: row?.stagedAt.toISOString() ?? null,
    };
  }

  async function credentialsOf(companyId: string): Promise<VantivCredentials> {
    const row = await createVantivRepository(db).findConnection(companyId);
    if (!row || row.state === 'not_connected') {
      throw new AppError(ERROR_CODES.integrationNotConnected, VANTIV_MESSAGES.notConnected);
    }
    if (row.state !== 'connected') throw new AppError(ERROR_CODES.integrationTurnedOff, VANTIV_MESSAGES.turnedOff);
    const username = openSecret(fieldCrypto, row.secrets.username);
    const password = openSecret(fieldCrypto, row.secrets.password);
    if (!username || !password) throw new AppError(ERROR_CODES.integrationNotConnected, VANTIV_MESSAGES.notConnected);
    return { username, password };
  }

  /** Worldpay's refusals and faults in words; nothing of its answer is reflected. */
  function providerFailure(err: unknown): never {
    if (err instanceof OutboundRefused) {
      log.warn({ reason: err.reason }, 'worldpay refused by the outbound rules');
      throw new AppError(ERROR_CODES.integrationFailed);
    }
    if (err instanceof VantivError && err.kind === 'refused') {
      throw new AppError(ERROR_CODES.integrationFailed, VANTIV_MESSAGES.refused);
    }
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'worldpay staging failed');
    throw new AppError(ERROR_CODES.integrationFailed);
  }

  return {
    /** GET /api/companies/vantiv: the state; the masks for a client ADMINISTRATOR only. */
    async get(opts: { auth: AuthContext }): Promise<VantivView> {
      const row = await createVantivRepository(db).findConnection(requireCompanyId(opts.auth));
      return viewOf(row, isClientAdmin(opts.auth));
    },

    /**
     * POST /api/companies/vantiv: kept sealed and turned on; a mask sent back means "unchanged". Worldpay's API has
     * no call that only checks credentials, so they are checked by the first stage (a refusal says so in words).
     */
    async integrate(opts: { auth: AuthContext; body: VantivCredentialsBody }): Promise<VantivView> {
      const companyId = requireCompanyId(opts.auth);
      const current = await createVantivRepository(db).findConnection(companyId);
      const values = {} as Record<Field, string>;
      for (const f of FIELDS) {
        const kept = keptOrTyped(fieldCrypto, opts.body[f], current?.secrets[f]);
        if (kept === null) {
          throw new AppError(ERROR_CODES.validation, 'Enter the credential again.', [
            { path: f, message: 'Enter it again: the value shown is only its mask.' },
          ]);
        }
        values[f] = kept;
      }
      const at = new Date(now());
      const row = await db.transaction(async (tx) => {
        const saved = await createVantivRepository(tx).upsertConnection({
          companyId,
          state: 'connected',
          secrets: Object.fromEntries(FIELDS.map((f) => [f, fieldCrypto.encryptValue(values[f])])),
          domain: null,
          instanceUrl: deps.apiUrl,
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
          details: { kind: WORLDPAY, instanceHost: new URL(deps.apiUrl).host },
        });
        return saved;
      });
      return viewOf(row, true);
    },

    /** GET /api/vantiv/stage/{applicationId}: the last staging of an application the caller may see. */
    async lastStage(opts: { auth: AuthContext; applicationId: string }): Promise<VantivStageResult> {
      const visible = await loadVisibleApplication(db, opts.auth, opts.applicationId, { grants: deps.grants });
      return resultOf(visible.application.id, await createVantivRepository(db).findStaging(visible.application.id));
    },

    /** POST /api/vantiv/stage {applicationId}. */
    async stage(opts: { auth: AuthContext; applicationId: string }): Promise<VantivStageResult> {
      const companyId = requireCompanyId(opts.auth);
      const visible = await loadVisibleApplication(db, opts.auth, opts.applicationId, { grants: deps.grants });
      const creds = await credentialsOf(companyId);
      const { application, form } = visible;
      if (!form) throw new AppError(ERROR_CODES.applicationNotFound);
      const data = fieldCrypto.openData(form, application.data);
      const labels = new Map(mappableFields(form.components).map((f) => [f.key, f.label]));
      const built = buildVantivMerchant({
        applicationId: application.id,
        data,
        labelOf: (key) => labels.get(key) ?? key,
      });
      const previous = await createVantivRepository(db).findStaging(application.id);
      let result: Omit<VantivStagingValues, 'stagedAt'>;
      const base = { applicationId: application.id, companyId, stagedBy: opts.auth.userId };
      if (!built.ok) {
        result = {
          ...base,
          outcome: 'errors',
          legalEntityId: previous?.legalEntityId ?? null,
          subMerchantId: previous?.subMerchantId ?? null,
          responseCode: previous?.responseCode ?? null,
          responseDescription: previous?.responseDescription ?? null,
          problems: [VANTIV_MESSAGES.cannotSend, ...built.problems],
        };
      } else {
        // what an error text must never carry: the encrypted answers sent (SSN, EIN, bank numbers) and the birth date
        const sealed = [
          built.legalEntity.principal.ssn,
          built.legalEntity.taxId,
          built.legalEntity.principal.dateOfBirth,
          built.subMerchant.bankAccountNumber,
          built.subMerchant.bankRoutingNumber,
        ];
        const described = (text: string | null) => (text === null ? null : (scrub([text], sealed)[0] ?? null));
        let legal: Awaited<ReturnType<VantivClient['createLegalEntity']>> | undefined;
        try {
          legal = await client.createLegalEntity(creds, built.legalEntity);
          if (legal.responseCode !== 10) {
            result = {
              ...base,
              outcome: 'for_review',
              legalEntityId: legal.legalEntityId,
              subMerchantId: null,
              responseCode: legal.responseCode,
              responseDescription: described(legal.responseDescription),
              problems: [],
            };
          } else {
            const sub = await client.createSubMerchant(creds, legal.legalEntityId, built.subMerchant);
            result = {
              ...base,
              outcome: legal.duplicate && sub.duplicate ? 'already_staged' : 'staged',
              legalEntityId: legal.legalEntityId,
              subMerchantId: sub.subMerchantId,
              responseCode: legal.responseCode,
              responseDescription: described(legal.responseDescription),
              problems: [],
            };
          }
        } catch (err) {
          if (!(err instanceof VantivError && err.kind === 'invalid')) providerFailure(err);
          result = {
            ...base,
            outcome: 'errors',
            legalEntityId: legal?.legalEntityId ?? previous?.legalEntityId ?? null,
            subMerchantId: previous?.subMerchantId ?? null,
            responseCode: legal?.responseCode ?? previous?.responseCode ?? null,
            responseDescription: legal ? described(legal.responseDescription) : (previous?.responseDescription ?? null),
            problems: scrub(err.errors.length > 0 ? err.errors : ['Worldpay refused the request.'], sealed),
          };
        }
      }
      const at = new Date(now());
      const row = await db.transaction(async (tx) => {
        const saved = await createVantivRepository(tx).saveStaging({ ...result, stagedAt: at });
        await writeAudit(tx, {
          action: 'integration.vantiv-stage',
          actorUserId: opts.auth.userId,
          companyId,
          targetType: 'application',
          targetId: application.id,
          details: {
            outcome: saved.outcome,
            legalEntityId: saved.legalEntityId,
            subMerchantId: saved.subMerchantId,
            responseCode: saved.responseCode,
            problems: saved.problems.length,
          },
        });
        return saved;
      });
      return resultOf(application.id, row);
    },
  };
}

export type VantivService = ReturnType<typeof createVantivService>;
