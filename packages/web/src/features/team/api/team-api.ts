import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanySummary } from '@under/core/accounts/company.schema';
import type { TeamRole } from '@under/core/accounts/enums';
import type { InviteBody, Member, MemberInfoBody, MemberSort, MembersPage } from '@under/core/accounts/team.schema';
import { COMPANIES_API } from '@under/core/api/companies.contract';
import { TEAM_API } from '@under/core/api/team.contract';
import { useSession } from '../../../lib/session-context';

interface MembersParams {
  page: number;
  pageSize: number;
  q: string;
  sort: MemberSort;
  order: 'asc' | 'desc';
}

const TEAM_KEYS = {
  all: ['team'] as const,
  members: (params: MembersParams) => ['team', 'members', params] as const,
  member: (id: string) => ['team', 'member', id] as const,
};

/** Everything a team change can move: the list, the member, the home summary and the quotas. */
const AFFECTED = [TEAM_KEYS.all, ['company-summary']];

function useInvalidateTeam() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(AFFECTED.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}

export function useMembers(params: MembersParams) {
  const { http } = useSession();
  return useQuery<MembersPage>({
    queryKey: TEAM_KEYS.members(params),
    queryFn: ({ signal }) => {
      const { page, pageSize, sort, order, q } = params;
      // an empty search is left out of the query
      return http.call(TEAM_API.listMembers, { query: { page, pageSize, sort, order, q }, signal });
    },
    // the table keeps its rows while the next page or search loads
    placeholderData: keepPreviousData,
  });
}

export function useMember(memberId: string) {
  const { http } = useSession();
  return useQuery<Member>({
    queryKey: TEAM_KEYS.member(memberId),
    queryFn: ({ signal }) => http.call(TEAM_API.getMember, { params: { memberId }, signal }),
  });
}

export function useInvite() {
  const { http } = useSession();
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (body: InviteBody) => http.call(TEAM_API.invite, { body }),
    onSuccess: invalidate,
  });
}

export function useResendInvitation() {
  const { http } = useSession();
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (id: string) => http.call(TEAM_API.resendInvitation, { params: { memberId: id } }),
    onSuccess: invalidate,
  });
}

export function useRevokeInvitation() {
  const { http } = useSession();
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (id: string) => http.call(TEAM_API.revokeInvitation, { params: { memberId: id } }),
    onSuccess: invalidate,
  });
}

export function useSetMemberStatus() {
  const { http } = useSession();
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'active' | 'inactive' }) =>
      http.call(TEAM_API.setMemberStatus, { params: { memberId: id }, body: { status } }),
    onSuccess: invalidate,
  });
}

export function useSetMemberRole() {
  const { http } = useSession();
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: TeamRole }) =>
      http.call(TEAM_API.setMemberRole, { params: { memberId: id }, body: { role } }),
    onSuccess: invalidate,
  });
}

export function useSetMemberInfo(memberId: string) {
  const { http } = useSession();
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (body: MemberInfoBody) => http.call(TEAM_API.setMemberInfo, { params: { memberId }, body }),
    onSuccess: invalidate,
  });
}

export function useResetMemberPassword() {
  const { http } = useSession();
  return useMutation({
    mutationFn: (memberId: string) => http.call(TEAM_API.resetMemberPassword, { params: { memberId } }),
  });
}

/** GET /api/companies/summary (shared with the home page's cache entry): seats used and open invitations. */
export function useTeamSummary() {
  const { http } = useSession();
  return useQuery<CompanySummary>({
    queryKey: ['company-summary'],
    queryFn: ({ signal }) => http.call(COMPANIES_API.getSummary, { signal }),
  });
}
