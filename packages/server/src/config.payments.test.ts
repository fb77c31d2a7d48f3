import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('payment settings', () => {
  const DATA_DIR = () => mkdtempSync(path.join(tmpdir(), 'under-cfg-'));

  it('defaults to the built-in test gateway', () => {
    expect(loadConfig({ DATA_DIR: DATA_DIR() }).payments).toEqual({ gateway: 'test' });
  });

  it('takes Stripe with both keys, and names what is missing otherwise', () => {
    const env = { DATA_DIR: DATA_DIR(), PAYMENT_GATEWAY: 'stripe' };
    expect(
      loadConfig({ ...env, STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' }).payments,
    ).toEqual({ gateway: 'stripe', secretKey: 'sk_test_abc123', publishableKey: 'pk_test_abc123' });
    expect(() => loadConfig({ ...env, STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    // a publishable key where the secret one belongs is refused (and not echoed)
    expect(() =>
      loadConfig({ ...env, STRIPE_SECRET_KEY: 'pk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' }),
    ).toThrow(ConfigError);
  });

  it('refuses a test clock in production', () => {
    const d = DATA_DIR();
    expect(loadConfig({ DATA_DIR: d, TEST_CLOCK_FILE: path.join(d, 'clock') }).testClockFile).toBe(
      path.join(d, 'clock'),
    );
    expect(() => loadConfig({ DATA_DIR: d, NODE_ENV: 'production', TEST_CLOCK_FILE: path.join(d, 'clock') })).toThrow(
      /TEST_CLOCK_FILE/,
    );
  });
});
