import { z } from 'zod';
import { ConfigTargetSchema, IntegrationKindSchema, IntegrationStateSchema } from './integrations';

/**
 * The shapes of the integrations' connections, configs and permissions (issue #23 §2, §3, §5; decision 073).
 * Credentials are write-only: answers carry their masks (core `maskValue`, spec 1 §5), never a value, and never a
 * token at all.
 */

const secretText = (max: number) => z.string().trim().min(1).max(max);

/** `POST /api/salesforce/add-info`: the connected app (External Client App) of the institution. */
export const SalesforceAddInfoBodySchema = z.strictObject({
  consumerKey: secretText(255),
  consumerSecret: secretText(255),
  /** `login.salesforce.com`, `test.salesforce.com`, `acme.my.salesforce.com` (a bare host or an https URL). */
  salesForceDomain: z.string().trim().min(1).max(255),
});
export type SalesforceAddInfoBody = z.infer<typeof SalesforceAddInfoBodySchema>;

export const AuthorizeUrlSchema = z.object({ authorizeUrl: z.string() });
export type AuthorizeUrl = z.infer<typeof AuthorizeUrlSchema>;

/** The browser's return from Salesforce: `?code=&state=`, or `?error=&error_description=` (other keys ignored). */
export const SalesforceCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/** `POST /api/salesforce/get-token`: the same exchange for a client that posts the code itself. */
export const SalesforceGetTokenBodySchema = z.strictObject({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
});

/** `POST /api/salesforce/check-info`. */
export const SalesforceCheckInfoSchema = z.object({
  state: IntegrationStateSchema,
  connected: z.boolean(),
  expired: z.boolean(),
  instanceUrl: z.string().nullable(),
});
export type SalesforceCheckInfo = z.infer<typeof SalesforceCheckInfoSchema>;

/**
 * What `/manage-integration` shows of one integration: its state and, for Salesforce, the domain, the instance and
 * the masks of the consumer key and secret.
 */
export const IntegrationViewSchema = z.object({
  kind: IntegrationKindSchema,
  /** False for the card processors until their issue: shown, without actions. */
  available: z.boolean(),
  state: IntegrationStateSchema,
  domain: z.string().nullable(),
  instanceUrl: z.string().nullable(),
  consumerKey: z.string().nullable(),
  consumerSecret: z.string().nullable(),
  connectedAt: z.string().nullable(),
  tokenRefreshedAt: z.string().nullable(),
  turnedOffAt: z.string().nullable(),
});
export type IntegrationView = z.infer<typeof IntegrationViewSchema>;

export const CRM_CONNECTION_RESULTS = [
  'connected',
  'expired_code',
  'invalid_client',
  'failed',
  'denied',
  'invalid_state',
  'upgrade',
] as const;
/** The callback's result flag on `/manage-integration?salesforce=…`, turned into the spec's message by the page. */
export type CrmConnectionResult = (typeof CRM_CONNECTION_RESULTS)[number];

/** Spec 2 §3 "Integration config", as answered: credentials masked. */
export const IntegrationConfigSchema = z.object({
  id: z.string(),
  formId: z.string(),
  integrationToActivate: ConfigTargetSchema,
  companyId: z.string(),
  /** Card-processor credentials by name (username, password, sale code, …), each masked. */
  credentials: z.record(z.string(), z.string()),
  /** The spec's nickname of the credentials. */
  credentialsTemplateId: z.string().nullable(),
  selectedStoredPricing: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  autoSync: z.boolean(),
  activeIntegration: z.boolean(),
  updatedAt: z.string(),
});
export type IntegrationConfig = z.infer<typeof IntegrationConfigSchema>;

/** `POST /api/integrations/config`: a masked credential sent back means "unchanged" (spec 2 §5). */
export const IntegrationConfigBodySchema = z.strictObject({
  formId: z.uuid(),
  integrationToActivate: ConfigTargetSchema,
  companyId: z.uuid().optional(),
  credentials: z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/), z.string().max(500))
    .refine((c) => Object.keys(c).length <= 12, 'At most 12 credentials')
    .default({}),
  credentialsTemplateId: z.string().trim().max(100).nullable().default(null),
  selectedStoredPricing: z
    .record(z.string().max(100), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((p) => Object.keys(p).length <= 50, 'At most 50 pricing values')
    .nullable()
    .default(null),
  autoSync: z.boolean().default(false),
  activeIntegration: z.boolean().default(true),
});
export type IntegrationConfigBody = z.input<typeof IntegrationConfigBodySchema>;

/** A company's integrations: the connections' states and the forms' configs. */
export const IntegrationsOverviewSchema = z.object({
  companyId: z.string(),
  /** The plan's `salesForce` flag (spec 1 §6). */
  planAllowsCrm: z.boolean(),
  /** The caller is a client ADMINISTRATOR of the company (members and platform admins only read). */
  canManage: z.boolean(),
  integrations: z.array(IntegrationViewSchema),
  configs: z.array(IntegrationConfigSchema),
});
export type IntegrationsOverview = z.infer<typeof IntegrationsOverviewSchema>;

export const IntegrationsQuerySchema = z.strictObject({ companyId: z.uuid().optional() });

/** `POST /api/integrations/credentials`: the integrations an application's form is configured for. */
export const IntegrationCredentialsBodySchema = z.strictObject({ companyId: z.uuid(), applicationId: z.uuid() });
export const ApplicationIntegrationsSchema = z.object({
  applicationId: z.string(),
  integrations: z.array(
    z.object({
      integrationToActivate: ConfigTargetSchema,
      state: IntegrationStateSchema,
      credentialsTemplateId: z.string().nullable(),
      credentials: z.record(z.string(), z.string()),
      autoSync: z.boolean(),
      activeIntegration: z.boolean(),
    }),
  ),
});

export const TEMPLATE_STATUSES = ['active', 'inactive'] as const;
/** Spec 2 §3 "Integration permission": whether a company's forms of a template (master form) may use integrations. */
export const IntegrationPermissionSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  templateId: z.string(),
  templateStatus: z.enum(TEMPLATE_STATUSES),
});
export type IntegrationPermission = z.infer<typeof IntegrationPermissionSchema>;
export const IntegrationPermissionsSchema = z.array(IntegrationPermissionSchema);

export const IntegrationPermissionsGetBodySchema = z.strictObject({ companyId: z.uuid() });
/** `POST /api/integrations/config/permissions`: the spec's payload list (one company's rows at a time). */
export const IntegrationPermissionsBodySchema = z
  .array(
    z.strictObject({
      id: z.uuid().optional(),
      companyId: z.uuid(),
      templateId: z.uuid(),
      templateStatus: z.enum(TEMPLATE_STATUSES),
    }),
  )
  .min(1)
  .max(500)
  .refine((rows) => new Set(rows.map((r) => r.companyId)).size === 1, 'One company at a time');
