import type { Outbound } from '../../../infra/outbound/outbound';

/**
 * The Salesforce login domain as entered (`login.salesforce.com`, `https://acme.my.salesforce.com/`,
 * `http://127.0.0.1:4010` for a configured simulator), as the connection keeps it: a bare host for https, the
 * origin for a test host over http. Null when it is not a URL of a host alone, or the outbound policy would not
 * call it (login.salesforce.com, test.salesforce.com, *.my.salesforce.com, *.sandbox.my.salesforce.com, or an
 * INTEGRATION_TEST_HOSTS pair): checked with the same `allows` every call is checked with.
 */
export function salesforceDomain(input: string, outbound: Pick<Outbound, 'allows'>): string | null {
  const text = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!outbound.allows('salesforce', `${url.origin}/services/oauth2/token`)) return null;
  return url.protocol === 'https:' && (url.port === '' || url.port === '443') ? url.hostname : url.origin;
}
