import { INTEGRATION_MESSAGES } from '@under/core/integrations/connection-messages';
import { CRM_CONNECTION_RESULTS, type CrmConnectionResult } from '@under/core/integrations/connections.schema';
import { MESSAGES } from '@under/core/messages';

/** What the callback's `?salesforce=` flag says, and whether it is good news; null for no or an unknown flag. */
export function connectionResult(flag: string | null): { message: string; ok: boolean } | null {
  if (!flag || !(CRM_CONNECTION_RESULTS as readonly string[]).includes(flag)) return null;
  const messages: Record<CrmConnectionResult, string> = {
    connected: INTEGRATION_MESSAGES.connected,
    expired_code: INTEGRATION_MESSAGES.expiredCode,
    invalid_client: INTEGRATION_MESSAGES.invalidClient,
    failed: INTEGRATION_MESSAGES.connectionFailed,
    denied: INTEGRATION_MESSAGES.accessDenied,
    invalid_state: INTEGRATION_MESSAGES.stateInvalid,
    upgrade: MESSAGES.upgradeRequired,
  };
  const result = flag as CrmConnectionResult;
  return { message: messages[result], ok: result === 'connected' };
}
