import { z } from 'zod';
import { PageSchema, PageSizeSchema, pagedSchema, SearchSchema, SortOrderSchema } from '../api/pagination.schema';
import { DEFAULT_HEADER_COLOR, DEFAULT_PROGRESS_COLOR, UPLOAD_MAX_BYTES } from '../constants';
import { EmbeddedFormDefinitionSchema } from '../forms/form.schema';
import { HeaderLayoutSchema, ProgressLayoutSchema, UPDATE_MODES } from '../templates/master-form.schema';
import { PLAIN_NAME } from '../text/plain-text';

/** Spec 1 §3: a custom form is active or inactive; archived when its company lost access to the master form. */
export const CUSTOM_FORM_STATUSES = ['active', 'inactive', 'archived'] as const;
export type CustomFormStatus = (typeof CUSTOM_FORM_STATUSES)[number];

/** Ours: a form has at most this many attached documents (each a PDF of at most 25 MB). */
export const MAX_CUSTOM_FORM_DOCUMENTS = 20;
export const CUSTOM_FORM_DOCUMENT_MAX_BYTES = UPLOAD_MAX_BYTES;
/** Ours: terms and conditions are at most this long (HTML). */
export const MAX_TERMS_LENGTH = 100_000;

const Colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const FormName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine(...PLAIN_NAME);
const Key = z
  .string()
  .regex(/^[A-Za-z0-9_]+$/)
  .max(200);

/** A document the applicant must read: a PDF attached through the upload flow (`fileUrl` is its storage key). */
export const CustomFormDocumentFileSchema = z.strictObject({
  documentId: z.uuid(),
  name: z
    .string()
    .trim()
    .max(200)
    .refine(...PLAIN_NAME),
  fileUrl: z.string().max(500),
  size: z.number().int().nonnegative().optional(),
});

/**
 * The client's own part of a custom form (spec 1 §3 customFormDocument; decision 035): what the wizard's steps
 * save. The master form's fields are never in here; the server rebuilds the whole form from the master's published
 * version and this part, so no body can remove or rename a master field.
 */
export const CustomFormDocumentSchema = z.strictObject({
  /** Step 2: the client's own components (top-level panels are pages of a wizard form). Checked by the form engine. */
  additions: z.array(z.unknown()).max(500).default([]),
  /** Step 3. */
  documents: z.array(CustomFormDocumentFileSchema).max(MAX_CUSTOM_FORM_DOCUMENTS).default([]),
  termsAndConditions: z.string().max(MAX_TERMS_LENGTH).default(''),
  /** Step 4: default values of master fields flagged editableByUc, by key. */
  defaultValues: z.record(Key, z.unknown()).default({}),
  /** The key of the e-mail field that carries the owner's e-mail (isOwnersEmailField). */
  ownersEmailField: Key.nullable().default(null),
  /** The keys of the client's own pages (top-level additions) in the order an applicant sees them. */
  pageOrder: z.array(Key).max(500).default([]),
  headerColor: Colour.default(DEFAULT_HEADER_COLOR),
  progressColor: Colour.default(DEFAULT_PROGRESS_COLOR),
  /** Shows the company logo in the form's header. */
  showLogo: z.boolean().default(true),
});
export type CustomFormDocument = z.output<typeof CustomFormDocumentSchema>;

export const CustomFormParamsSchema = z.strictObject({ customFormId: z.uuid() });
export const CreateCustomFormBodySchema = z.strictObject({ masterFormId: z.uuid(), name: FormName });
export const CreatedCustomFormSchema = z.object({
  customFormId: z.string(),
  version: z.number().int(),
  status: z.enum(CUSTOM_FORM_STATUSES),
});
export const UpdateCustomFormBodySchema = z.strictObject({
  customFormDocument: CustomFormDocumentSchema,
  /** The wizard step this save completes (1-4): the wizard resumes after the last one saved. */
  step: z.number().int().min(1).max(4).optional(),
});
export const NameBodySchema = z.strictObject({ name: FormName });
export const CustomFormStatusBodySchema = z.strictObject({ status: z.enum(['active', 'inactive']) });
export const CustomFormModeBodySchema = z.strictObject({ updateMode: z.enum(UPDATE_MODES) });

