import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PDF_TEMPLATES_API } from '@under/core/api/pdf-templates.contract';
import { MESSAGES } from '@under/core/messages';
import type {
  PdfTemplate,
  PdfTemplateListSchema,
  TEMPLATE_STATUSES,
  TemplateSettings,
} from '@under/core/templates/pdf-template.schema';
import type { z } from 'zod';
import { sameOriginFileUrl } from '../../../lib/file-url';
import { HttpError } from '../../../lib/http-error';
import { putFile } from '../../../lib/put-file';
import { useSession } from '../../../lib/session-context';

export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
type TemplatePage = z.output<typeof PdfTemplateListSchema>;

interface TemplatesParams {
  page: number;
  pageSize: number;
  q: string;
  status?: TemplateStatus;
  /** Only templates with (true) or without (false) a mapped field. */
  mapped?: boolean;
}

const TEMPLATE_KEYS = {
  all: ['pdf-templates'] as const,
  list: (params: TemplatesParams) => ['pdf-templates', 'list', params] as const,
  detail: (id: string) => ['pdf-templates', 'detail', id] as const,
  settings: (id: string) => ['pdf-templates', 'settings', id] as const,
};

/** GET /api/pdf_templates: a page of templates, searched and filtered by the server. */
export function useTemplates(params: TemplatesParams) {
  const { http } = useSession();
  return useQuery<TemplatePage>({
    queryKey: TEMPLATE_KEYS.list(params),
    queryFn: ({ signal }) =>
      http.call(PDF_TEMPLATES_API.list, {
        query: {
          page: params.page,
          pageSize: params.pageSize,
          q: params.q,
          status: params.status,
          mapped: params.mapped === undefined ? undefined : params.mapped ? 'true' : 'false',
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTemplate(templateId: string | undefined) {
  const { http } = useSession();
  return useQuery<PdfTemplate>({
    queryKey: TEMPLATE_KEYS.detail(templateId ?? ''),
    queryFn: ({ signal }) => http.call(PDF_TEMPLATES_API.get, { params: { templateId: templateId ?? '' }, signal }),
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
      const result = await http.call(PDF_TEMPLATES_API.checkName, { body: { value } });
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
    const target = await http.call(PDF_TEMPLATES_API.createUploadUrl, { body: undefined });
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
      return http.call(PDF_TEMPLATES_API.create, { body: { name, fileUrl }, upload: true });
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
      return http.call(PDF_TEMPLATES_API.replaceFile, { params: { templateId }, body: { fileUrl }, upload: true });
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
    }) => http.call(PDF_TEMPLATES_API.clone, { params: { templateId }, body: { name, isCloneCcMapper } }),
    onSuccess: invalidate,
  });
}

export function useArchiveTemplate() {
  const { http } = useSession();
  const invalidate = useInvalidateTemplates();
  return useMutation({
    mutationFn: ({ templateId, archived }: { templateId: string; archived: boolean }) =>
      http.call(PDF_TEMPLATES_API.setArchived, { params: { templateId }, body: { archived } }),
    onSuccess: invalidate,
  });
}

/** POST /api/pdf_templates/{id}/review: the PDF filled with sample values, as a Blob. */
export function useReviewPdf() {
  const { http } = useSession();
  return useMutation({
    mutationFn: async (templateId: string) =>
      // a binary answer: the contract has no response schema, responseType 'blob' makes it a Blob
      (await http.call(PDF_TEMPLATES_API.review, { params: { templateId }, body: {}, responseType: 'blob' })) as Blob,
  });
}

export function useTemplateSettings(templateId: string | undefined) {
  const { http } = useSession();
  return useQuery<TemplateSettings>({
    queryKey: TEMPLATE_KEYS.settings(templateId ?? ''),
    queryFn: ({ signal }) =>
      http.call(PDF_TEMPLATES_API.getSettings, { params: { templateId: templateId ?? '' }, signal }),
    enabled: Boolean(templateId),
  });
}

export function useSaveTemplateSettings(templateId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TemplateSettings) =>
      http.call(PDF_TEMPLATES_API.setSettings, { params: { templateId }, body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(TEMPLATE_KEYS.settings(templateId), saved),
  });
}
