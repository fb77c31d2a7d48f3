import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_APPLICATIONS_API, type ApplicationMembersQuery } from '@under/core/api/applications/admin.contract';
import { REVIEW_API } from '@under/core/api/applications/review.contract';
import { FORM_INTEGRATIONS_API } from '@under/core/api/integrations/forms.contract';
import type { AdminApplicationListQuery } from '@under/core/applications/application-list.schema';
import { useSession } from '../../../lib/session-context';

/** One account's applications of one form (the admin list: `GET /api/admin/applications`). */
export function useFormApplications(query: AdminApplicationListQuery) {
  const { http } = useSession();
  return useQuery({
    queryKey: ['admin-applications', 'list', query],
    queryFn: ({ signal }) => http.call(REVIEW_API.adminList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A form's application members, searched and paged. */
export function useApplicationMembers(query: ApplicationMembersQuery) {
  const { http } = useSession();
  return useQuery({
    queryKey: ['admin-applications', 'members', query],
    queryFn: ({ signal }) => http.call(ADMIN_APPLICATIONS_API.members, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The account's forms (names for the screens' headings). */
export function useAccountApplicationForms(companyId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: ['admin-applications', 'forms', companyId],
    queryFn: ({ signal }) => http.call(ADMIN_APPLICATIONS_API.forms, { query: { companyId }, signal }),
    // the heading falls back to the names in the URL; the list below shows its own failure
    meta: { showsOwnError: true },
  });
}

/** The syncability check of one application (decision 078): the same check the sync runs before it runs. */
export function useSyncability(applicationId: string | undefined, companyId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: ['admin-applications', 'syncability', applicationId ?? '', companyId],
    enabled: Boolean(applicationId),
    staleTime: 0,
    gcTime: 0,
    queryFn: ({ signal }) =>
      http.call(FORM_INTEGRATIONS_API.syncability, {
        params: { applicationId: applicationId ?? '' },
        query: { companyId },
        body: undefined,
        signal,
      }),
  });
}
