import { useQuery } from '@tanstack/react-query';
import { LIBRARY_API } from '@under/core/api/library.contract';
import { useSession } from './session-context';

const PROCESSORS_QUERY_KEY = ['processors'] as const;

/**
 * GET /api/processors: the payment processors sections and master forms name (fixed per deployment). Shared by the
 * library and master-form screens under one cache key, so the list is fetched once.
 */
export function useProcessors() {
  const { http } = useSession();
  return useQuery({
    queryKey: PROCESSORS_QUERY_KEY,
    queryFn: ({ signal }) => http.call(LIBRARY_API.listProcessors, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
