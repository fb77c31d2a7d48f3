import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { TEST_CARDS } from '@under/core/billing/test-cards';
import { describe, expect, it } from 'vitest';
import { bearer, registerCompany } from '../../test/accounts';
import { createTestApp, signIn } from '../../test/helpers';
import { billingCalls, DAY_MS } from './billing.test-support';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

describe('card numbers', () => {
  it('are never stored or logged: a whole payment journey leaves none in the database files or the logs', async () => {
    const lines: string[] = [];
    const t = await createTestApp('pglite', {
      pgliteFiles: true,
      outbox: true,
      logger: { level: 'trace', stream: { write: (line) => lines.push(line) } },
    });
    const api = billingCalls(t);
    try {
      await t.services.auth.ensureAdmin({ email: 'cards-admin@under.test', password: 'Admin12345' });
      const a = await registerCompany(t);
      // the browser would have tokenized these; a number sent by mistake is refused unread
      for (const card of TEST_CARDS) {
        expect((await api.subscribe(a, 'MEMBERSHIP_002', card.number)).statusCode).toBe(400);
        expect((await api.send('PATCH', `/api/card/${a.companyId}`, a.token, { token: card.number })).statusCode).toBe(
          400,
        );
      }
      expect((await api.subscribe(a, 'MEMBERSHIP_002', 'tok_test_decline')).statusCode).toBe(402);
      expect((await api.subscribe(a, 'MEMBERSHIP_002', 'tok_test_visa')).statusCode).toBe(200);
      await api.advance(32 * DAY_MS, a);
      await api.runRenewals();
      const { items } = await api.billings(a);
      expect(items).toHaveLength(2);
      const admin = (await signIn(t, 'admin', 'cards-admin@under.test', 'Admin12345')).accessToken;
      await t.app.inject({ method: 'POST', url: `/api/billings/${items[0].id}/refund`, headers: bearer(admin) });
      expect((await api.get(`/api/billings/${items[0].id}/invoice`, a.token)).statusCode).toBe(200);
      await t.mailer.settle();
    } finally {
      await t.close();
    }
    const files = filesUnder(t.config.dataDir);
    expect(files.some((f) => f.includes(`${path.sep}pglite${path.sep}`))).toBe(true);
    expect(lines.length).toBeGreaterThan(10);
    const logs = lines.join('\n');
    for (const card of TEST_CARDS) {
      expect(logs).not.toContain(card.number);
      for (const file of files) {
        const bytes = readFileSync(file);
        expect(bytes.includes(card.number), `${card.number} in ${file}`).toBe(false);
      }
    }
    // nor are the browser's tokens
    expect(logs).not.toContain('tok_test_visa');
  });
});
