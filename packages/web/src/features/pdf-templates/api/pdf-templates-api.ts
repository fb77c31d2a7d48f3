import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@under/core/messages';
import {
  CheckNameResultSchema,
  type PdfTemplate,
  PdfTemplateListSchema,
  PdfTemplateSchema,
  PdfUploadUrlSchema,
  ReplacePdfResultSchema,
  type TEMPLATE_STATUSES,
  type TemplateSettings,
  TemplateSettingsSchema,
} from '@under/core/templates/pdf-template.schema';
import type { z } from 'zod';
import { sameOriginFileUrl } from '../../../lib/file-url';
import { HttpError } from '../../../lib/http-error';
import { putFile } from '../../../lib/put-file';
import { useSession } from '../../../lib/session-context';

export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export type TemplatePage = z.output<typeof PdfTemplateListSchema>;

export interface TemplatesParams {
  page: number;
  pageSize: number;
  q: string;
  status?: TemplateStatus;
  /** Only templates with (true) or without (false) a mapped field. */
  mapped?: boolean;
}

export const TEMPLATE_KEYS = {
  all: ['pdf-templates'] as const,
  list: (params: TemplatesParams) => ['pdf-templates', 'list', params] as const,
  detail: (id: string) => ['pdf-templates', 'detail', id] as const,
  settings: (id: string) => ['pdf-templates', 'settings', id] as const,
};

function listPath(params: TemplatesParams) {
  const search = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) });
  if (params.q) search.set('q', params.q);
  if (params.status) search.set('status', params.status);
  if (params.mapped !== undefined) search.set('mapped', String(params.mapped));
  return `/pdf_templates?${search}`;
}

/** GET /api/pdf_templates: a page of templates, searched and filtered by the server. */
export function useTemplates(params: TemplatesParams) {
  const { http } = useSession();
  return useQuery<TemplatePage>({
    queryKey: TEMPLATE_KEYS.list(params),
    queryFn: ({ signal }) => http.get(listPath(params), { schema: PdfTemplateListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTemplate(templateId: string | undefined) {
  const { http } = useSession();
  return useQuery<PdfTemplate>({
    queryKey: TEMPLATE_KEYS.detail(templateId ?? ''),
    queryFn: ({ signal }) => http.get(`/pdf_templates/${templateId}`, { schema: PdfTemplateSchema, signal }),
    enabled: Boolean(templateId),
  });
}

function useInvalidateTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TEMPLATE_KEYS.all });
}

/**
 * POST /api/create_form_check/name: resolves to null when the name is free, or the server's message
 * ('The template name is already in used. Please try another.', or a required-name message).
 */
export function useCheckTemplateName() {
  const { http } = useSession();
  return async (value: string): Promise<string | null> => {
    try {
      const result = await http.post('/create_form_check/name', { value }, { schema: CheckNameResultSchema });
      return result.available ? null : MESSAGES.templateNameRequired;
    } catch (error) {
      if (error instanceof HttpError && error.status === 409) return error.message;
      throw error;
    }
  };
}

/**
 * The signed upload (decision 011, the logo's mechanism of decision 007): a signed URL, then the raw bytes PUT
 * to it. The server checks the size and the %PDF- header while the body streams and stores nothing it refuses.
 * Resolves to the stored key (`fileUrl`) for the create or replace call.
 */
function useSignedPdfUpload() {
  const { http } = useSession();
  return async (file: File, onProgress: (percent: number) => void): Promise<string> => {
    const target = await http.post('/pdf_templates/gen_presigned_url', undefined, { schema: PdfUploadUrlSchema });
    await putFile(sameOriginFileUrl(target.uploadUrl), file, onProgress, 'application/pdf');
    return target.fileUrl;
  };
}

export type UploadStage = 'name' | 'upload' | 'check';

export interface UploadProgress {
  stage: UploadStage;
  percent: number;
}

/** Upload a new template: name check, signed upload, then POST /api/pdf_templates {name, fileUrl}. */
export function useCreateTemplate() {
  const { http } = useSession();
  const upload = useSignedPdfUpload();
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: async ({
      name,
      file,
      onProgress,
    }: {
      name: string;
      file: File;
      onProgress: (progress: UploadProgress) => void;
    }) => {
      onProgress({ stage: 'upload', percent: 0 });
      const fileUrl = await upload(file, (percent) => onProgress({ stage: 'upload', percent }));
      onProgress({ stage: 'check', percent: 100 });
      return http.post('/pdf_templates', { name, fileUrl }, { schema: PdfTemplateSchema, upload: true });
    },
    onSuccess: invalidate,
  });
}

/** PATCH /api/pdf_templates/{id}/replace-pdf-file after the signed upload; irreversible. */
export function useReplacePdf(templateId: string) {
  const { http } = useSession();
  const upload = useSignedPdfUpload();
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (progress: UploadProgress) => void }) => {
      onProgress({ stage: 'upload', percent: 0 });
      const fileUrl = await upload(file, (percent) => onProgress({ stage: 'upload', percent }));
      onProgress({ stage: 'check', percent: 100 });
      return http.request(`/pdf_templates/${templateId}/replace-pdf-file`, {
        method: 'PATCH',
        body: { fileUrl },
        schema: ReplacePdfResultSchema,
        upload: true,
      });
    },
    onSuccess: invalidate,
  });
}

export function useCloneTemplate() {
  const { http } = useSession();
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({
      templateId,
      name,
      isCloneCcMapper,
    }: {
      templateId: string;
      name: string;
      isCloneCcMapper: boolean;
    }) => http.post(`/templates/${templateId}/clone`, { name, isCloneCcMapper }, { schema: PdfTemplateSchema }),
    onSuccess: invalidate,
  });
}

export function useArchiveTemplate() {
  const { http } = useSession();
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({ templateId, archived }: { templateId: string; archived: boolean }) =>
      http.request(`/pdf_templates/${templateId}/archive`, {
        method: 'PATCH',
        body: { archived },
        schema: PdfTemplateSchema,
      }),
    onSuccess: invalidate,
  });
}

/** POST /api/pdf_templates/{id}/review: the PDF filled with sample values, as a Blob. */
export function useReviewPdf() {
  const { http } = useSession();
  return useMutation({
    mutationFn: (templateId: string) =>
      http.request<Blob>(`/pdf_templates/${templateId}/review`, { method: 'POST', body: {}, responseType: 'blob' }),
  });
}

export function useTemplateSettings(templateId: string | undefined) {
  const { http } = useSession();
  return useQuery<TemplateSettings>({
    queryKey: TEMPLATE_KEYS.settings(templateId ?? ''),
    queryFn: ({ signal }) =>
      http.get(`/pdf_templates/${templateId}/general-setting`, { schema: TemplateSettingsSchema, signal }),
    enabled: Boolean(templateId),
  });
}

export function useSaveTemplateSettings(templateId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TemplateSettings) =>
      http.request(`/pdf_templates/${templateId}/general-setting`, {
        method: 'PUT',
        body: settings,
        schema: TemplateSettingsSchema,
      }),
    onSuccess: (saved) => queryClient.setQueryData(TEMPLATE_KEYS.settings(templateId), saved),
  });
}
