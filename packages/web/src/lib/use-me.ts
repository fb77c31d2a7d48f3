import { useQuery } from '@tanstack/react-query';
import { type Me, MeSchema } from '@under/core/accounts/me.schema';
import { useEffect } from 'react';
import { useSession } from './session-context';

export const ME_QUERY_KEY = ['me'] as const;

/** GET /api/me; an 'inactive' status (own or the company's) sends the user to /deactivated-account. */
export function useMe() {
  const { http, auth } = useSession();
  const query = useQuery<Me>({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => http.get('/me', { schema: MeSchema, signal }),
  });
  const isInactive = query.data?.status === 'inactive';
  useEffect(() => {
    if (isInactive) auth.markDeactivated();
  }, [isInactive, auth]);
  return query;
}
