import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { CUSTOM_FORMS_API } from '@under/core/api/custom-forms.contract';
import { TEAM_API } from '@under/core/api/team.contract';
import type {
  CustomFormDetail,
  CustomFormDocument,
  CustomFormListQuerySchema,
  CustomFormStatus,
} from '@under/core/custom-forms/custom-form.schema';
import type { UPDATE_MODES } from '@under/core/templates/master-form.schema';
import type { z } from 'zod';
import { useSession } from '../../../lib/session-context';

type ListParams = z.input<typeof CustomFormListQuerySchema>;
type UpdateMode = (typeof UPDATE_MODES)[number];

const CUSTOM_FORM_KEYS = {
  all: ['custom-forms'] as const,
  list: (params: ListParams) => ['custom-forms', 'list', params] as const,
  form: (id: string, version?: number) => ['custom-forms', 'form', id, version ?? 'current'] as const,
  versions: (id: string) => ['custom-forms', 'versions', id] as const,
  institutions: (q: string) => ['custom-forms', 'institutions', q] as const,
  institution: (formId: string) => ['custom-forms', 'institution', formId] as const,
  permissions: ['custom-forms', 'permissions'] as const,
  members: ['custom-forms', 'members'] as const,
};

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CUSTOM_FORM_KEYS.all }),
      // the home's quota meters count active forms
      queryClient.invalidateQueries({ queryKey: ['companies'] }),
    ]);
}

