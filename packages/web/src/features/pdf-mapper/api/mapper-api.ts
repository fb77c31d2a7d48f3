import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIBRARY_API } from '@under/core/api/library.contract';
import { MASTER_FORMS_API } from '@under/core/api/master-forms.contract';
import { PDF_TEMPLATES_API } from '@under/core/api/pdf-templates.contract';
import { DATA_GROUP_TYPES, FIELD_TYPES, NON_DATA_TYPES } from '@under/core/forms/field-types';
import { walkRawComponents } from '@under/core/forms/form-walk';
import type { Dictionary } from '@under/core/templates/dictionary.schema';
import type { Mapping, PdfFieldInput } from '@under/core/templates/pdf-field.schema';
import type { ConfirmPageBodySchema, PdfTemplate } from '@under/core/templates/pdf-template.schema';
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
    queryFn: ({ signal }) => http.call(PDF_TEMPLATES_API.get, { params: { templateId }, signal }),
    // the signed download URL lasts an hour: a fresh one each time the mapper opens
    staleTime: 0,
  });
}

export function useMapping(templateId: string) {
  const { http } = useSession();
  return useQuery<Mapping>({
    queryKey: MAPPER_KEYS.mapping(templateId),
    queryFn: ({ signal }) => http.call(PDF_TEMPLATES_API.getMapping, { params: { templateId }, signal }),
    staleTime: 0,
  });
}

export function useSaveMapping(templateId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: PdfFieldInput[]) =>
      http.call(PDF_TEMPLATES_API.saveMapping, { params: { templateId }, body: { data } }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(MAPPER_KEYS.mapping(templateId), saved);
      await queryClient.invalidateQueries({ queryKey: ['pdf-templates'], exact: false });
    },
  });
}

/** Dictionary entries for the binding select: every page of 100 (the starter dictionary alone has 72), at most 2,000. */
export function useDictionaryEntries() {
  const { http } = useSession();
  return useQuery<Dictionary[]>({
    queryKey: MAPPER_KEYS.dictionaries,
    queryFn: async ({ signal }) => {
      const items: Dictionary[] = [];
      for (let page = 1; page <= 20; page++) {
        const res = await http.call(LIBRARY_API.listDictionaries, { query: { page, pageSize: 100 }, signal });
        items.push(...res.items);
        if (page * res.pageSize >= res.total || res.items.length === 0) break;
      }
      return items;
    },
  });
}

export interface FormFieldRef {
  key: string;
  type: string;
  label: string;
}

// what holds a value (NON_DATA_TYPES already names layout, content, buttons and HTML)
const INPUT_TYPES = new Set<string>(FIELD_TYPES.filter((t) => !NON_DATA_TYPES.has(t)));

// components whose children's values live under their own key (decision 028), and an address's parts
const NESTING_TYPES = new Set<string>([...DATA_GROUP_TYPES, 'address']);

/**
 * Every input of a form definition at the submission's top level, nested panels and columns included. A field
 * inside a grid or container is `owners[0].ssn` / `business.name` in the data, not `ssn`: a binding names a plain
 * key, so such a field is not offered, and never stands in for (or hides) a top-level field of the same key.
 */
export function collectFormFields(definition: unknown): FormFieldRef[] {
  const found: FormFieldRef[] = [];
  const seen = new Set<string>();
  walkRawComponents((definition as { components?: unknown } | null)?.components, ({ component: c, ancestors }) => {
    if (ancestors.some((a) => typeof a.type === 'string' && NESTING_TYPES.has(a.type))) return;
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
      const form = await http.call(MASTER_FORMS_API.get, { params: { formId: formId ?? '' }, signal });
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
    mutationFn: async (data: PdfFieldInput[]) =>
      // a binary answer: the contract has no response schema, responseType 'blob' makes it a Blob
      (await http.call(PDF_TEMPLATES_API.review, {
        params: { templateId },
        body: { data },
        responseType: 'blob',
      })) as Blob,
  });
}

export function useConfirmPage(templateId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: MAPPER_KEYS.confirmPage(templateId),
    queryFn: ({ signal }) => http.call(PDF_TEMPLATES_API.getConfirmPage, { params: { templateId }, signal }),
    staleTime: 0,
  });
}

export function useSaveConfirmPage(templateId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: ConfirmPageItem[]) =>
      http.call(PDF_TEMPLATES_API.setConfirmPage, { params: { templateId }, body: { items } }),
    onSuccess: (saved) => queryClient.setQueryData(MAPPER_KEYS.confirmPage(templateId), saved),
  });
}
