import { z } from 'zod';

/** Integrations the portal knows (spec 2 §3: Salesforce, CardConnect, WorldPay, tsys (ELAPP)). */
export const INTEGRATION_KINDS = ['salesforce', 'cardconnect', 'worldpay', 'tsys'] as const;
export const IntegrationKindSchema = z.enum(INTEGRATION_KINDS);
export type IntegrationKind = z.infer<typeof IntegrationKindSchema>;

/**
 * What a form's integration config (spec 2 §3, `integrationToActivate`) may turn on: the integrations above, and
 * `kyc`, the identity checks of the owners started on signature (issue #24 §3; decision 089). KYC is not a sync
 * target: it is not listed with the connections or the forms' sync switches.
 */
export const CONFIG_TARGETS = [...INTEGRATION_KINDS, 'kyc'] as const;
export const ConfigTargetSchema = z.enum(CONFIG_TARGETS);
export type ConfigTarget = z.infer<typeof ConfigTargetSchema>;

/** A company's connection to one integration, as `/manage-integration` shows it. */
export const INTEGRATION_STATES = ['not_connected', 'connected', 'expired', 'turned_off'] as const;
export const IntegrationStateSchema = z.enum(INTEGRATION_STATES);
export type IntegrationState = z.infer<typeof IntegrationStateSchema>;

/** One application's sync to one integration target (issue #23 §4). */
export const SYNC_STATES = ['queued', 'running', 'synced', 'failed', 'needs_attention'] as const;
export const SyncStateSchema = z.enum(SYNC_STATES);
export type SyncState = z.infer<typeof SyncStateSchema>;

/** The spec's CRM mode. */
export const CRM_MODES = ['auto-sync', 'manual-sync'] as const;
export const CrmModeSchema = z.enum(CRM_MODES);
export type CrmMode = z.infer<typeof CrmModeSchema>;

/** A custom form's Salesforce mapping (`PUT /api/salesforce/mapping/{customFormId}`). */
export const SalesforceMappingFieldSchema = z.strictObject({
  formKey: z.string().min(1).max(200),
  sfField: z.string().min(1).max(200),
});
export const SalesforceMappingSchema = z.strictObject({
  object: z.string().min(1).max(200),
  mode: CrmModeSchema,
  /** The object's field marked externalId that holds our application id (the upsert key); null: create-then-update. */
  externalIdField: z.string().min(1).max(200).nullable().default(null),
  fields: z.array(SalesforceMappingFieldSchema).max(500),
});
export type SalesforceMapping = z.infer<typeof SalesforceMappingSchema>;
