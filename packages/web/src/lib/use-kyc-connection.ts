import { useQuery } from '@tanstack/react-query';
import { KYC_API } from '@under/core/api/integrations/kyc.contract';
import type { KycConnectionView } from '@under/core/integrations/kyc.schema';
import { useSession } from './session-context';

export const KYC_CONNECTION_KEY = ['kyc', 'connection'] as const;

/**
 * The company's KYC provider connection (GET /api/companies/kyc, decision 089): its state, and the API key's mask
 * for a client ADMINISTRATOR. Read by the KYC card of /manage-integration and by the forms list (its KYC switch).
 */
export function useKycConnection() {
  const { http } = useSession();
  return useQuery<KycConnectionView>({
    queryKey: KYC_CONNECTION_KEY,
    queryFn: ({ signal }) => http.call(KYC_API.getConnection, { signal }),
  });
}
