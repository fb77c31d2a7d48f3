import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KYC_API } from '@under/core/api/integrations/kyc.contract';
import type { KycCredentialsBody } from '@under/core/integrations/kyc.schema';
import { useSession } from '../../../../lib/session-context';
import { KYC_CONNECTION_KEY } from '../../../../lib/use-kyc-connection';

/** Checks the key with the provider, then keeps it sealed (POST /api/companies/kyc, client ADMINISTRATOR). */
export function useSaveKyc() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KycCredentialsBody) => http.call(KYC_API.connect, { body }),
    onSuccess: (view) => {
      queryClient.setQueryData(KYC_CONNECTION_KEY, view);
    },
  });
}
