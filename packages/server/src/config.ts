import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { KeyConfigError, type KeyRing, loadKeyRing } from './infra/field-crypto/keys';
import { classifyAddress } from './infra/outbound/address';
import { CARDCONNECT_PRODUCTION } from './modules/integrations/cardconnect/cardconnect.endpoints';
import type { KycEndpoints } from './modules/integrations/kyc/kyc.endpoints';
import { VANTIV_PRODUCTION_URL } from './modules/integrations/vantiv/vantiv.endpoints';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Under <no-reply@under.local>'),
  PUBLIC_URL: z.url().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6).max(200).optional(),
  PUBLIC_API_KEY: z.string().min(16).optional(),
  CODE_SECRET: z.string().min(32).optional(),
  STORAGE_SECRET: z.string().min(32).optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2}|[0-9A-Fa-f:.]+(\/\d{1,3})?(\s*,\s*[0-9A-Fa-f:.]+(\/\d{1,3})?)*)$/, {
      message: 'must be true, false, a number of proxies, or addresses/CIDRs separated by commas',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),

  /** Card payments (decision 032): the built-in test gateway (default) or Stripe. */
  PAYMENT_GATEWAY: z.enum(['test', 'stripe']).default('test'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_…)')
    .optional(),
  /**
   * Browser journeys only (refused in production): a file holding a number of milliseconds the app's clock runs
   * ahead, so a journey can reach a renewal date.
   */
  TEST_CLOCK_FILE: z.string().min(1).optional(),
  /** Encrypted fields (decision 038): base64 of 32 bytes; without it a key is generated into DATA_DIR/keys.json. */
  DATA_ENCRYPTION_KEY: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_ENCRYPTION_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Earlier environment keys whose envelopes must still open: `id:base64,id:base64` (until keys:rotate ran). */
  DATA_ENCRYPTION_PREVIOUS_KEYS: z.string().optional(),
  /**
   * The seal of generated PDFs (decision 047): a PKCS#12 file (.p12/.pfx) with an RSA key and its certificate
   * (chain optional), and its password; without it a self-signed identity is made into DATA_DIR/seal.
   */
  SEAL_PKCS12_FILE: z
    .string()
    .min(1)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEAL_PKCS12_PASSWORD: z.string().optional(),
  /**
   * Simulators and tests only (issue #23): `host:port` pairs the outbound client may call over plain http and
   * whose addresses may be loopback (never private or link-local; decision 071), e.g.
   * `127.0.0.1:4010,127.0.0.1:4011`. Unset by default; refused when NODE_ENV=production.
   */
  /** CardPointe CoPilot's API base and token endpoint (issue #24 §1): the provider's production URLs by default; its
   * UAT (`https://api-uat.cardconnect.com`, `https://accountsuat.cardconnect.com/…`) or `npm run simulators`'. */
  CARDCONNECT_API_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CARDCONNECT_TOKEN_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The KYC provider's API base (issue #24 §3, §5; decision 089): no default (no provider was named); unset, KYC is
   * not available here. `npm run simulators` prints the simulator's. */
  KYC_API_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Worldpay's PayFac Merchant Provisioner (issue #24 §2; decision 088): production by default; its pre-live
   * (`https://payfac.vantivprelive.com`) or `npm run simulators`'. */
  VANTIV_API_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * How long a sync worker owns a claimed sync without renewing it (ms; default 60000, decision 086). Tests that kill
   * the server shorten it so a killed process's syncs are taken again sooner.
   */
  SYNC_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  INTEGRATION_TEST_HOSTS: z
    .string()
    .regex(
      /^\s*[A-Za-z0-9.-]+:\d{1,5}(\s*,\s*[A-Za-z0-9.-]+:\d{1,5})*\s*$/,
      'must be host:port pairs separated by commas',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  admin: { email: string; password: string } | undefined;
  secrets: { publicApiKey: string; codeSecret: string; storageSecret: string };
  /** Files (logos now; templates, attachments and PDFs later): DATA_DIR/files, or an S3-compatible bucket. */
  storage:
    | { driver: 'local' }
    | {
        driver: 's3';
        s3: { endpoint?: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
      };
  /** Secure cookies whenever the portal is reached over https. */
  secureCookies: boolean;
  seedDemo: boolean;
  logLevel: string;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy). Throttles count per client address
   * (decision 019): behind a load balancer without this, every client would share the balancer's address.
   */
  trustProxy: boolean | number | string[];
  /** Card payments: the test gateway, or Stripe with its keys (decision 032). */
  payments: { gateway: 'test' } | { gateway: 'stripe'; secretKey: string; publishableKey: string };
  /** A file with a clock offset in ms (browser journeys; never in production). */
  testClockFile: string | undefined;
  /** The data-encryption keys of encrypted fields: the active one and every older one (decision 038). */
  encryption: KeyRing;
  /** The seal's PKCS#12 (decision 047); undefined: the self-signed identity of DATA_DIR/seal. */
  seal: { pkcs12File: string; password: string } | undefined;
  /** Calls to providers (issue #23): host:port pairs allowed over plain http (simulators; never in production). */
  outbound: { testHosts: string[]; timeoutMs: number; maxBodyBytes: number };
  /** CardPointe CoPilot's endpoints (issue #24 §1; decision 083). */
  cardConnect: { apiUrl: string; tokenUrl: string };
  /** issue #24 §3 (decision 089). */
  kyc: KycEndpoints;
  /** Worldpay/Vantiv's PayFac API base (issue #24 §2; decision 088). */
  vantiv: { apiUrl: string };
  /** A sync worker's lease (renewed while its attempt runs; decision 086). */
  syncLeaseMs: number;
}

