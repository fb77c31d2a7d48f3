import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MasterForm,
  MasterFormListItemSchema,
  MasterFormSchema,
  type MasterFormStructure,
  type UPDATE_MODES,
} from '@under/core/templates/master-form.schema';
import { PdfTemplateListSchema } from '@under/core/templates/pdf-template.schema';
import { z } from 'zod';
import { useSession } from '../../../lib/session-context';

export const MasterFormWithTotalSchema = MasterFormListItemSchema;
export type MasterFormWithTotal = z.output<typeof MasterFormWithTotalSchema>;
const VersionsSchema = z.array(
  z.object({ version: z.number(), mappingFieldsVersion: z.number(), publishedAt: z.string() }),
);
export type MasterFormVersion = z.output<typeof VersionsSchema>[number];
export type UpdateMode = (typeof UPDATE_MODES)[number];

export const MASTER_FORM_KEYS = {
  all: ['master-forms'] as const,
  list: ['master-forms', 'list'] as const,
  form: (formId: string) => ['master-forms', 'form', formId] as const,
  versions: (formId: string) => ['master-forms', 'versions', formId] as const,
  mappedTemplates: ['master-forms', 'mapped-templates'] as const,
};

/** GET /api/master_forms_with_total_form: every master form with its number of client forms. */
export function useMasterForms() {
  const { http } = useSession();
  return useQuery({
    queryKey: MASTER_FORM_KEYS.list,
    queryFn: ({ signal }) =>
      http.get('/master_forms_with_total_form', { schema: z.array(MasterFormWithTotalSchema), signal }),
  });
}

export function useMasterForm(formId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: MASTER_FORM_KEYS.form(formId),
    queryFn: ({ signal }) => http.get(`/master_forms/${formId}`, { schema: MasterFormSchema, signal }),
    // the designer starts from a fresh copy (another admin may have saved since), then holds it while editing
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
}

export function useVersions(formId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: MASTER_FORM_KEYS.versions(formId),
    queryFn: ({ signal }) => http.get(`/master_forms/${formId}/versions`, { schema: VersionsSchema, signal }),
  });
}

/**
 * Templates a master form can be made from: those with mapped fields. GET /api/pdf_templates pages by 100 at most;
 * active templates are read page by page (a handful in practice).
 */
export function useMappedTemplates(enabled: boolean) {
  const { http } = useSession();
  return useQuery({
    queryKey: MASTER_FORM_KEYS.mappedTemplates,
    enabled,
    queryFn: async ({ signal }) => {
      const items = [];
      for (let page = 1; page <= 20; page++) {
        const res = await http.get(`/pdf_templates?status=active&mapped=true&pageSize=100&page=${page}`, {
          schema: PdfTemplateListSchema,
          signal,
        });
        items.push(...res.items);
        if (page * res.pageSize >= res.total) break;
      }
      return items.filter((t) => t.fieldCount > 0);
    },
  });
}

/** Puts a changed form in the caches of the list and of the form itself. */
function useStoreForm() {
  const queryClient = useQueryClient();
  return async (form: MasterForm) => {
    queryClient.setQueryData(MASTER_FORM_KEYS.form(form.formId), form);
    await queryClient.invalidateQueries({ queryKey: MASTER_FORM_KEYS.list });
  };
}

export function useCreateMasterForm() {
  const { http } = useSession();
  const store = useStoreForm();
  return useMutation({
    mutationFn: (body: { templateId: string; name: string }) =>
      http.post('/master_forms', body, { schema: MasterFormSchema }),
    onSuccess: store,
  });
}

export function useSaveStructure(formId: string) {
  const { http } = useSession();
  const store = useStoreForm();
  return useMutation({
    mutationFn: (structure: MasterFormStructure) =>
      http.post(`/master_forms/${formId}`, { structure }, { schema: MasterFormSchema }),
    onSuccess: store,
  });
}

export function usePublish(formId: string) {
  const { http } = useSession();
  const store = useStoreForm();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.request(`/master_forms/${formId}/versions`, { method: 'PATCH', schema: MasterFormSchema }),
    onSuccess: async (form) => {
      await store(form);
      await queryClient.invalidateQueries({ queryKey: MASTER_FORM_KEYS.versions(formId) });
    },
  });
}

function usePatch<B>(formId: string, path: 'mode' | 'general' | 'accessibility' | 'status') {
  const { http } = useSession();
  const store = useStoreForm();
  return useMutation({
    mutationFn: (body: B) =>
      http.request(`/master_forms/${formId}/${path}`, { method: 'PATCH', body, schema: MasterFormSchema }),
    onSuccess: store,
  });
}

export const useSetMode = (formId: string) => usePatch<{ updateMode: UpdateMode }>(formId, 'mode');
export const useSetGeneral = (formId: string) =>
  usePatch<{ name: string; processorId: string | null }>(formId, 'general');
export const useSetStatus = (formId: string) => usePatch<{ status: 'active' | 'inactive' }>(formId, 'status');
export const useSetAccessibility = (formId: string) =>
  usePatch<{
    access: 'global' | 'limited';
    membershipIds: string[];
    companyIds: string[];
    excludedCompanyIds: string[];
  }>(formId, 'accessibility');
