import { z } from 'zod';
import { PdfFieldSchema, PdfPageSchema } from './pdf-field.schema';

export const TEMPLATE_STATUSES = ['active', 'inactive', 'archived'] as const;

export const TemplateNameSchema = z.string().trim().min(1, 'Template name is required').max(200);

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
});

/** A field found in the uploaded PDF's AcroForm, offered as a starting mapping. */
export const AcroFieldSchema = PdfFieldSchema;

export const PdfTemplateSummarySchema = z.object({
  templateId: z.string(),
  name: z.string(),
  status: z.enum(TEMPLATE_STATUSES),
  pageCount: z.number().int(),
  fieldCount: z.number().int(),
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
  mappingFieldsVersion: z.number().int(),
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
    /** Draft: fill only the given values (no samples). */
    draft: z.boolean().optional(),
  })
  .nullish();