export class ConfigError extends Error {}

/**
 * Reads the environment once at start-up. A bad value stops the server with a message naming the
 * variable, rather than failing later in a request.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (e.STORAGE_DRIVER === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when STORAGE_DRIVER=s3`).join('\n')}`,
      );
    }
  }
  if (e.PAYMENT_GATEWAY === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_PUBLISHABLE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: required when PAYMENT_GATEWAY=stripe',
    );
  }
  if (e.INTEGRATION_TEST_HOSTS && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  INTEGRATION_TEST_HOSTS: not allowed when NODE_ENV=production');
  }
  // the test hosts' exception is loopback only (decision 071): an address written there must be one
  for (const pair of (e.INTEGRATION_TEST_HOSTS ?? '').split(',')) {
    const host = pair.trim().replace(/:\d+$/, '');
    const kind = host ? classifyAddress(host) : null;
    if (kind !== null && kind !== 'loopback') {
      throw new ConfigError(
        `Invalid configuration:\n  INTEGRATION_TEST_HOSTS: ${pair.trim()} is a ${kind} address, not loopback`,
      );
    }
  }
  if (e.TEST_CLOCK_FILE && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  TEST_CLOCK_FILE: not allowed when NODE_ENV=production');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const kept = loadOrCreateSecrets(dataDir);
  let encryption: KeyRing;
  try {
    encryption = loadKeyRing(dataDir, e);
  } catch (err) {
    if (err instanceof KeyConfigError) throw new ConfigError(`Invalid configuration:\n  ${err.message}`);
    throw err;
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    secrets: {
      publicApiKey: e.PUBLIC_API_KEY ?? kept.publicApiKey,
      codeSecret: e.CODE_SECRET ?? kept.codeSecret,
      storageSecret: e.STORAGE_SECRET ?? kept.storageSecret,
    },
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            s3: {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET as string,
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID as string,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
            },
          }
        : { driver: 'local' },
    secureCookies: publicUrl.startsWith('https://') || e.NODE_ENV === 'production',
    seedDemo: e.SEED_DEMO === 'true',
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    payments:
      e.PAYMENT_GATEWAY === 'stripe'
        ? {
            gateway: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY as string,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY as string,
          }
        : { gateway: 'test' },
    testClockFile: e.TEST_CLOCK_FILE,
    encryption,
    seal: e.SEAL_PKCS12_FILE ? { pkcs12File: e.SEAL_PKCS12_FILE, password: e.SEAL_PKCS12_PASSWORD ?? '' } : undefined,
    outbound: {
      testHosts: (e.INTEGRATION_TEST_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      // the spec's request time-out
      timeoutMs: 60_000,
      maxBodyBytes: 5 * 1024 * 1024,
    },
    cardConnect: {
      apiUrl: e.CARDCONNECT_API_URL ?? CARDCONNECT_PRODUCTION.apiUrl,
      tokenUrl: e.CARDCONNECT_TOKEN_URL ?? CARDCONNECT_PRODUCTION.tokenUrl,
    },
    kyc: { apiUrl: e.KYC_API_URL ?? null },
    vantiv: { apiUrl: e.VANTIV_API_URL ?? VANTIV_PRODUCTION_URL },
    syncLeaseMs: e.SYNC_LEASE_MS,
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((v) => v.trim());
}

interface KeptSecrets {
  publicApiKey: string;
  codeSecret: string;
  storageSecret: string;
}

/** Secrets not given in the environment are generated once and kept in DATA_DIR, readable by the owner only. */
function loadOrCreateSecrets(dataDir: string): KeptSecrets {
  const file = path.join(dataDir, 'secrets.json');
  let kept: Partial<KeptSecrets> = {};
  try {
    kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<KeptSecrets>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (kept.publicApiKey && kept.codeSecret && kept.storageSecret) return kept as KeptSecrets;
  // a data dir from an older version keeps its secrets; only the missing ones are added
  const secrets: KeptSecrets = {
    publicApiKey: kept.publicApiKey ?? randomBytes(24).toString('base64url'),
    codeSecret: kept.codeSecret ?? randomBytes(32).toString('base64url'),
    storageSecret: kept.storageSecret ?? randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
