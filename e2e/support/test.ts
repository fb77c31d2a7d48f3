import { createHash } from 'node:crypto';
import { test as base } from '@playwright/test';

/**
 * The journeys' `test`: each journey is its own client of the server. The server throttles per client address
 * (decision 019: e.g. 30 sign-ups an hour per address); every journey runs from 127.0.0.1, so without this the suite
 * as a whole would be one client and reach those limits as it grows. The e2e server trusts 127.0.0.1 as a proxy
 * (TRUST_PROXY) and each journey's pages and API requests carry an X-Forwarded-For address of their own, from the
 * TEST-NET ranges, stable per journey and retry. Pages opened with `browser.newPage()` come from 127.0.0.1 itself.
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const digest = createHash('sha256').update(`${testInfo.testId}:${testInfo.retry}`).digest();
    await use({
      'x-forwarded-for': `198.${18 + ((digest[0] as number) % 2)}.${digest[1]}.${((digest[2] as number) % 254) + 1}`,
    });
  },
});

export { expect } from '@playwright/test';
