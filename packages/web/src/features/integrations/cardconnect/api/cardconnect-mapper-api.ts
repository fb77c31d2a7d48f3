import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CARDCONNECT_API } from '@under/core/api/integrations/cardconnect.contract';
import type { CcMapperBody, CcMapperView } from '@under/core/integrations/cardconnect.schema';
import type { CcAttribute } from '@under/core/integrations/cardconnect-attributes';
import { useSession } from '../../../../lib/session-context';

const mapperKey = (masterFormId: string) => ['cardconnect', 'mapper', masterFormId] as const;

/** GET /api/cc-attributes: the boarding attributes with their types and help texts (the same for every form). */
export function useCcAttributes() {
  const { http } = useSession();
  return useQuery<CcAttribute[]>({
    queryKey: ['cardconnect', 'attributes'],
    queryFn: ({ signal }) => http.call(CARDCONNECT_API.attributes, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/card-connect/mapper/{masterFormId}: the saved lines and the form's fields (pseudo-fields first). */
export function useCcMapper(masterFormId: string) {
  const { http } = useSession();
  return useQuery<CcMapperView>({
    queryKey: mapperKey(masterFormId),
    queryFn: ({ signal }) => http.call(CARDCONNECT_API.mapperGet, { params: { masterFormId }, signal }),
    refetchOnWindowFocus: false,
  });
}

export function useSaveCcMapper(masterFormId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CcMapperBody) => http.call(CARDCONNECT_API.mapperSave, { params: { masterFormId }, body }),
    onSuccess: (view) => queryClient.setQueryData(mapperKey(masterFormId), view),
  });
}
