import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanySummary } from '@under/core/accounts/company.schema';
import type { Profile, ProfileBody, UpdateProfileBody } from '@under/core/accounts/profile.schema';
import type { MembersPage, PublicInvitation } from '@under/core/accounts/team.schema';
import { ACCOUNTS_API } from '@under/core/api/accounts.contract';
import { REVIEW_API } from '@under/core/api/applications/review.contract';
import { COMPANIES_API } from '@under/core/api/companies.contract';
import { TEAM_API } from '@under/core/api/team.contract';
import { useSession } from '../../../lib/session-context';
import { ME_QUERY_KEY } from '../../../lib/use-me';

/** Query keys of the signed-in account; anything that changes the company or team refreshes them. */
const ACCOUNT_KEYS = {
  profile: ['profile'] as const,
  summary: ['company-summary'] as const,
  company: (id: string) => ['company', id] as const,
  memberships: ['memberships'] as const,
  invitation: (code: string) => ['invitation', code] as const,
};

export function useProfile() {
  const { http } = useSession();
  return useQuery<Profile>({
    queryKey: ACCOUNT_KEYS.profile,
    queryFn: ({ signal }) => http.call(ACCOUNTS_API.getProfile, { signal }),
  });
}

/** POST /api/profiles: registers the company, or joins the team of an invitation. */
export function useCreateProfile() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => http.call(ACCOUNTS_API.createProfile, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.profile });
    },
  });
}

export function useUpdateProfile() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => http.call(ACCOUNTS_API.updateProfile, { body }),
    onSuccess: async (profile) => {
      queryClient.setQueryData(ACCOUNT_KEYS.profile, profile);
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

export function useCompanySummary() {
  const { http } = useSession();
  return useQuery<CompanySummary>({
    queryKey: ACCOUNT_KEYS.summary,
    queryFn: ({ signal }) => http.call(COMPANIES_API.getSummary, { signal }),
  });
}

/** The company with a signed logo URL (valid an hour; refetched well before). */
export function useCompany(companyId: string | undefined) {
  const { http } = useSession();
  return useQuery<Company>({
    queryKey: ACCOUNT_KEYS.company(companyId ?? ''),
    queryFn: ({ signal }) => http.call(COMPANIES_API.getCompany, { params: { companyId: companyId ?? '' }, signal }),
    enabled: Boolean(companyId),
    staleTime: 30 * 60_000,
  });
}

/** GET /api/invitations/{code}: public, the code is the credential. */
export function usePublicInvitation(code: string) {
  const { http } = useSession();
  return useQuery<PublicInvitation>({
    queryKey: ACCOUNT_KEYS.invitation(code),
    queryFn: ({ signal }) => http.call(TEAM_API.getPublicInvitation, { params: { id: code }, signal, auth: false }),
    staleTime: 0,
    meta: { showsOwnError: true },
  });
}

/** The first members for the home page's team card (the team page has the full table). */
export function useTeamPreview() {
  const { http } = useSession();
  return useQuery<MembersPage>({
    queryKey: ['team', 'preview'],
    queryFn: ({ signal }) =>
      http.call(TEAM_API.listMembers, {
        query: { page: 1, pageSize: 10, sort: 'createdAt', order: 'asc' },
        signal,
      }),
  });
}

/** The dashboard's application figures over the last 6, 12, 24 or 36 months (issue 14). */
export function useStatusStatistics(months: 6 | 12 | 24 | 36) {
  const { http } = useSession();
  return useQuery({
    queryKey: ['applications', 'statistics', months],
    queryFn: ({ signal }) => http.call(REVIEW_API.statusStatistics, { query: { months }, signal }),
    placeholderData: keepPreviousData,
  });
}
