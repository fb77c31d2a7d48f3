import { z } from 'zod';
import { DEFAULT_HEADER_COLOR, DEFAULT_PROGRESS_COLOR } from '../constants';
import { EmbeddedFormDefinitionSchema } from '../forms/form.schema';
import { readStoredForm } from '../forms/form-migrate';
import { PLAIN_NAME } from '../text/plain-text';

export const DEFAULT_HEADER_TITLE = 'Merchant Processing Application';
export const DEFAULT_HEADER_SUBTITLE =
  'Fill out all the application once and you will never have to fill out another form again!';

export const UPDATE_MODES = ['system-auto-update', 'user-manual-update'] as const;
export const MASTER_FORM_STATUSES = ['active', 'inactive'] as const;

const Colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const HeaderLayoutSchema = z.strictObject({
  title: z.string().max(200).default(DEFAULT_HEADER_TITLE),
  subtitle: z.string().max(500).default(DEFAULT_HEADER_SUBTITLE),
  backgroundColor: Colour.default(DEFAULT_HEADER_COLOR),
  textColor: Colour.default('#ffffff'),
});

export const ProgressLayoutSchema = z.strictObject({
  backgroundColor: Colour.default('#ffffff'),
  textColor: Colour.default('#000000'),
  defaultStepColor: Colour.default('#d9d9d9'),
  activeStepColor: Colour.default(DEFAULT_PROGRESS_COLOR),
});

export const BindingFieldSchema = z.strictObject({ name: z.string().max(100), type: z.string().max(50) });

/**
 * The structure of a master form (spec 1 §3). `allField` (the form as the admin arranged it) and `rootAllField` (the
 * form first made from the template) are core FormDefinitions, checked by the form engine on every save.
 */
export const MasterFormStructureSchema = z.strictObject({
  allField: EmbeddedFormDefinitionSchema,
  rootAllField: EmbeddedFormDefinitionSchema.optional(),
  bindingFields: z.array(BindingFieldSchema).default([]),
  childSectionIds: z.array(z.string()).default([]),
  dictionaryIds: z.array(z.string()).default([]),
  headerLayout: HeaderLayoutSchema.default(HeaderLayoutSchema.parse({})),
  progressLayout: ProgressLayoutSchema.default(ProgressLayoutSchema.parse({})),
});
export type MasterFormStructure = z.output<typeof MasterFormStructureSchema>;

/** A stored structure in the current shape: defaults filled in, its form definitions migrated forward. */
export function readMasterFormStructure(json: unknown): MasterFormStructure {
  const structure = MasterFormStructureSchema.parse(json);
  return {
    ...structure,
    allField: readStoredForm(structure.allField),
    ...(structure.rootAllField === undefined ? {} : { rootAllField: readStoredForm(structure.rootAllField) }),
  };
}

/**
 * Payment processors a master form and a section can name (`GET /api/processors`): the spec's CardConnect, WorldPay
 * and TSYS (issue #24 §2). Ids are stored in sections (`processors`) and master forms (`processor_id`), so they stay:
 * Worldpay/Vantiv keeps the id of the "Processor B" placeholder it replaces (decision 088).
 */
export const PROCESSORS = [
  { id: 'cardconnect', name: 'CardConnect' },
  { id: 'processor_b', name: 'Worldpay/Vantiv' },
  // TSYS through the Transax gateway (issue #24 §2)
  { id: 'tsys', name: 'TSYS/Transax' },
] as const;
export const ProcessorListSchema = z.array(z.object({ id: z.string(), name: z.string() }));

export const MasterFormParamsSchema = z.strictObject({ formId: z.uuid() });
export const CreateMasterFormBodySchema = z.strictObject({
  templateId: z.uuid(),
  name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine(...PLAIN_NAME)
    .optional(),
});
export const UpdateMasterFormBodySchema = z.strictObject({ structure: MasterFormStructureSchema });
export const ModeBodySchema = z.strictObject({ updateMode: z.enum(UPDATE_MODES) });
export const GeneralBodySchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine(...PLAIN_NAME),
  processorId: z.string().max(100).nullable().optional(),
});
export const AccessibilityBodySchema = z.strictObject({
  access: z.enum(['global', 'limited']),
  membershipIds: z.array(z.string().max(50)).max(20).default([]),
  /** Extended list: companies granted the form regardless of their subscription. */
  companyIds: z.array(z.uuid()).max(10_000).default([]),
  /** Extended list: companies excluded regardless of their subscription. */
  excludedCompanyIds: z.array(z.uuid()).max(10_000).default([]),
});
export const StatusBodySchema = z.strictObject({ status: z.enum([...MASTER_FORM_STATUSES, 'archived']) });

export const MasterFormSchema = z.object({
  formId: z.string(),
  templateId: z.string().nullable(),
  name: z.string(),
  status: z.string(),
  access: z.enum(['global', 'limited']),
  membershipIds: z.array(z.string()),
  companyIds: z.array(z.string()),
  excludedCompanyIds: z.array(z.string()),
  structure: MasterFormStructureSchema,
  mappingFieldsVersion: z.number().int(),
  updateMode: z.enum(UPDATE_MODES),
  processorId: z.string().nullable(),
  version: z.number().int(),
  hasUnpublishedChanges: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MasterForm = z.output<typeof MasterFormSchema>;

/** A row of the admin's master-form list: everything but the structure, with the number of client forms built on it. */
export const MasterFormListItemSchema = MasterFormSchema.omit({ structure: true }).extend({
  totalForm: z.number().int(),
});
/** What the settings of a master form need: the form without its structure. */
export type MasterFormSummary = Omit<MasterForm, 'structure'>;

export const BriefMasterFormSchema = z.object({
  formId: z.string(),
  name: z.string(),
  status: z.string(),
  version: z.number().int(),
  templateId: z.string().nullable(),
});
export const BriefMasterFormsQuerySchema = z.strictObject({
  q: z.string().max(50).optional(),
  companyId: z.uuid().optional(),
});

export const PushBodySchema = z.strictObject({ id: z.uuid() });
export const PushUpdateSchema = z.object({
  pushId: z.string(),
  kind: z.enum(['dictionary', 'section']),
  targetId: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PushUpdate = z.output<typeof PushUpdateSchema>;

export const GlobalPermissionBodySchema = z.strictObject({ global: z.boolean() });
export const GrantPermissionBodySchema = z.strictObject({
  companyId: z.uuid(),
  userIds: z.array(z.uuid()).max(1000),
});
export const PermissionDetailSchema = z.object({
  formId: z.string(),
  global: z.boolean(),
  grants: z.array(z.object({ companyId: z.string(), userIds: z.array(z.string()) })),
});

export const PushParamsSchema = z.strictObject({ pushId: z.uuid() });

/** One published version of a master form. */
export const MasterFormVersionSchema = z.object({
  version: z.number(),
  mappingFieldsVersion: z.number(),
  publishedAt: z.string(),
});
export type MasterFormVersion = z.output<typeof MasterFormVersionSchema>;

/** The master form made from a PDF template, if any. */
export const TemplateMasterFormSchema = z.object({ formId: z.string().nullable() });