export function useCustomForms(params: ListParams) {
  const { http } = useSession();
  return useQuery({
    queryKey: CUSTOM_FORM_KEYS.list(params),
    queryFn: ({ signal }) => http.call(CUSTOM_FORMS_API.list, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCustomForm(customFormId: string | undefined, version?: number) {
  const { http } = useSession();
  return useQuery({
    queryKey: CUSTOM_FORM_KEYS.form(customFormId ?? '', version),
    enabled: Boolean(customFormId),
    queryFn: ({ signal }) =>
      http.call(CUSTOM_FORMS_API.get, {
        params: { customFormId: customFormId ?? '' },
        query: version ? { version } : {},
        signal,
      }),
    refetchOnWindowFocus: false,
  });
}

export function useVersions(customFormId: string | undefined) {
  const { http } = useSession();
  return useQuery({
    queryKey: CUSTOM_FORM_KEYS.versions(customFormId ?? ''),
    enabled: Boolean(customFormId),
    queryFn: ({ signal }) =>
      http.call(CUSTOM_FORMS_API.listVersions, { params: { customFormId: customFormId ?? '' }, signal }),
  });
}

export function useInstitutions(q: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: CUSTOM_FORM_KEYS.institutions(q),
    queryFn: ({ signal }) => http.call(CUSTOM_FORMS_API.listInstitutions, { query: q ? { q } : {}, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInstitution(formId: string | undefined) {
  const { http } = useSession();
  return useQuery({
    queryKey: CUSTOM_FORM_KEYS.institution(formId ?? ''),
    enabled: Boolean(formId),
    queryFn: ({ signal }) => http.call(CUSTOM_FORMS_API.getInstitution, { params: { formId: formId ?? '' }, signal }),
  });
}

export function useCreateForm() {
  const { http } = useSession();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { masterFormId: string; name: string }) => http.call(CUSTOM_FORMS_API.create, { body }),
    onSuccess: invalidate,
  });
}

export function useSaveForm(customFormId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { customFormDocument: CustomFormDocument; step?: number }) =>
      http.call(CUSTOM_FORMS_API.update, { params: { customFormId }, body }),
    onSuccess: async (form) => {
      queryClient.setQueryData(CUSTOM_FORM_KEYS.form(customFormId), form);
      await queryClient.invalidateQueries({ queryKey: ['custom-forms', 'list'] });
    },
  });
}

export function useFormActions() {
  const { http } = useSession();
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  const opts = { onSuccess: invalidate };
  return {
    rename: useMutation({
      mutationFn: (v: { customFormId: string; name: string }) =>
        http.call(CUSTOM_FORMS_API.setName, { params: { customFormId: v.customFormId }, body: { name: v.name } }),
      ...opts,
    }),
    setStatus: useMutation({
      mutationFn: (v: { customFormId: string; status: Exclude<CustomFormStatus, 'archived'> }) =>
        http.call(CUSTOM_FORMS_API.setStatus, { params: { customFormId: v.customFormId }, body: { status: v.status } }),
      // the wizard's open form shows the new status at once (issue 21 §5), before the refetch answers
      onSuccess: async (summary, v) => {
        queryClient.setQueriesData<CustomFormDetail>({ queryKey: ['custom-forms', 'form', v.customFormId] }, (old) =>
          old ? { ...old, status: summary.status } : old,
        );
        await invalidate();
      },
    }),
    setMode: useMutation({
      mutationFn: (v: { customFormId: string; updateMode: UpdateMode }) =>
        http.call(CUSTOM_FORMS_API.setMode, {
          params: { customFormId: v.customFormId },
          body: { updateMode: v.updateMode },
        }),
      ...opts,
    }),
    remove: useMutation({
      mutationFn: (customFormId: string) => http.call(CUSTOM_FORMS_API.remove, { params: { customFormId } }),
      ...opts,
    }),
    clone: useMutation({
      mutationFn: (customFormId: string) => http.call(CUSTOM_FORMS_API.clone, { params: { customFormId }, body: {} }),
      ...opts,
    }),
    applyUpdate: useMutation({
      mutationFn: (customFormId: string) =>
        http.call(CUSTOM_FORMS_API.applyUpdate, { params: { customFormId }, body: {} }),
      ...opts,
    }),
  };
}

/** A signed upload URL for one PDF document of the form. */
export function useDocumentUpload(customFormId: string) {
  const { http } = useSession();
  return useMutation({
    mutationFn: () => http.call(CUSTOM_FORMS_API.documentUpload, { params: { customFormId }, body: {} }),
  });
}

export function useTemplatePermissions() {
  const { http } = useSession();
  return useQuery({
    queryKey: CUSTOM_FORM_KEYS.permissions,
    queryFn: ({ signal }) => http.call(CUSTOM_FORMS_API.listTemplatePermissions, { signal }),
  });
}

export function useTemplatePermissionActions() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: CUSTOM_FORM_KEYS.permissions });
  return {
    setGlobal: useMutation({
      mutationFn: (v: { formId: string; global: boolean }) =>
        http.call(CUSTOM_FORMS_API.setTemplateGlobal, { params: { formId: v.formId }, body: { global: v.global } }),
      onSuccess,
    }),
    grant: useMutation({
      mutationFn: (v: { formId: string; userIds: string[] }) =>
        http.call(CUSTOM_FORMS_API.grantTemplate, { params: { formId: v.formId }, body: { userIds: v.userIds } }),
      onSuccess,
    }),
  };
}

/** Members (users, not open invitations) whose name or e-mail contains `q` (3 characters or more), for the picker. */
export function useMemberSearch(q: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: [...CUSTOM_FORM_KEYS.members, 'search', q],
    enabled: q.length >= 3,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const page = await http.call(TEAM_API.listMembers, {
        query: { q, page: 1, pageSize: 20, sort: 'createdAt', order: 'asc' },
        signal,
      });
      return page.items.filter((m) => m.kind === 'user');
    },
  });
}

/** The members already granted, read one by one by id (GET /api/members/{id}) to show them by name. */
export function useMemberNames(ids: readonly string[]) {
  const { http } = useSession();
  return useQueries({
    queries: ids.map((memberId) => ({
      queryKey: [...CUSTOM_FORM_KEYS.members, 'one', memberId],
      queryFn: ({ signal }: { signal: AbortSignal }) => http.call(TEAM_API.getMember, { params: { memberId }, signal }),
      staleTime: 60_000,
      retry: false,
    })),
  });
}

/** The applicant link of a form (the applicant pages come with the next issue). */
export function applicantLink(customFormId: string): string {
  return `${window.location.origin}/application-form/${customFormId}`;
}
