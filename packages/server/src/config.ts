import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  secrets: { publicApiKey: string; codeSecret: string };
  /** Secure cookies whenever the portal is reached over https. */
  secureCookies: boolean;
  seedDemo: boolean;
  logLevel: string;
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
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const kept = loadOrCreateSecrets(dataDir);
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
    },
    secureCookies: publicUrl.startsWith('https://') || e.NODE_ENV === 'production',
    seedDemo: e.SEED_DEMO === 'true',
    logLevel: e.LOG_LEVEL,
  };
}

interface KeptSecrets {
  publicApiKey: string;
  codeSecret: string;
}

/** Secrets not given in the environment are generated once and kept in DATA_DIR, readable by the owner only. */
function loadOrCreateSecrets(dataDir: string): KeptSecrets {
  const file = path.join(dataDir, 'secrets.json');
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<KeptSecrets>;
    if (kept.publicApiKey && kept.codeSecret) return kept as KeptSecrets;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secrets: KeptSecrets = {
    publicApiKey: randomBytes(24).toString('base64url'),
    codeSecret: randomBytes(32).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
