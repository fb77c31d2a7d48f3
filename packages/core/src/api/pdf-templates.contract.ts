import { z } from 'zod';
import { DetectFieldsResultSchema } from '../templates/detected-field.schema';
import { MappingSchema, SaveMappingBodySchema } from '../templates/pdf-field.schema';
import {
  ArchiveTemplateBodySchema,
  CheckNameBodySchema,
  CheckNameResultSchema,
  CloneTemplateBodySchema,
  ConfirmPageBodySchema,
  CreatePdfTemplateBodySchema,
  ListTemplatesQuerySchema,
  PdfTemplateListSchema,
  PdfTemplateParamsSchema,
  PdfTemplateSchema,
  PdfUploadUrlSchema,
  ReplacePdfBodySchema,
  ReplacePdfResultSchema,
  ReviewBodySchema,
  TemplateSettingsSchema,
} from '../templates/pdf-template.schema';
import { endpoint } from './contract';

const tag = 'pdf-templates';
const params = PdfTemplateParamsSchema;

/** PDF templates and their mapping (spec 2 §7 "PDF templates and master forms (admin)"). */
export const PDF_TEMPLATES_API = {
  createUploadUrl: endpoint({
    method: 'POST',
    path: '/api/pdf_templates/gen_presigned_url',
    body: z.unknown().optional(),
    response: PdfUploadUrlSchema,
    tag,
    summary: 'A signed URL to PUT a new PDF to (decision 011)',
  }),
  checkName: endpoint({
    method: 'POST',
    path: '/api/create_form_check/name',
    body: CheckNameBodySchema,
    response: CheckNameResultSchema,
    tag,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/pdf_templates',
    body: CreatePdfTemplateBodySchema,
    status: 201,
    response: PdfTemplateSchema,
    tag,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/pdf_templates',
    query: ListTemplatesQuerySchema,
    response: PdfTemplateListSchema,
    tag,
  }),
  get: endpoint({ method: 'GET', path: '/api/pdf_templates/:templateId', params, response: PdfTemplateSchema, tag }),
  replaceFile: endpoint({
    method: 'PATCH',
    path: '/api/pdf_templates/:templateId/replace-pdf-file',
    params,
    body: ReplacePdfBodySchema,
    response: ReplacePdfResultSchema,
    tag,
  }),
  setArchived: endpoint({
    method: 'PATCH',
    path: '/api/pdf_templates/:templateId/archive',
    params,
    body: ArchiveTemplateBodySchema,
    response: PdfTemplateSchema,
    tag,
  }),
  clone: endpoint({
    method: 'POST',
    path: '/api/templates/:templateId/clone',
    params,
    body: CloneTemplateBodySchema,
    status: 201,
    response: PdfTemplateSchema,
    tag,
  }),
  saveMapping: endpoint({
    method: 'POST',
    path: '/api/pdf_templates/:templateId/mapping_fields',
    params,
    body: SaveMappingBodySchema,
    response: MappingSchema,
    tag,
  }),
  /** Issue 25: boxes found on the template's flat pages, bound to the dictionary; proposals, nothing is saved. */
  detectFields: endpoint({
    method: 'POST',
    path: '/api/pdf_templates/:templateId/detect_fields',
    params,
    body: z.unknown().optional(),
    response: DetectFieldsResultSchema,
    tag,
    summary: 'Fields detected on the flat pages, bound to the dictionary (proposals, not saved)',
  }),
  getMapping: endpoint({
    method: 'GET',
    path: '/api/pdf_templates/:templateId/mapping_fields',
    params,
    response: MappingSchema,
    tag,
  }),
  /** Binary answer: the PDF filled with the given values, sample values for the others. */
  review: endpoint({
    method: 'POST',
    path: '/api/pdf_templates/:templateId/review',
    params,
    body: ReviewBodySchema,
    tag,
    summary: 'The PDF filled with sample values (application/pdf)',
  }),
  /** Binary answer: the PDF filled with the given values only. */
  draftPdf: endpoint({
    method: 'POST',
    path: '/api/pdf_templates/:templateId/draft_pdf',
    params,
    body: ReviewBodySchema,
    tag,
    summary: 'The PDF filled with the given values only (application/pdf)',
  }),
  getSettings: endpoint({
    method: 'GET',
    path: '/api/pdf_templates/:templateId/general-setting',
    params,
    response: TemplateSettingsSchema,
    tag,
  }),
  setSettings: endpoint({
    method: 'PUT',
    path: '/api/pdf_templates/:templateId/general-setting',
    params,
    body: TemplateSettingsSchema,
    response: TemplateSettingsSchema,
    tag,
  }),
  getConfirmPage: endpoint({
    method: 'GET',
    path: '/api/pdf_templates/:templateId/confirm-page-mapper',
    params,
    response: ConfirmPageBodySchema,
    tag,
  }),
  setConfirmPage: endpoint({
    method: 'POST',
    path: '/api/pdf_templates/:templateId/confirm-page-mapper',
    params,
    body: ConfirmPageBodySchema,
    response: ConfirmPageBodySchema,
    tag,
  }),
} as const;
