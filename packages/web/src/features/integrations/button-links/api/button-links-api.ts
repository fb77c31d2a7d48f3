import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ACCOUNTS_API } from '@under/core/api/admin-accounts.contract';
import { BUTTON_LINKS_API } from '@under/core/api/integrations/button-links.contract';
import { useSession } from '../../../../lib/session-context';

export const BUTTON_LINK_KEYS = {
  all: ['admin-button-links'] as const,
  list: ['admin-button-links', 'list'] as const,
  deliveries: (id: string, page: number, pageSize: number) =>
    ['admin-button-links', 'deliveries', id, page, pageSize] as const,
};

/** GET /api/admin/button-links. */
export function useButtonLinks() {
  const { http } = useSession();
  return useQuery({
    queryKey: BUTTON_LINK_KEYS.list,
    queryFn: ({ signal }) => http.call(BUTTON_LINKS_API.list, { signal }),
  });
}

/** Companies the admin can give a button link: the first 20 by name, or the ones whose name matches `q`. */
export function useCompanyChoices(q: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: ['admin-button-links', 'companies', q],
    queryFn: ({ signal }) =>
      http.call(ADMIN_ACCOUNTS_API.listAccounts, { query: { page: 1, pageSize: 20, ...(q ? { q } : {}) }, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useCreateButtonLink() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { companyId: string; name: string; buttonLink: string }) =>
      http.call(BUTTON_LINKS_API.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUTTON_LINK_KEYS.all }),
  });
}

export function useUpdateButtonLink() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; status: 'active' | 'inactive' }) =>
      http.call(BUTTON_LINKS_API.update, { params: { buttonLinkId: v.id }, body: { status: v.status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUTTON_LINK_KEYS.all }),
  });
}

export function useRotateSecret() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.call(BUTTON_LINKS_API.rotateSecret, { params: { buttonLinkId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUTTON_LINK_KEYS.list }),
  });
}

/** GET …/deliveries: one page of the log, newest first; polled while a delivery is waiting or sending. */
export function useDeliveries(id: string, page: number, pageSize: number) {
  const { http } = useSession();
  return useQuery({
    queryKey: BUTTON_LINK_KEYS.deliveries(id, page, pageSize),
    queryFn: ({ signal }) =>
      http.call(BUTTON_LINKS_API.deliveries, { params: { buttonLinkId: id }, query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.items.some((d) => d.state === 'sending' || (d.state === 'queued' && d.attempts === 0))
        ? 2000
        : false,
  });
}

export function useResend(id: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      http.call(BUTTON_LINKS_API.resend, { params: { buttonLinkId: id, deliveryId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BUTTON_LINK_KEYS.all }),
  });
}
