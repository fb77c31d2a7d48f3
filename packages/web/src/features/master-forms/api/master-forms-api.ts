import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ACCOUNTS_API } from '@under/core/api/admin-accounts.contract';
import { CUSTOM_FORMS_API } from '@under/core/api/custom-forms.contract';
import { MASTER_FORMS_API } from '@under/core/api/master-forms.contract';
import { PDF_TEMPLATES_API } from '@under/core/api/pdf-templates.contract';
import type {
  MasterForm,
  MasterFormListItemSchema,
  MasterFormStructure,
  UPDATE_MODES,
} from '@under/core/templates/master-form.schema';
import type { z } from 'zod';
import { useSession } from '../../../lib/session-context';

export type MasterFormWithTotal = z.output<typeof MasterFormListItemSchema>;
export type UpdateMode = (typeof UPDATE_MODES)[number];

const MASTER_FORM_KEYS = {
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
    queryFn: ({ signal }) => http.call(MASTER_FORMS_API.listWithTotalForm, { signal }),
  });
}

export function useMasterForm(formId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: MASTER_FORM_KEYS.form(formId),
    queryFn: ({ signal }) => http.call(MASTER_FORMS_API.get, { params: { formId }, signal }),
    // the designer starts from a fresh copy (another admin may have saved since), then holds it while editing
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
}

export function useVersions(formId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: MASTER_FORM_KEYS.versions(formId),
    queryFn: ({ signal }) => http.call(MASTER_FORMS_API.listVersions, { params: { formId }, signal }),
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
        const res = await http.call(PDF_TEMPLATES_API.list, {
          query: { status: 'active', mapped: 'true', pageSize: 100, page },
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
    mutationFn: (body: { templateId: string; name: string }) => http.call(MASTER_FORMS_API.create, { body }),
    onSuccess: store,
  });
}

export function useSaveStructure(formId: string) {
  const { http } = useSession();
  const store = useStoreForm();
  return useMutation({
    mutationFn: (structure: MasterFormStructure) =>
      http.call(MASTER_FORMS_API.update, { params: { formId }, body: { structure } }),
    onSuccess: store,
  });
}

export function usePublish(formId: string) {
  const { http } = useSession();
  const store = useStoreForm();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.call(MASTER_FORMS_API.publish, { params: { formId }, body: undefined }),
    onSuccess: async (form) => {
      await store(form);
      await queryClient.invalidateQueries({ queryKey: MASTER_FORM_KEYS.versions(formId) });
    },
  });
}

/** A settings PATCH of a master form: each answers the whole form, which goes to the caches. */
function usePatch<B>(send: (body: B) => Promise<MasterForm>) {
  const store = useStoreForm();
  return useMutation({ mutationFn: send, onSuccess: store });
}

export function useSetMode(formId: string) {
  const { http } = useSession();
  return usePatch((body: { updateMode: UpdateMode }) =>
    http.call(MASTER_FORMS_API.setMode, { params: { formId }, body }),
  );
}

export function useSetGeneral(formId: string) {
  const { http } = useSession();
  return usePatch((body: { name: string; processorId: string | null }) =>
    http.call(MASTER_FORMS_API.setGeneral, { params: { formId }, body }),
  );
}

export function useSetStatus(formId: string) {
  const { http } = useSession();
  return usePatch((body: { status: 'active' | 'inactive' }) =>
    http.call(MASTER_FORMS_API.setStatus, { params: { formId }, body }),
  );
}

export function useSetAccessibility(formId: string) {
  const { http } = useSession();
  return usePatch(
    (body: {
      access: 'global' | 'limited';
      membershipIds: string[];
      companyIds: string[];
      excludedCompanyIds: string[];
    }) => http.call(MASTER_FORMS_API.setAccessibility, { params: { formId }, body }),
  );
}

/**
 * GET /api/master_forms/{formId}/archive_impact: how many client forms of how many companies switching to limited
 * archives; read fresh each time the confirmation opens.
 */
export function useArchiveImpact(formId: string, enabled: boolean) {
  const { http } = useSession();
  return useQuery({
    queryKey: ['master-forms', 'archive-impact', formId],
    queryFn: ({ signal }) => http.call(CUSTOM_FORMS_API.archiveImpact, { params: { formId }, signal }),
    enabled,
    gcTime: 0,
    staleTime: 0,
  });
}

/** The names of accounts by id (the extended lists hold ids). */
export function useAccountNames(ids: string[]) {
  const { http } = useSession();
  const sorted = [...ids].sort();
  return useQuery({
    queryKey: ['master-forms', 'account-names', sorted],
    queryFn: ({ signal }) =>
      http.call(ADMIN_ACCOUNTS_API.listAccounts, { query: { ids: sorted, pageSize: 100 }, signal }),
    enabled: sorted.length > 0,
    staleTime: 60_000,
  });
}

/** Accounts whose name contains `q` (3 letters or more), for the account picker. */
export function useAccountSearch(q: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: ['master-forms', 'account-search', q],
    queryFn: ({ signal }) =>
      http.call(ADMIN_ACCOUNTS_API.listAccounts, { query: { q, pageSize: 20, sort: 'name', order: 'asc' }, signal }),
    enabled: q.length >= 3,
    placeholderData: keepPreviousData,
  });
}
