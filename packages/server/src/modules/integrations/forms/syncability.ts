import { CC_SYNC_WORDS } from '@under/core/integrations/cardconnect-sync-words';
import { ccTrialAt, ccTrialReason } from '@under/core/integrations/cardconnect-trial';
import {
  type IntegrationSyncability,
  SYNCABILITY_WORDS,
  type Syncability,
} from '@under/core/integrations/form-integrations.schema';
import type { IntegrationKind, IntegrationState, SalesforceMapping } from '@under/core/integrations/integrations';
import { SYNC_WORDS } from '@under/core/integrations/sync.schema';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import type { SalesforceConnections, SalesforceMappings } from '../ports';
import { formUses, permitted } from './form-integrations';
import { createFormIntegrationsRepository } from './form-integrations.repository';

/** What the check reads of Salesforce: the company's connection state and the form's mapping (the same ports the sync uses). */
export interface SyncabilityPorts {
  connections: Pick<SalesforceConnections, 'state'>;
  mappings: Pick<SalesforceMappings, 'mappingFor'>;
}

/** The Salesforce verdict with what the sync goes on with: the connection state and the mapping. */
export interface SalesforceVerdict extends IntegrationSyncability {
  state: IntegrationState;
  mapping: SalesforceMapping | null;
}

const STATE_WORDS: Record<Exclude<IntegrationState, 'connected'>, string> = {
  not_connected: SYNC_WORDS.notConnected,
  expired: SYNC_WORDS.expired,
  turned_off: SYNC_WORDS.turnedOff,
};

/**
 * Whether an application can sync to each integration, and why not (decision 078). The ONE check: the sync asks it
 * before every attempt (its first reason becomes the sync's words) and to decide an auto-sync; the platform admin
 * asks it on an application. It reads no provider: the integration permission of the form's template, the form's
 * use of the integration (its config), the company's connection, and the mapping with its CRM mode, in the order a
 * person fixes them.
 */
export function createSyncability(deps: { db: Db; salesforce: () => SyncabilityPorts; now?: Clock }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function salesforce(source: {
    companyId: string;
    customFormId: string;
    masterFormId?: string;
    /** The form's mapping when the caller has just read it (`autoSyncCandidates`): not read again. */
    mapping?: SalesforceMapping | null;
  }): Promise<SalesforceVerdict> {
    const repo = createFormIntegrationsRepository(db);
    const masterFormId =
      source.masterFormId ?? (await repo.companyForms(source.companyId, [source.customFormId]))[0]?.masterFormId;
    const configs = await repo.configs([source.customFormId]);
    const permissions = masterFormId ? await repo.permissions(source.companyId, [masterFormId]) : [];
    const ports = deps.salesforce();
    const state = await ports.connections.state(source.companyId);
    const mapping =
      source.mapping !== undefined ? source.mapping : await ports.mappings.mappingFor(source.customFormId);
    const reasons: string[] = [];
    if (!permitted(permissions[0])) reasons.push(SYNCABILITY_WORDS.notPermitted);
    if (
      !formUses(
        'salesforce',
        configs.find((c) => c.kind === 'salesforce'),
      )
    ) {
      reasons.push(SYNCABILITY_WORDS.formNotUsing);
    }
    if (state !== 'connected') reasons.push(STATE_WORDS[state]);
    if (!mapping) reasons.push(SYNC_WORDS.noMapping);
    return {
      integration: 'salesforce',
      syncable: reasons.length === 0,
      mode: mapping?.mode ?? null,
      reasons,
      state,
      mapping,
    };
  }

  /**
   * The CardConnect verdict (decision 086): the template's permission, the form's config (`activeIntegration`; its
   * `autoSync` is the mode), the company's CardConnect connection, the template's CardConnect mapping, and the
   * company's 30-day trial (decision 090): once over, nothing is sent to CardConnect unless the company is on a paid
   * plan, in words. The sync (sync-to-cc) asks it before every attempt.
   */
  async function cardconnect(source: {
    companyId: string;
    customFormId: string;
    masterFormId?: string;
  }): Promise<IntegrationSyncability & { state: IntegrationState }> {
    const repo = createFormIntegrationsRepository(db);
    const masterFormId =
      source.masterFormId ?? (await repo.companyForms(source.companyId, [source.customFormId]))[0]?.masterFormId;
    const config = (await repo.configs([source.customFormId])).find((c) => c.kind === 'cardconnect');
    const permissions = masterFormId ? await repo.permissions(source.companyId, [masterFormId]) : [];
    const connection = (await repo.connections(source.companyId)).find((c) => c.kind === 'cardconnect');
    const state = (connection?.state as IntegrationState | undefined) ?? 'not_connected';
    const mapped = masterFormId ? await repo.cardConnectMapped(masterFormId) : false;
    const reasons: string[] = [];
    if (!permitted(permissions[0])) reasons.push(SYNCABILITY_WORDS.notPermitted);
    if (!formUses('cardconnect', config)) reasons.push(CC_SYNC_WORDS.formNotUsing);
    if (state === 'turned_off') reasons.push(CC_SYNC_WORDS.turnedOff);
    else if (state !== 'connected') reasons.push(CC_SYNC_WORDS.notConnected);
    if (!mapped) reasons.push(CC_SYNC_WORDS.noMapping);
    const found = await repo.cardconnectTrial(source.companyId);
    const trialEnded = ccTrialReason(ccTrialAt(found?.trial, found?.planStatus, now()));
    if (trialEnded) reasons.push(trialEnded);
    return {
      integration: 'cardconnect',
      syncable: reasons.length === 0,
      mode: config ? (config.autoSync ? 'auto-sync' : 'manual-sync') : null,
      reasons,
      state,
    };
  }

  return {
    salesforce,
    cardconnect,

    /**
     * The integrations that might auto-sync the form's applications, in two cheap reads (decision 094): Salesforce
     * when the form's mapping is in auto-sync, CardConnect when the form's config uses it with `autoSync`. A kind
     * left out here is never syncable *and* auto-sync by the checks above (each needs that mapping or that config),
     * so an auto-sync decision asks the full check only for the kinds named. Answers the mapping read with them.
     */
    async autoSyncCandidates(
      customFormId: string,
    ): Promise<{ kinds: IntegrationKind[]; mapping: SalesforceMapping | null }> {
      const mapping = await deps.salesforce().mappings.mappingFor(customFormId);
      const config = (await createFormIntegrationsRepository(db).configs([customFormId])).find(
        (c) => c.kind === 'cardconnect',
      );
      const kinds: IntegrationKind[] = [];
      if (mapping?.mode === 'auto-sync') kinds.push('salesforce');
      if (config && formUses('cardconnect', config) && config.autoSync) kinds.push('cardconnect');
      return { kinds, mapping };
    },

    /** Every integration's verdict for an application (null: no such application). */
    async forApplication(applicationId: string): Promise<(Syncability & { companyId: string }) | null> {
      const app = await createFormIntegrationsRepository(db).applicationForm(applicationId);
      if (!app) return null;
      const { state: _state, mapping: _mapping, ...sf } = await salesforce(app);
      const { state: _ccState, ...cc } = await cardconnect(app);
      const verdicts = [sf, cc];
      if (app.status === 'draft') {
        for (const verdict of verdicts) {
          verdict.syncable = false;
          verdict.reasons = [SYNCABILITY_WORDS.draft, ...verdict.reasons];
        }
      }
      return { applicationId: app.applicationId, companyId: app.companyId, integrations: verdicts };
    },
  };
}

export type SyncabilityCheck = ReturnType<typeof createSyncability>;
