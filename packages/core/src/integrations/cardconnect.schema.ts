import { z } from 'zod';
import { CARDCONNECT_MESSAGES as M } from './cardconnect-messages';
import { CardConnectTrialSchema } from './cardconnect-trial';
import { type IntegrationKind, IntegrationStateSchema } from './integrations';

/** The CardConnect integration's kind (integration_connections.kind, integration_syncs.kind): the one spelling. */
export const CARDCONNECT = 'cardconnect' satisfies IntegrationKind;

/**
 * The CardConnect (CardPointe CoPilot) credentials of an institution (issue #24 §1, spec 2 §3 "Card-processor
 * credentials"; decision 083). Write-only: answers carry masks of the secrets (core `maskValue`), and a mask sent
 * back means "unchanged" (spec 2 §5).
 */

const required = (message: string, max = 255) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `At most ${max} characters` });

/** `POST /api/companies/card-connect`. */
export const CardConnectCredentialsBodySchema = z.strictObject({
  username: required(M.usernameRequired),
  password: required(M.passwordRequired),
  /** CoPilot's `salesCode` (at most 25 characters there). */
  saleCode: required(M.saleCodeRequired, 25),
  /** CoPilot's `templateId`, the application template with the default pricing and fees: at most 19 characters. */
  pricingTemplateId: z
    .string({ error: M.pricingTemplateIdRequired })
    .trim()
    .min(1, { error: M.pricingTemplateIdRequired })
    .max(19, { error: M.pricingTemplateIdMax }),
  clientSecretKey: required(M.clientSecretKeyRequired),
  clientId: required(M.clientIdRequired),
});
export type CardConnectCredentialsBody = z.infer<typeof CardConnectCredentialsBodySchema>;

/** `PATCH /api/companies/card-connect/status`: the spec's turn-off (status inactive); Edit turns it on. */
export const CardConnectStatusBodySchema = z.strictObject({ status: z.literal('inactive') });

/** What `/integrate-card-connect/{formId}` and `/manage-integration` show of the company's CardConnect setup. */
export const CardConnectViewSchema = z.object({
  state: IntegrationStateSchema,
  /** Masks of every credential (the sale code and template id too: the form shows what is kept, never the value). */
  username: z.string().nullable(),
  password: z.string().nullable(),
  saleCode: z.string().nullable(),
  pricingTemplateId: z.string().nullable(),
  clientSecretKey: z.string().nullable(),
  clientId: z.string().nullable(),
  connectedAt: z.string().nullable(),
  turnedOffAt: z.string().nullable(),
  /** The company's 30-day trial (decision 090): null before its first connection. */
  trial: CardConnectTrialSchema.nullable(),
});
export type CardConnectView = z.infer<typeof CardConnectViewSchema>;

/** One line of a master form's CardConnect mapping: a form key (or `pseudo.*`) and a cc-attributes `name`. */
export const CcMapperFieldSchema = z.strictObject({
  formKey: z.string().trim().min(1).max(200),
  attribute: z.string().trim().min(1).max(200),
});

/** `POST /api/card-connect/mapper/{masterFormId}`. */
export const CcMapperBodySchema = z.strictObject({ fields: z.array(CcMapperFieldSchema).max(300) });
export type CcMapperBody = z.infer<typeof CcMapperBodySchema>;

/** The mapping with what the mapper page offers: the master form's fields (the pseudo-fields first). */
export const CcMapperViewSchema = z.object({
  masterFormId: z.string(),
  /** The master form's name (the page's title). */
  formName: z.string(),
  fields: z.array(CcMapperFieldSchema),
  formFields: z.array(z.object({ key: z.string(), label: z.string(), type: z.string() })),
  updatedAt: z.string().nullable(),
});
export type CcMapperView = z.infer<typeof CcMapperViewSchema>;
