import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Outside production the loopback interface only (a development portal is not for the network). */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SESSION_TTL_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 60),
  SEED_DEMO: booleanFromEnv.optional(),
  SEED_SCALE: z.coerce.number().min(0).default(1),
  WEB_ROOT: z.string().optional(),
  /** JSON object { "mfe-admin": "https://cdn.example/admin/mf-manifest.json", ... } overriding remote entries. */
  REMOTES: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Affiliate Portal <no-reply@affiliate-portal.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Anyone holding it can write orders: as long as a generated key (npm run api-key makes 43 characters). */
  INTEGRATION_API_KEY: z.string().min(32, 'INTEGRATION_API_KEY must be at least 32 characters').optional(),
  /** The help-desk address the affiliate dashboard shows. */
  HELP_DESK_EMAIL: z.email({ error: 'must be an email address' }).default('helpdesk@affiliate-portal.local'),
  TRUST_PROXY: z.string().optional(),
  /** Gateway workers under the supervisor on PostgreSQL (default: one per core); PGlite always has one. */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Log each worker's process.memoryUsage() this often (a `memory` line at info); unset: never. */
  MEMORY_LOG_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  // Bank account name resolution (issue 27): none (the default: 'not verified') or paystack.
  BANK_VERIFICATION_PROVIDER: z.enum(['none', 'paystack']).default('none'),
  PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  /** Every provider call gives up after this long; the applicant then sees 'could not check' and goes on. */
  BANK_VERIFICATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: Uint8Array;
  sessionTtlMinutes: number;
  seedDemo: boolean;
  seedScale: number;
  webRoot: string;
  remoteOverrides: Record<string, string>;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  integrationApiKey?: string;
  helpDeskEmail: string;
  trustProxy?: string;
  workers?: number;
  memoryLogSeconds?: number;
  /** Bank account name resolution (issue 27); the secret is never logged nor sent to a browser. */
  bankVerification:
    | { provider: 'none' }
    | { provider: 'paystack'; secretKey: string; baseUrl: string; timeoutMs: number };
}

export class ConfigError extends Error {}

/** Parses the environment once at start and fails fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`The configuration is invalid: ${problems.join('; ')}.`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  if (isProduction && !e.JWT_SECRET) {
    throw new ConfigError('The configuration is invalid: JWT_SECRET is required in production.');
  }
  if (e.BANK_VERIFICATION_PROVIDER === 'paystack' && !e.PAYSTACK_SECRET_KEY) {
    throw new ConfigError(
      'The configuration is invalid: PAYSTACK_SECRET_KEY is required when BANK_VERIFICATION_PROVIDER is paystack.',
    );
  }
  let remoteOverrides: Record<string, string> = {};
  if (e.REMOTES) {
    const remotes = z.record(z.string(), z.string()).safeParse(safeJson(e.REMOTES));
    if (!remotes.success)
      throw new ConfigError('The configuration is invalid: REMOTES must be a JSON object of name to URL.');
    remoteOverrides = remotes.data;
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? persistedDevSecret(dataDir)),
    sessionTtlMinutes: e.SESSION_TTL_MINUTES,
    // Demo data by default only outside production (DESIGN §4).
    seedDemo: e.SEED_DEMO ?? !isProduction,
    seedScale: e.SEED_SCALE,
    webRoot: path.resolve(e.WEB_ROOT ?? path.join(__dirname, '..', '..', 'dist-web')),
    remoteOverrides,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    integrationApiKey: e.INTEGRATION_API_KEY,
    helpDeskEmail: e.HELP_DESK_EMAIL,
    trustProxy: e.TRUST_PROXY,
    workers: e.WORKERS,
    memoryLogSeconds: e.MEMORY_LOG_SECONDS,
    bankVerification:
      e.BANK_VERIFICATION_PROVIDER === 'paystack'
        ? {
            provider: 'paystack',
            secretKey: e.PAYSTACK_SECRET_KEY ?? '',
            baseUrl: e.PAYSTACK_BASE_URL.replace(/\/+$/, ''),
            timeoutMs: e.BANK_VERIFICATION_TIMEOUT_MS,
          }
        : { provider: 'none' },
  };
}

/** Workers the supervisor runs: one on the embedded database (its files belong to one process), else WORKERS or one per core. */
export function gatewayWorkers(config: Pick<AppConfig, 'databaseUrl' | 'workers'>): number {
  if (!config.databaseUrl) return 1;
  return config.workers ?? Math.max(1, os.availableParallelism());
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Outside production an unset JWT secret is generated once and kept under DATA_DIR, so sessions survive restarts. */
function persistedDevSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
