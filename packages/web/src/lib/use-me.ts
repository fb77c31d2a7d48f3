import { useQuery } from '@tanstack/react-query';
import type { Me } from '@under/core/accounts/me.schema';
import { ACCOUNTS_API } from '@under/core/api/accounts.contract';
import { useEffect } from 'react';
import { useSession } from './session-context';

export const ME_QUERY_KEY = ['me'] as const;

/** GET /api/me; an 'inactive' status (own or the company's) sends the user to /deactivated-account. */
export function useMe() {
  const { http, auth } = useSession();
  const query = useQuery<Me>({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => http.call(ACCOUNTS_API.getMe, { signal }),
  });
  const isInactive = query.data?.status === 'inactive';
  useEffect(() => {
    if (isInactive) auth.markDeactivated();
  }, [isInactive, auth]);
  return query;
}
