import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CompanySummary, CompanySummarySchema } from '@under/core/accounts/company.schema';
import type { TeamRole } from '@under/core/accounts/enums';
import {
  type InviteBody,
  type Member,
  type MemberInfoBody,
  MemberSchema,
  type MemberSort,
  type MembersPage,
  MembersPageSchema,
} from '@under/core/accounts/team.schema';
import { OkResponseSchema } from '@under/core/auth/auth.schema';
import { useSession } from '../../../lib/session-context';

export interface MembersParams {
  page: number;
  pageSize: number;
  q: string;
  sort: MemberSort;
  order: 'asc' | 'desc';
}

export const TEAM_KEYS = {
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
      const search = new URLSearchParams({
        page: String(params.page),
        pageSize: String(params.pageSize),
        sort: params.sort,
        order: params.order,
      });
      if (params.q) search.set('q', params.q);
      return http.get(`/members?${search}`, { schema: MembersPageSchema, signal });
    },
    // the table keeps its rows while the next page or search loads
    placeholderData: keepPreviousData,
  });
}

export function useMember(memberId: string) {
  const { http } = useSession();
  return useQuery<Member>({
    queryKey: TEAM_KEYS.member(memberId),
    queryFn: ({ signal }) => http.get(`/members/${memberId}`, { schema: MemberSchema, signal }),
  });
}

export function useInvite() {
  const { http } = useSession();
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (body: InviteBody) => http.post('/invitations', body, { schema: MemberSchema }),
    onSuccess: invalidate,
  });
}

export function useResendInvitation() {
  const { http } = useSession();
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (id: string) => http.post(`/invitations/${id}/resend`, undefined, { schema: MemberSchema }),
    onSuccess: invalidate,
  });
}

export function useRevokeInvitation() {
  const { http } = useSession();
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (id: string) => http.request(`/invitations/${id}`, { method: 'DELETE', schema: OkResponseSchema }),
    onSuccess: invalidate,
  });
}

export function useSetMemberStatus() {
  const { http } = useSession();
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'active' | 'inactive' }) =>
      http.request(`/members/${id}/status`, { method: 'PUT', body: { status }, schema: MemberSchema }),
    onSuccess: invalidate,
  });
}

export function useSetMemberRole() {
  const { http } = useSession();
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: TeamRole }) =>
      http.request(`/members/${id}/role`, { method: 'PUT', body: { role }, schema: MemberSchema }),
    onSuccess: invalidate,
  });
}

export function useSetMemberInfo(memberId: string) {
  const { http } = useSession();
  const invalidate = useInvalidateTeam();
  return useMutation({
    mutationFn: (body: MemberInfoBody) =>
      http.request(`/members/${memberId}/info`, { method: 'PUT', body, schema: MemberSchema }),
    onSuccess: invalidate,
  });
}

export function useResetMemberPassword() {
  const { http } = useSession();
  return useMutation({
    mutationFn: (memberId: string) =>
      http.post(`/members/${memberId}/password`, undefined, { schema: OkResponseSchema }),
  });
}

/** GET /api/companies/summary (shared with the home page's cache entry): seats used and open invitations. */
export function useTeamSummary() {
  const { http } = useSession();
  return useQuery<CompanySummary>({
    queryKey: ['company-summary'],
    queryFn: ({ signal }) => http.get('/companies/summary', { schema: CompanySummarySchema, signal }),
  });
}
