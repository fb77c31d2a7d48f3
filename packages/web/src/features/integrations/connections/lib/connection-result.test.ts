import { INTEGRATION_MESSAGES } from '@under/core/integrations/connection-messages';
import { MESSAGES } from '@under/core/messages';
import { describe, expect, it } from 'vitest';
import { connectionResult } from './connection-result';

describe('connectionResult', () => {
  it("turns the callback's flag into the spec's message", () => {
    expect(connectionResult('connected')).toEqual({ message: INTEGRATION_MESSAGES.connected, ok: true });
    expect(connectionResult('expired_code')).toEqual({ message: 'Expired authorization code', ok: false });
    expect(connectionResult('failed')?.message).toBe('Connection Failed !');
    expect(connectionResult('invalid_client')?.message).toBe(INTEGRATION_MESSAGES.invalidClient);
    expect(connectionResult('upgrade')?.message).toBe(MESSAGES.upgradeRequired);
  });

  it('ignores no flag and unknown flags (a crafted link shows nothing)', () => {
    expect(connectionResult(null)).toBeNull();
    expect(connectionResult('<script>')).toBeNull();
    expect(connectionResult('toString')).toBeNull();
  });
});
