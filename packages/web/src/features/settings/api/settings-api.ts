import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company } from '@under/core/accounts/company.schema';
import type { WhitelistDomains } from '@under/core/accounts/domain';
import { COMPANIES_API } from '@under/core/api/companies.contract';
import { sameOriginFileUrl } from '../../../lib/file-url';
import { putFile } from '../../../lib/put-file';
import { useSession } from '../../../lib/session-context';

const WHITELIST_KEY = ['whitelist-domains'] as const;
/** The same cache entry as the header's company (its logo). */
const companyKey = (id: string) => ['company', id] as const;

export function useWhitelist() {
  const { http } = useSession();
  return useQuery<WhitelistDomains>({
    queryKey: WHITELIST_KEY,
    queryFn: ({ signal }) => http.call(COMPANIES_API.getWhitelistDomains, { signal }),
  });
}

export function useSaveWhitelist() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domains: string[]) => http.call(COMPANIES_API.setWhitelistDomains, { body: { domains } }),
    onSuccess: (saved) => queryClient.setQueryData(WHITELIST_KEY, saved),
  });
}

export function useCompanyForSettings(companyId: string | undefined) {
  const { http } = useSession();
  return useQuery<Company>({
    queryKey: companyKey(companyId ?? ''),
    queryFn: ({ signal }) => http.call(COMPANIES_API.getCompany, { params: { companyId: companyId ?? '' }, signal }),
    enabled: Boolean(companyId),
    staleTime: 30 * 60_000,
  });
}

/**
 * The logo flow (decision 007): a signed upload URL, the bytes PUT to it (XMLHttpRequest, for the progress
 * bar), then the stored key set as the company's logo.
 */
export function useUploadLogo(companyId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) => {
      const target = await http.call(COMPANIES_API.createLogoUploadUrl, { body: { fileName: file.name } });
      await putFile(sameOriginFileUrl(target.uploadUrl), file, onProgress);
      return http.call(COMPANIES_API.setLogo, { params: { companyId }, body: { fileUrl: target.fileUrl } });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: companyKey(companyId) });
      await queryClient.invalidateQueries({ queryKey: ['company-summary'] });
    },
  });
}
