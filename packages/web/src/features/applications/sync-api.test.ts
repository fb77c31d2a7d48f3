import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applicationSyncsKey } from './api/sync-api';

// the company's integrations' key (features/integrations/connections/api: INTEGRATIONS_KEY)
const INTEGRATIONS_KEY = ['integrations'] as const;

describe('query keys of the integrations and the syncs', () => {
  it("a change of the company's integrations (turn off) does not refetch the applications' syncs", async () => {
    const client = new QueryClient();
    client.setQueryData(INTEGRATIONS_KEY, { items: [] });
    client.setQueryData(applicationSyncsKey('a1'), { items: [] });
    await client.invalidateQueries({ queryKey: INTEGRATIONS_KEY });
    expect(client.getQueryState(INTEGRATIONS_KEY)?.isInvalidated).toBe(true);
    expect(client.getQueryState(applicationSyncsKey('a1'))?.isInvalidated).toBe(false);
  });
});
