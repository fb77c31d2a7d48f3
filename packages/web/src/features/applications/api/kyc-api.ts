import { useQuery } from '@tanstack/react-query';
import { KYC_API } from '@under/core/api/integrations/kyc.contract';
import type { ApplicationKyc } from '@under/core/integrations/kyc.schema';
import { useSession } from '../../../lib/session-context';

export const applicationKycKey = (applicationId: string) => ['application-kyc', applicationId] as const;

/** While the provider has not finished, the panel looks again this often. */
export const KYC_POLL_MS = 15_000;

const busy = (data: ApplicationKyc | undefined) =>
  data?.submission?.state === 'queued' || data?.submission?.state === 'pending';

/** The application's KYC submission (null when KYC was not started), asked again while it is not final. */
export function useApplicationKyc(applicationId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: applicationKycKey(applicationId),
    queryFn: ({ signal }) => http.call(KYC_API.forApplication, { params: { applicationId }, signal }),
    refetchInterval: (q) => (busy(q.state.data) ? KYC_POLL_MS : false),
    retry: false,
  });
}