export const CustomFormDetailQuerySchema = z.strictObject({
  version: z.coerce.number().int().min(1).optional(),
  /** The copy-default-value variant: the master's own default values filled into defaultValues where unset. */
  copyDefaultValue: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export const PublicFormQuerySchema = z.strictObject({ version: z.coerce.number().int().min(1).optional() });

export const CUSTOM_FORM_SORTS = ['name', 'createdAt', 'updatedAt', 'status'] as const;
export const CustomFormListQuerySchema = z.strictObject({
  page: PageSchema,
  pageSize: PageSizeSchema,
  q: SearchSchema,
  status: z.enum(CUSTOM_FORM_STATUSES).optional(),
  sort: z.enum(CUSTOM_FORM_SORTS).default('updatedAt'),
  order: SortOrderSchema.default('desc'),
});

export const CustomFormSummarySchema = z.object({
  customFormId: z.string(),
  name: z.string(),
  status: z.enum(CUSTOM_FORM_STATUSES),
  version: z.number().int(),
  masterFormId: z.string(),
  /** The master form's name: the financial institution. */
  institution: z.string(),
  masterVersion: z.number().int(),
  updateMode: z.enum(UPDATE_MODES),
  wizardStep: z.number().int(),
  isPublished: z.boolean(),
  hasUpdate: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CustomFormSummary = z.output<typeof CustomFormSummarySchema>;
export const CustomFormListSchema = pagedSchema(CustomFormSummarySchema);

export const FieldDiffSchema = z.object({
  added: z.array(z.object({ key: z.string(), label: z.string() })),
  removed: z.array(z.object({ key: z.string(), label: z.string() })),
  changed: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type FieldDiff = z.output<typeof FieldDiffSchema>;

export const CustomFormLayoutSchema = z.object({
  headerLayout: HeaderLayoutSchema,
  progressLayout: ProgressLayoutSchema,
});
export type CustomFormLayout = z.output<typeof CustomFormLayoutSchema>;

export const CustomFormDetailSchema = CustomFormSummarySchema.extend({
  companyId: z.string(),
  /** The version read (the current one unless ?version= asked for another). */
  readVersion: z.number().int(),
  readOnly: z.boolean(),
  integrations: z.record(z.string(), z.boolean()),
  structure: z.object({
    customFormDocument: CustomFormDocumentSchema,
    /** The master form's fields at the version this one is built on: shown locked in the wizard. */
    universalFormMaster: EmbeddedFormDefinitionSchema,
  }),
  /** The built form: what an applicant fills in. */
  form: EmbeddedFormDefinitionSchema,
  layout: CustomFormLayoutSchema,
  /** Documents with download URLs. */
  documents: z.array(z.object({ documentId: z.string(), name: z.string(), url: z.string() })),
  /** A newer published version of the master form, for a form in manual update. */
  update: z.object({ version: z.number().int(), message: z.string(), diff: FieldDiffSchema }).nullable(),
});
export type CustomFormDetail = z.output<typeof CustomFormDetailSchema>;

export const CustomFormVersionSchema = z.object({
  version: z.number().int(),
  masterVersion: z.number().int(),
  createdAt: z.string(),
});
export const SubmittableSchema = z.object({ submittable: z.boolean(), message: z.string().nullable() });

/** What an applicant needs (spec 2 §7 public form): no company internals, no other company's data. */
export const PublicCustomFormSchema = z.object({
  customFormId: z.string(),
  name: z.string(),
  version: z.number().int(),
  companyName: z.string(),
  logoUrl: z.string().nullable(),
  form: EmbeddedFormDefinitionSchema,
  layout: CustomFormLayoutSchema,
  documents: z.array(z.object({ documentId: z.string(), name: z.string(), url: z.string() })),
  termsAndConditions: z.string(),
});
export type PublicCustomForm = z.output<typeof PublicCustomFormSchema>;

/** A master form a client may build on (wizard step 1). */
export const InstitutionSchema = z.object({
  formId: z.string(),
  name: z.string(),
  version: z.number().int(),
  processorId: z.string().nullable(),
  processorName: z.string().nullable(),
  pageCount: z.number().int(),
});
export const InstitutionQuerySchema = z.strictObject({ q: z.string().max(50).optional() });
export const InstitutionPreviewSchema = InstitutionSchema.extend({
  form: EmbeddedFormDefinitionSchema,
  layout: CustomFormLayoutSchema,
});

export const DocumentUploadSchema = z.object({ uploadUrl: z.string(), fileUrl: z.string() });

/** Admin: what switching a master form to limited access would archive. */
export const ArchiveImpactSchema = z.object({ forms: z.number().int(), companies: z.number().int() });

/** Template permission of one master form inside the caller's company. */
export const TemplatePermissionSchema = z.object({
  formId: z.string(),
  name: z.string(),
  global: z.boolean(),
  userIds: z.array(z.string()),
});
export const TemplateGlobalBodySchema = z.strictObject({ global: z.boolean() });
export const TemplateGrantBodySchema = z.strictObject({ userIds: z.array(z.uuid()).max(1000) });
export const MasterFormParamsSchema = z.strictObject({ formId: z.uuid() });
