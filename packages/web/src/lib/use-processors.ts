import { useQuery } from '@tanstack/react-query';
import { ProcessorListSchema } from '@under/core/templates/master-form.schema';
import { useSession } from './session-context';

export const PROCESSORS_QUERY_KEY = ['processors'] as const;

/**
 * GET /api/processors: the payment processors sections and master forms name (fixed per deployment). Shared by the
 * library and master-form screens under one cache key, so the list is fetched once.
 */
export function useProcessors() {
  const { http } = useSession();
  return useQuery({
    queryKey: PROCESSORS_QUERY_KEY,
    queryFn: ({ signal }) => http.get('/processors', { schema: ProcessorListSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
