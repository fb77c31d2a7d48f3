import { z } from 'zod';
import { PLAIN_NAME } from '../text/plain-text';
import { KeySchema, PdfFieldSchema, PdfPageSchema } from './pdf-field.schema';

export const TEMPLATE_STATUSES = ['active', 'inactive', 'archived'] as const;

export const TemplateNameSchema = z
  .string()
  .trim()
  .min(1, 'Template name is required')
  .max(200)
  .refine(...PLAIN_NAME);

export const PdfTemplateParamsSchema = z.strictObject({ templateId: z.uuid() });

export const PdfUploadUrlSchema = z.object({
  uploadUrl: z.string(),
  fileUrl: z.string(),
  expiresAt: z.string(),
  maxBytes: z.number(),
  maxPages: z.number(),
});
export type PdfUploadUrl = z.output<typeof PdfUploadUrlSchema>;

export const CreatePdfTemplateBodySchema = z.strictObject({
  name: TemplateNameSchema,
  fileUrl: z.string().min(1).max(500),
});

export const CheckNameBodySchema = z.strictObject({ value: z.string().max(200) });
export const CheckNameResultSchema = z.object({ available: z.boolean() });

export const ReplacePdfBodySchema = z.strictObject({ fileUrl: z.string().min(1).max(500) });

export const CloneTemplateBodySchema = z.strictObject({
  name: TemplateNameSchema.optional(),
  isCloneCcMapper: z.boolean().default(true),
});

export const ListTemplatesQuerySchema = z.strictObject({
  q: z.string().max(50).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum(TEMPLATE_STATUSES).optional(),
  /** true: only templates with at least one mapped field (the mapped-PDF list); false: only unmapped ones. */
  mapped: z.enum(['true', 'false']).optional(),
});

/** A field found in the uploaded PDF's AcroForm, offered as a starting mapping. */
export const AcroFieldSchema = PdfFieldSchema;

export const PdfTemplateSummarySchema = z.object({
  templateId: z.string(),
  name: z.string(),
  status: z.enum(TEMPLATE_STATUSES),
  pageCount: z.number().int(),
  fieldCount: z.number().int(),
  mappingFieldsVersion: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PdfTemplateSummary = z.output<typeof PdfTemplateSummarySchema>;

export const PdfTemplateSchema = PdfTemplateSummarySchema.extend({
  fileUrl: z.string(),
  /** A signed URL the viewer can fetch the file from (an hour). */
  downloadUrl: z.string(),
  fileSize: z.number().int(),
  pages: z.array(PdfPageSchema),
  acroFields: z.array(AcroFieldSchema),
});
export type PdfTemplate = z.output<typeof PdfTemplateSchema>;

export const PdfTemplateListSchema = z.object({
  items: z.array(PdfTemplateSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const ReplacePdfResultSchema = z.object({
  template: PdfTemplateSchema,
  /** Fields that were on pages the new file no longer has: removed from the mapping. */
  removedFields: z.array(z.object({ id: z.string(), key: z.string(), page: z.number().int() })),
});

/** Values to fill a review with, by field key; missing keys get sample values. */
export const ReviewBodySchema = z
  .strictObject({
    values: z
      .record(z.string().max(100), z.union([z.string().max(2_000_000), z.boolean(), z.number(), z.array(z.string())]))
      .optional(),
    /** An unsaved mapping to preview instead of the saved one. */
    data: z.array(PdfFieldSchema).max(2000).optional(),
    /** Draft: fill only the given values (no samples). */
    draft: z.boolean().optional(),
  })
  .nullish();

/** Confirmation-page items (spec 1 §3 enumerations). */
export const CONFIRM_PAGE_ITEMS = ['email', 'signature', 'initials', 'principalName'] as const;

/** One box of the confirm-page mapper: where the signer's e-mail, signature, initials or name is printed. */
export const ConfirmPageItemSchema = z.strictObject({
  id: z.string().min(1).max(100),
  item: z.enum(CONFIRM_PAGE_ITEMS),
  /** The owner the box belongs to: the primary applicant or an additional owner by index. */
  owner: z.union([z.literal('primaryApplicant'), z.number().int().min(1).max(20)]).default('primaryApplicant'),
  page: z.number().int().min(1).max(50),
  x: z.number().min(0),
  y: z.number().min(0),
  width: z.number().positive(),
  height: z.number().positive(),
});
export const ConfirmPageBodySchema = z.strictObject({ items: z.array(ConfirmPageItemSchema).max(200) });

/** General settings of a template and global settings per page (the mapper's defaults). */
export const TemplateSettingsSchema = z.strictObject({
  general: z
    .strictObject({
      defaultFontSize: z.number().min(4).max(72).default(10),
      dateFormat: z.string().max(30).default('MM/dd/yyyy'),
      visible: z.boolean().default(true),
    })
    .default({ defaultFontSize: 10, dateFormat: 'MM/dd/yyyy', visible: true }),
  pages: z
    .record(
      z.string().regex(/^[0-9]{1,2}$/),
      z.strictObject({ fontSize: z.number().min(4).max(72).optional(), keyPrefix: KeySchema.optional() }),
    )
    .default({}),
});
export type TemplateSettings = z.output<typeof TemplateSettingsSchema>;

/** PATCH …/archive: archive (the default, also with no body) or bring back. */
export const ArchiveTemplateBodySchema = z.strictObject({ archived: z.boolean().default(true) }).nullish();
