import { z } from 'zod';
import { PageSchema, PageSizeSchema, pagedSchema, SearchSchema, SortOrderSchema } from '../api/pagination.schema';

/**
 * Generated documents and attachments of an application (spec 1 §3 "generated PDFs", "attachments"; spec 2 §7;
 * issue 13). Generated PDFs are made by jobs on the last signature: every PDF template of the master form filled
 * from the application, the institution's additional questions and documents' acceptance, and the audit
 * certificate; each sealed (PAdES-B).
 */

export const DOCUMENT_KINDS = ['template', 'additional', 'certificate'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DocumentParamsSchema = z.strictObject({ applicationId: z.uuid(), documentId: z.uuid() });
export const AttachmentParamsSchema = z.strictObject({ applicationId: z.uuid(), attachmentId: z.uuid() });

export const GeneratedDocumentSchema = z.object({
  documentId: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  /** The file name offered on download. */
  name: z.string(),
  templateId: z.string().nullable(),
  pages: z.number().int(),
  size: z.number().int(),
  /** SHA-256 of the sealed file, hex. */
  sha256: z.string(),
  sealed: z.boolean(),
  /** Which generation made it: 1 on the last signature, +1 on every regeneration. */
  generation: z.number().int(),
  generatedAt: z.string(),
});
export type GeneratedDocument = z.output<typeof GeneratedDocumentSchema>;

export const DocumentListQuerySchema = z.strictObject({
  page: PageSchema,
  pageSize: PageSizeSchema,
  order: SortOrderSchema.default('desc'),
  companyId: z.uuid().optional(),
});
export const DocumentListSchema = pagedSchema(GeneratedDocumentSchema).extend({
  /** Generation state: none yet, queued or running, done, or failed after its retries. */
  generation: z.object({
    state: z.enum(['none', 'queued', 'running', 'done', 'failed']),
    generation: z.number().int(),
    updatedAt: z.string().nullable(),
  }),
});

export const AttachmentSchema = z.object({
  attachmentId: z.string(),
  fileName: z.string(),
  /** The form field the file is the value of. */
  path: z.string(),
  fieldLabel: z.string().nullable(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string().nullable(),
});
export type Attachment = z.output<typeof AttachmentSchema>;

export const AttachmentListQuerySchema = z.strictObject({
  page: PageSchema,
  pageSize: PageSizeSchema,
  sort: z.enum(['fileName', 'uploadedAt', 'size']).default('uploadedAt'),
  order: SortOrderSchema.default('desc'),
  companyId: z.uuid().optional(),
});
export const AttachmentListSchema = pagedSchema(AttachmentSchema);

/** A short-lived signed URL to download one file. */
export const DownloadUrlSchema = z.object({ url: z.string(), fileName: z.string(), expiresAt: z.string() });

export const GenerateDocumentsResponseSchema = z.object({
  generation: z.number().int(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
});

/** The applicant's documents (their own link): the final PDFs once every owner signed. */
export const ApplicantDocumentSchema = GeneratedDocumentSchema.extend({ url: z.string(), expiresAt: z.string() });
export const ApplicantDocumentListSchema = z.object({ items: z.array(ApplicantDocumentSchema) });

export const ConfirmPageParamsSchema = z.strictObject({ customFormId: z.uuid() });

/**
 * GET /api/agreements (the Agreements screen, issue 14): the sealed documents of every signed application of the
 * company (a STANDARD member's: of granted forms), newest first, searched in the applicant company, the document's
 * name and the application number.
 */
export const AgreementListQuerySchema = z.strictObject({
  page: PageSchema,
  pageSize: PageSizeSchema,
  q: SearchSchema,
});
export type AgreementListQuery = z.input<typeof AgreementListQuerySchema>;

export const AgreementSchema = GeneratedDocumentSchema.extend({
  applicationId: z.string(),
  applicationNumber: z.number().int(),
  applicantCompanyName: z.string().nullable(),
  formName: z.string(),
});
export type Agreement = z.output<typeof AgreementSchema>;
export const AgreementListSchema = pagedSchema(AgreementSchema);
