import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSort, InviteAdminBody, UpdateAccountBody } from '@under/core/admin-accounts/admin-accounts.schema';
import { ADMIN_ACCOUNTS_API } from '@under/core/api/admin-accounts.contract';
import { COMPANIES_API } from '@under/core/api/companies.contract';
import { COUPONS_API } from '@under/core/api/coupons.contract';
import { MASTER_FORMS_API } from '@under/core/api/master-forms.contract';
import { useSession } from '../../../lib/session-context';

interface AccountsParams {
  q: string;
  subscriptions: string[];
  sort: AccountSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const KEYS = {
  all: ['admin-accounts'] as const,
  list: (p: AccountsParams) => ['admin-accounts', 'list', p] as const,
  one: (id: string) => ['admin-accounts', 'one', id] as const,
  summary: (id: string) => ['admin-accounts', 'summary', id] as const,
  overview: ['admin-accounts', 'overview'] as const,
  admins: ['admin-users'] as const,
};

export function useAccounts(p: AccountsParams) {
  const { http } = useSession();
  return useQuery({
    queryKey: KEYS.list(p),
    queryFn: ({ signal }) =>
      http.call(ADMIN_ACCOUNTS_API.listAccounts, {
        query: { ...p, q: p.q || undefined, subscriptions: p.subscriptions.length ? p.subscriptions : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAccount(companyId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: KEYS.one(companyId),
    queryFn: ({ signal }) => http.call(ADMIN_ACCOUNTS_API.getAccount, { params: { companyId }, signal }),
  });
}

export function useAccountSummary(companyId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: KEYS.summary(companyId),
    queryFn: ({ signal }) => http.call(ADMIN_ACCOUNTS_API.getAccountSummary, { params: { companyId }, signal }),
    enabled: Boolean(companyId),
  });
}

export function useOverview() {
  const { http } = useSession();
  return useQuery({
    queryKey: KEYS.overview,
    queryFn: ({ signal }) => http.call(ADMIN_ACCOUNTS_API.getOverview, { signal }),
  });
}

export function useMemberships() {
  const { http } = useSession();
  return useQuery({
    queryKey: ['memberships'],
    queryFn: ({ signal }) => http.call(COMPANIES_API.listMemberships, { signal }),
    staleTime: 60_000,
  });
}

export function useUpdateAccount(companyId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountBody) =>
      http.call(ADMIN_ACCOUNTS_API.updateAccount, { params: { companyId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS.all }),
  });
}

export function useSetSubscriptionLevel(companyId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (membershipId: string) =>
      http.call(ADMIN_ACCOUNTS_API.setSubscriptionLevel, { params: { companyId }, body: { membershipId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS.all }),
  });
}

export function useAdminUsers() {
  const { http } = useSession();
  return useQuery({
    queryKey: KEYS.admins,
    queryFn: ({ signal }) => http.call(ADMIN_ACCOUNTS_API.listAdminUsers, { signal }),
  });
}

export function useInviteAdmin() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteAdminBody) => http.call(ADMIN_ACCOUNTS_API.inviteAdminUser, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS.admins }),
  });
}

export function useSetAdminStatus() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: string; status: 'active' | 'inactive' }) =>
      http.call(ADMIN_ACCOUNTS_API.setAdminUserStatus, { params: { userId: v.userId }, body: { status: v.status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS.admins }),
  });
}

/** The coupon applied to a company and what it takes off its plan now. */
export function useCompanyDiscount(companyId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: ['admin-accounts', 'discount', companyId],
    queryFn: ({ signal }) => http.call(COUPONS_API.getCompanyDiscount, { params: { companyId }, signal }),
    enabled: Boolean(companyId),
  });
}

/** Master forms the company may use (global ones of its plan and those extended to it). */
export function useCompanyForms(companyId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: ['admin-accounts', 'forms', companyId],
    queryFn: ({ signal }) => http.call(MASTER_FORMS_API.listBrief, { query: { companyId }, signal }),
    enabled: Boolean(companyId),
  });
}

/** Who of each company may use a template (its permission detail). */
export function useFormPermission(formId: string | null) {
  const { http } = useSession();
  return useQuery({
    queryKey: ['admin-accounts', 'permission', formId],
    queryFn: ({ signal }) => http.call(MASTER_FORMS_API.getPermission, { params: { formId: formId ?? '' }, signal }),
    enabled: Boolean(formId),
  });
}

export function useGrantPermission(formId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { companyId: string; userIds: string[] }) =>
      http.call(MASTER_FORMS_API.grantPermission, { params: { formId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-accounts', 'permission', formId] }),
  });
}
