import { hostPatternOf } from '../../../infra/outbound/outbound';

/**
 * Where the KYC provider is (issue #24 §5; decision 089): `KYC_API_URL`, the base of the provider's API
 * (`https://…/` then `/v1/checks`). No provider was named by the spec, so there is no production default: unset,
 * KYC is not available on this server (the credentials check and every submission say so). `npm run simulators`
 * prints the simulator's.
 */
export interface KycEndpoints {
  apiUrl: string | null;
}

/** The outbound allowlist entry of provider 'kyc': the configured API's host (an operator's setting), else none. */
export function kycAllowlist(endpoints: KycEndpoints): string[] {
  const host = endpoints.apiUrl ? hostPatternOf(endpoints.apiUrl) : null;
  return host ? [host] : [];
}
