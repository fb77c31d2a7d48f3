/**
 * Where CardPointe CoPilot is (issue #24 §1): the production API and Keycloak token endpoint, the defaults of
 * CARDCONNECT_API_URL and CARDCONNECT_TOKEN_URL. Its UAT is `https://api-uat.cardconnect.com` and
 * `https://accountsuat.cardconnect.com/auth/realms/cardconnect/protocol/openid-connect/token` (its Postman
 * environment); `npm run simulators` prints the simulator's.
 */
export const CARDCONNECT_PRODUCTION = {
  apiUrl: 'https://api.cardconnect.com',
  tokenUrl: 'https://accounts.cardconnect.com/auth/realms/cardconnect/protocol/openid-connect/token',
} as const;

export interface CardConnectEndpoints {
  /** The API base: production, UAT, or a simulator. */
  apiUrl: string;
  /** The token endpoint's full URL. */
  tokenUrl: string;
}
