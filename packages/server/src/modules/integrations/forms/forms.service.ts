import { ERROR_CODES } from '@under/core/api/error.schema';
import { planAllows } from '@under/core/billing/plan-features';
import type {
  FormIntegrationStatusList,
  FormIntegrations,
  Syncability,
} from '@under/core/integrations/form-integrations.schema';
import type { IntegrationKind, IntegrationState } from '@under/core/integrations/integrations';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db, DbOrTx } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import { createCompaniesRepository } from '../../../db/repositories/companies.repository';
import { AppError, notFound } from '../../../errors';
import { requireCompanyId } from '../../accounts/tenant';
import type { FormGrants } from '../../applications/access/visible-application';
import { formIntegrations, integrationsMap } from './form-integrations';
import { createFormIntegrationsRepository, type FormRow } from './form-integrations.repository';
import { requireIntegrationPermitted } from './permissions';
import { createSyncability, type SyncabilityPorts } from './syncability';

/**
 * The custom forms' integrations (issue #23 §3; decision 078): `PATCH …/integrations` (client ADMINISTRATOR),
 * the integration status list (members, their granted forms), and the platform admin's syncability check.
 */
export function createFormIntegrationsService(deps: {
  db: Db;
  grants: FormGrants;
  now: Clock;
  salesforce: () => SyncabilityPorts;
}) {
  const { db, now } = deps;
  const syncability = createSyncability({ db, salesforce: deps.salesforce, now });

  /** The forms' integrations, read in a few queries whatever the number of forms. */
  async function statusOf(tx: DbOrTx, companyId: string, forms: FormRow[]): Promise<FormIntegrations[]> {
    const repo = createFormIntegrationsRepository(tx);
    const ids = forms.map((f) => f.id);
    const configs = await repo.configs(ids);
    const permissions = await repo.permissions(companyId, [...new Set(forms.map((f) => f.masterFormId))]);
    const mappings = await repo.mappings(ids);
    const states: Partial<Record<string, IntegrationState>> = Object.fromEntries(
      (await repo.connections(companyId)).map((c) => [c.kind, c.state as IntegrationState]),
    );
    return forms.map((form) => ({
      customFormId: form.id,
      integrations: formIntegrations({
        configs: configs.filter((c) => c.formId === form.id),
        permission: permissions.find((p) => p.templateId === form.masterFormId),
        states,
        salesforceMode: mappings.find((m) => m.formId === form.id)?.mode ?? null,
      }),
    }));
  }

  /** The caller's forms among these ids: another company's, or a template a STANDARD member was not granted, are absent. */
  async function visibleForms(auth: AuthContext, ids: string[]): Promise<FormRow[]> {
    const companyId = requireCompanyId(auth);
    const forms = await createFormIntegrationsRepository(db).companyForms(companyId, [...new Set(ids)]);
    const granted = await deps.grants.grantedMasterFormIds({ auth });
    return granted ? forms.filter((f) => granted.includes(f.masterFormId)) : forms;
  }

  return {
    /**
     * PATCH /api/custom_forms/{customFormId}/integrations: turns integrations on or off for one of the caller's
     * forms (another company's is 404, nothing changed). Turning one on needs the template's integration
     * permission (403 in words) and, for Salesforce, the plan's CRM flag; turning off is always allowed.
     */
    async setIntegrations(opts: {
      auth: AuthContext;
      customFormId: string;
      integrations: Partial<Record<IntegrationKind, boolean>>;
    }): Promise<FormIntegrations> {
      const companyId = requireCompanyId(opts.auth);
      const changes = Object.entries(opts.integrations) as [IntegrationKind, boolean][];
      if (opts.integrations.salesforce) {
        const found = await createCompaniesRepository(db).findCompanyWithMembership(companyId);
        if (!planAllows(found?.membership, 'crm')) throw new AppError(ERROR_CODES.upgradeRequired);
      }
      return db.transaction(async (tx) => {
        const repo = createFormIntegrationsRepository(tx);
        const form = await repo.lockCompanyForm(companyId, opts.customFormId);
        if (!form) throw notFound();
        if (form.status === 'archived') throw new AppError(ERROR_CODES.customFormArchived);
        if (changes.some(([, on]) => on)) await requireIntegrationPermitted(tx, companyId, form.masterFormId);
        const at = new Date(now());
        for (const [kind, active] of changes) await repo.setActive({ companyId, formId: form.id, kind, active, at });
        const [status] = await statusOf(tx, companyId, [form]);
        if (!status) throw notFound();
        const configs = await repo.configs([form.id]);
        await repo.setFormIntegrations(form.id, integrationsMap(status.integrations, configs), at);
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          companyId,
          action: 'custom-form.integrations',
          targetType: 'custom-form',
          targetId: form.id,
          details: { integrations: Object.fromEntries(changes) },
        });
        return status;
      });
    },

    /** POST /api/custom_forms/integration_status: each of the caller's forms among the ids (others answer nothing). */
    async statusList(opts: { auth: AuthContext; customFormIds: string[] }): Promise<FormIntegrationStatusList> {
      const forms = await visibleForms(opts.auth, opts.customFormIds);
      const items = await statusOf(db, requireCompanyId(opts.auth), forms);
      const order = new Map(opts.customFormIds.map((id, i) => [id, i]));
      items.sort((a, b) => (order.get(a.customFormId) ?? 0) - (order.get(b.customFormId) ?? 0));
      return { items };
    },

    /** POST /api/admin/applications/{applicationId}/syncability?companyId=: an application of that company, else 404. */
    async syncability(opts: { applicationId: string; companyId: string }): Promise<Syncability> {
      const found = await syncability.forApplication(opts.applicationId);
      if (!found || found.companyId !== opts.companyId) throw notFound();
      return { applicationId: found.applicationId, integrations: found.integrations };
    },
  };
}

export type FormIntegrationsService = ReturnType<typeof createFormIntegrationsService>;
