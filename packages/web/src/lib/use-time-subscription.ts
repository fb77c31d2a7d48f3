import { useQuery } from '@tanstack/react-query';
import { BILLING_API } from '@under/core/api/billing.contract';
import { COOKIE_DEFAULT_LIFETIME_HOURS } from '@under/core/constants';
import { MESSAGES } from '@under/core/messages';
import { errorMessage } from './http-error';
import { useSession } from './session-context';

const COOKIE = 'under_subscription_message';

function storeMessage(message: string | null) {
  // spec 2 §8: the message is kept in a cookie (default lifetime 60 hours; a negative one deletes it)
  const maxAge = message ? COOKIE_DEFAULT_LIFETIME_HOURS * 3600 : -1;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari
  document.cookie = `${COOKIE}=${encodeURIComponent(message ?? '')}; path=/; max-age=${maxAge}; SameSite=Strict`;
}

/**
 * The time-subscription call (spec 2 §8): true while the plan's paid time is in force. The account-not-found
 * message counts as success (true, stored message cleared); any other message is stored in a cookie and the error
 * re-thrown, so the query carries it to the page.
 */
async function checkTimesSubscription(http: ReturnType<typeof useSession>['http'], companyId: string) {
  try {
    await http.call(BILLING_API.checkTimesSubscription, { params: { companyId }, quiet: true });
    storeMessage(null);
    return true;
  } catch (error) {
    const message = errorMessage(error);
    if (message === MESSAGES.accountNotFound) {
      storeMessage(null);
      return true;
    }
    storeMessage(message);
    throw error;
  }
}

export function useTimeSubscription(companyId: string | undefined) {
  const { http } = useSession();
  return useQuery({
    queryKey: ['check-times-subscription', companyId],
    queryFn: () => checkTimesSubscription(http, companyId as string),
    enabled: Boolean(companyId),
    retry: false,
    staleTime: 5 * 60_000,
  });
}
