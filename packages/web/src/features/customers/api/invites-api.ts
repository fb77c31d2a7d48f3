import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INVITES_API } from '@under/core/api/applications/invites.contract';
import { REVIEW_API } from '@under/core/api/applications/review.contract';
import { CUSTOM_FORMS_API } from '@under/core/api/custom-forms.contract';
import type { InviteBodySchema } from '@under/core/applications/application.schema';
import type { z } from 'zod';
import { useSession } from '../../../lib/session-context';

type InviteCustomerBody = z.input<typeof InviteBodySchema>;

/** The company's active forms a customer can be invited to (a STANDARD member's: those granted to them). */
export function useActiveForms() {
  const { http } = useSession();
  return useQuery({
    queryKey: ['custom-forms', 'list', { status: 'active', pageSize: 100, for: 'invite' }],
    queryFn: ({ signal }) =>
      http.call(CUSTOM_FORMS_API.list, {
        query: { status: 'active', page: 1, pageSize: 100, sort: 'name', order: 'asc' },
        signal,
      }),
  });
}

/** POST /api/applications/invite. */
export function useInviteCustomer() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteCustomerBody) => http.call(INVITES_API.invite, { body }),
    // application lists (issue 14) show the new invite_sent application
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}

/** The Customers screen: the company's applicants with their applications. */
export function useCustomers(query: { page: number; pageSize: number; q?: string }) {
  const { http } = useSession();
  return useQuery({
    queryKey: ['applications', 'customers', query],
    queryFn: ({ signal }) => http.call(REVIEW_API.customers, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
