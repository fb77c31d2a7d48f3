import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FIELD_TYPES, NON_DATA_TYPES } from '@under/core/forms/field-types';
import { walkRawComponents } from '@under/core/forms/form-walk';
import { type Dictionary, DictionaryListSchema } from '@under/core/templates/dictionary.schema';
import { MasterFormSchema } from '@under/core/templates/master-form.schema';
import { type Mapping, MappingSchema, type PdfFieldInput } from '@under/core/templates/pdf-field.schema';
import { ConfirmPageBodySchema, type PdfTemplate, PdfTemplateSchema } from '@under/core/templates/pdf-template.schema';
import type { z } from 'zod';
import { useSession } from '../../../lib/session-context';

export type ConfirmPageItem = z.input<typeof ConfirmPageBodySchema>['items'][number];

export const MAPPER_KEYS = {
  template: (id: string) => ['pdf-templates', 'detail', id] as const,
  mapping: (id: string) => ['pdf-templates', 'mapping', id] as const,
  confirmPage: (id: string) => ['pdf-templates', 'confirm-page', id] as const,
  dictionaries: ['dictionaries', 'mapper'] as const,
  formFields: (formId: string) => ['master-forms', 'fields', formId] as const,
};

export function useTemplate(templateId: string) {
  const { http } = useSession();
  return useQuery<PdfTemplate>({
    queryKey: MAPPER_KEYS.template(templateId),
    queryFn: ({ signal }) => http.get(`/pdf_templates/${templateId}`, { schema: PdfTemplateSchema, signal }),
    // the signed download URL lasts an hour: a fresh one each time the mapper opens
    staleTime: 0,
  });
}

export function useMapping(templateId: string) {
  const { http } = useSession();
  return useQuery<Mapping>({
    queryKey: MAPPER_KEYS.mapping(templateId),
    queryFn: ({ signal }) => http.get(`/pdf_templates/${templateId}/mapping_fields`, { schema: MappingSchema, signal }),
    staleTime: 0,
  });
}

export function useSaveMapping(templateId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: PdfFieldInput[]) =>
      http.post(`/pdf_templates/${templateId}/mapping_fields`, { data }, { schema: MappingSchema }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(MAPPER_KEYS.mapping(templateId), saved);
      await queryClient.invalidateQueries({ queryKey: ['pdf-templates'], exact: false });
    },
  });
}

/** The first 100 dictionary entries (the API's page limit), for the binding select. */
export function useDictionaryEntries() {
  const { http } = useSession();
  return useQuery<Dictionary[]>({
    queryKey: MAPPER_KEYS.dictionaries,
    queryFn: async ({ signal }) =>
      (await http.get('/dictionaries?page=1&pageSize=100', { schema: DictionaryListSchema, signal })).items,
  });
}

export interface FormFieldRef {
  key: string;
  type: string;
  label: string;
}

// what holds a value (NON_DATA_TYPES already names layout, content, buttons and HTML)
const INPUT_TYPES = new Set<string>(FIELD_TYPES.filter((t) => !NON_DATA_TYPES.has(t)));

/** Every input of a form definition, nested panels and columns included. */
export function collectFormFields(definition: unknown): FormFieldRef[] {
  const found: FormFieldRef[] = [];
  const seen = new Set<string>();
  walkRawComponents((definition as { components?: unknown } | null)?.components, ({ component: c }) => {
    if (typeof c.key === 'string' && typeof c.type === 'string' && INPUT_TYPES.has(c.type) && !seen.has(c.key)) {
      seen.add(c.key);
      found.push({ key: c.key, type: c.type, label: typeof c.label === 'string' ? c.label : c.key });
    }
  });
  return found;
}

/** The fields of the master form the mapper was opened for (`/pdf-mapping/edit/{templateId}/{formId}`). */
export function useFormFields(formId: string | undefined) {
  const { http } = useSession();
  return useQuery<FormFieldRef[]>({
    queryKey: MAPPER_KEYS.formFields(formId ?? ''),
    enabled: Boolean(formId),
    queryFn: async ({ signal }) => {
      const form = await http.get(`/master_forms/${formId}`, { schema: MasterFormSchema, signal });
      const fields = collectFormFields(form.structure.allField);
      for (const b of form.structure.bindingFields) {
        if (!fields.some((f) => f.key === b.name)) fields.push({ key: b.name, type: b.type, label: b.name });
      }
      return fields;
    },
  });
}

/** POST …/review with the current (maybe unsaved) mapping: the filled PDF as a Blob. */
export function useReviewPdf(templateId: string) {
  const { http } = useSession();
  return useMutation({
    mutationFn: (data: PdfFieldInput[]) =>
      http.request<Blob>(`/pdf_templates/${templateId}/review`, {
        method: 'POST',
        body: { data },
        responseType: 'blob',
      }),
  });
}

export function useConfirmPage(templateId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: MAPPER_KEYS.confirmPage(templateId),
    queryFn: ({ signal }) =>
      http.get(`/pdf_templates/${templateId}/confirm-page-mapper`, { schema: ConfirmPageBodySchema, signal }),
    staleTime: 0,
  });
}

export function useSaveConfirmPage(templateId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: ConfirmPageItem[]) =>
      http.post(`/pdf_templates/${templateId}/confirm-page-mapper`, { items }, { schema: ConfirmPageBodySchema }),
    onSuccess: (saved) => queryClient.setQueryData(MAPPER_KEYS.confirmPage(templateId), saved),
  });
}
