import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  applications,
  cardConnectMappings,
  cardConnectTemplateMappings,
  cardConnectTrials,
  customForms,
  integrationConfigs,
  integrationConnections,
  integrationPermissions,
  masterForms,
  salesforceMappings,
  subscriptions,
} from '../../../db/schema/index';

export interface FormRow {
  id: string;
  companyId: string;
  masterFormId: string;
  status: string;
}

/**
 * What the custom forms' integrations and the syncability check read (decision 078): forms, their integration
 * configs, the company's integration permissions, mappings and connections. The only Drizzle code of this folder.
 */
export function createFormIntegrationsRepository(db: DbOrTx) {
  const formColumns = {
    id: customForms.id,
    companyId: customForms.companyId,
    masterFormId: customForms.masterFormId,
    status: customForms.status,
  };
  return {
    /** The company's forms among these ids (others' are absent). */
    async companyForms(companyId: string, ids: string[]): Promise<FormRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(formColumns)
        .from(customForms)
        .where(and(eq(customForms.companyId, companyId), inArray(customForms.id, ids)));
    },

    /** The company's form, locked for a change of its integrations. */
    async lockCompanyForm(companyId: string, id: string): Promise<FormRow | undefined> {
      const [row] = await db
        .select(formColumns)
        .from(customForms)
        .where(and(eq(customForms.companyId, companyId), eq(customForms.id, id)))
        .for('update');
      return row;
    },

    /** An application's company, form, template and status (for the syncability check). */
    async applicationForm(applicationId: string) {
      const [row] = await db
        .select({
          applicationId: applications.id,
          companyId: applications.companyId,
          status: applications.status,
          customFormId: customForms.id,
          masterFormId: customForms.masterFormId,
        })
        .from(applications)
        .innerJoin(customForms, eq(customForms.id, applications.customFormId))
        .where(eq(applications.id, applicationId))
        .limit(1);
      return row;
    },

    async configs(formIds: string[]) {
      if (formIds.length === 0) return [];
      return db
        .select({
          formId: integrationConfigs.formId,
          kind: integrationConfigs.integrationToActivate,
          activeIntegration: integrationConfigs.activeIntegration,
          autoSync: integrationConfigs.autoSync,
        })
        .from(integrationConfigs)
        .where(inArray(integrationConfigs.formId, formIds));
    },

    /** The company's permission rows for these templates (master forms). */
    async permissions(companyId: string, templateIds: string[]) {
      if (templateIds.length === 0) return [];
      return db
        .select({
          templateId: integrationPermissions.templateId,
          templateStatus: integrationPermissions.templateStatus,
        })
        .from(integrationPermissions)
        .where(
          and(eq(integrationPermissions.companyId, companyId), inArray(integrationPermissions.templateId, templateIds)),
        );
    },

    async mappings(formIds: string[]) {
      if (formIds.length === 0) return [];
      return db
        .select({ formId: salesforceMappings.customFormId, mode: salesforceMappings.mode })
        .from(salesforceMappings)
        .where(inArray(salesforceMappings.customFormId, formIds));
    },

    /** The company's CardConnect trial (decision 090) with its plan's status; undefined before it started. */
    async cardconnectTrial(companyId: string) {
      const [row] = await db
        .select({ trial: cardConnectTrials, planStatus: subscriptions.status })
        .from(cardConnectTrials)
        .leftJoin(subscriptions, eq(subscriptions.companyId, cardConnectTrials.companyId))
        .where(eq(cardConnectTrials.companyId, companyId))
        .limit(1);
      return row;
    },

    /**
     * Whether the master form has a CardConnect mapping with at least one line (decision 086): its own, else the one
     * its template carries from a clone with isCloneCcMapper (decision 090), as the sync's mapping is found.
     */
    async cardConnectMapped(masterFormId: string): Promise<boolean> {
      const [own] = await db
        .select({ fields: cardConnectMappings.fields })
        .from(cardConnectMappings)
        .where(eq(cardConnectMappings.masterFormId, masterFormId))
        .limit(1);
      if (own) return own.fields.length > 0;
      const [carried] = await db
        .select({ fields: cardConnectTemplateMappings.fields })
        .from(masterForms)
        .innerJoin(cardConnectTemplateMappings, eq(cardConnectTemplateMappings.templateId, masterForms.templateId))
        .where(eq(masterForms.id, masterFormId))
        .limit(1);
      return (carried?.fields.length ?? 0) > 0;
    },

    async connections(companyId: string) {
      return db
        .select({ kind: integrationConnections.kind, state: integrationConnections.state })
        .from(integrationConnections)
        .where(eq(integrationConnections.companyId, companyId));
    },

    /**
     * Turns one integration on or off for a form: its config's `activeIntegration` (a config made here has no
     * credentials, manual sync), and the form's `integrations` answer kept equal to it.
     */
    async setActive(values: { companyId: string; formId: string; kind: string; active: boolean; at: Date }) {
      await db
        .insert(integrationConfigs)
        .values({
          companyId: values.companyId,
          formId: values.formId,
          integrationToActivate: values.kind,
          activeIntegration: values.active,
          updatedAt: values.at,
        })
        .onConflictDoUpdate({
          target: [integrationConfigs.formId, integrationConfigs.integrationToActivate],
          set: { activeIntegration: values.active, updatedAt: values.at },
        });
    },

    async setFormIntegrations(formId: string, integrations: Record<string, boolean>, at: Date) {
      await db.update(customForms).set({ integrations, updatedAt: at }).where(eq(customForms.id, formId));
    },
  };
}

export type FormIntegrationsRepository = ReturnType<typeof createFormIntegrationsRepository>;
