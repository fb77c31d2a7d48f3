import { z } from 'zod';
import { CrmModeSchema, IntegrationKindSchema, IntegrationStateSchema } from './integrations';

/**
 * A custom form's integrations (issue #23 §3; decision 078): which integrations the form uses (its integration
 * configs' `activeIntegration`), whether the platform lets the company's forms of its template use them (the
 * integration permissions), the company's connection, the mapping and the CRM mode; and an application's
 * syncability, which the sync checks before it runs.
 */

/** `PATCH /api/custom_forms/{customFormId}/integrations`: turns integrations on or off for the form. */
export const FormIntegrationsBodySchema = z.strictObject({
  integrations: z
    .partialRecord(IntegrationKindSchema, z.boolean())
    .refine((m) => Object.keys(m).length > 0, 'Name at least one integration'),
});
export type FormIntegrationsBody = z.infer<typeof FormIntegrationsBodySchema>;

/** One integration of one custom form. */
export const FormIntegrationSchema = z.object({
  integration: IntegrationKindSchema,
  /** The form uses it (its config's activeIntegration; Salesforce without a config: once the form is mapped). */
  active: z.boolean(),
  /** The platform allows integrations for the company's forms of this form's template (integration permission). */
  permitted: z.boolean(),
  /** The company's connection. */
  state: IntegrationStateSchema,
  /** The form has a mapping for it. */
  mapped: z.boolean(),
  /** Auto-sync or manual-sync (Salesforce: the mapping's CRM mode; null without a mapping). */
  mode: CrmModeSchema.nullable(),
});
export type FormIntegration = z.infer<typeof FormIntegrationSchema>;

export const FormIntegrationsSchema = z.object({
  customFormId: z.string(),
  integrations: z.array(FormIntegrationSchema),
});
export type FormIntegrations = z.infer<typeof FormIntegrationsSchema>;

/** At most this many forms per status list call. */
export const FORM_INTEGRATION_STATUS_MAX = 100;

/** `POST /api/custom_forms/integration_status`: the caller's forms among these; other ids answer nothing. */
export const FormIntegrationStatusBodySchema = z.strictObject({
  customFormIds: z.array(z.uuid()).min(1).max(FORM_INTEGRATION_STATUS_MAX),
});
export const FormIntegrationStatusListSchema = z.object({ items: z.array(FormIntegrationsSchema) });
export type FormIntegrationStatusList = z.infer<typeof FormIntegrationStatusListSchema>;

/** One integration's verdict for one application: syncable or not, and why not, in words a person can act on. */
export const IntegrationSyncabilitySchema = z.object({
  integration: IntegrationKindSchema,
  syncable: z.boolean(),
  /** What the sync does on the application's changes when syncable: auto-sync, or only "Sync now". */
  mode: CrmModeSchema.nullable(),
  /** Empty when syncable; else every reason, the first one to fix first. */
  reasons: z.array(z.string()),
});
export type IntegrationSyncability = z.infer<typeof IntegrationSyncabilitySchema>;

/** `POST /api/admin/applications/{applicationId}/syncability?companyId=`: the admin's syncability check. */
export const SyncabilitySchema = z.object({
  applicationId: z.string(),
  integrations: z.array(IntegrationSyncabilitySchema),
});
export type Syncability = z.infer<typeof SyncabilitySchema>;

export const SyncabilityQuerySchema = z.strictObject({ companyId: z.uuid() });

/** Why an application cannot sync, in words a person can act on (the sync stores the first as its last error). */
export const SYNCABILITY_WORDS = {
  notPermitted:
    "Integrations are not allowed for this company's forms built on this template: the platform's administrators can allow them (integration permissions).",
  formNotUsing:
    "This application's form does not use Salesforce: turn Salesforce on in the form's integrations (Forms), then Sync again.",
  draft: 'This application is a draft: it is synced once the applicant submits it.',
} as const;
