import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { type DataKeyring, decodeDataKey, makeKeyring, newDataKey } from './lib/field-crypto';
import { type ServiceConfig, ServiceEnv, serviceConfig } from './config-service';
import { type IdentityCheckConfig, IdentityEnv, identityCheckConfig } from './config-identity';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Issue 27: an empty variable (`WHATSAPP_ACCESS_TOKEN=` in an env file) counts as unset. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Outside production the loopback interface only (a development portal is not for the network). */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  ...ServiceEnv,
  ...IdentityEnv,
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
  /** Embedded database only: one table vacuumed and analysed this often, in turn; 0: never. */
  EMBEDDED_VACUUM_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  // --- Issue 27, messaging: WhatsApp Cloud API codes, delivery receipts, SMS fallback (docs/decisions.md) ---
  WHATSAPP_PROVIDER: z.enum(['log', 'meta']).default('log'),
  WHATSAPP_ACCESS_TOKEN: unsetWhenEmpty(z.string().min(1)),
  WHATSAPP_PHONE_NUMBER_ID: unsetWhenEmpty(
    z.string().regex(/^\d{1,32}$/, 'must be the numeric phone-number ID'),
  ),
  WHATSAPP_TEMPLATE_NAME: unsetWhenEmpty(z.string().min(1).max(512)),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().min(2).max(16).default('en'),
  WHATSAPP_API_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com/v21.0'),
  WHATSAPP_WEBHOOK_VERIFY_TOKEN: unsetWhenEmpty(z.string().min(1)),
  WHATSAPP_APP_SECRET: unsetWhenEmpty(z.string().min(1)),
  /** none: no fallback (the default); log: the fallback is logged; termii: Termii's DND route. */
  SMS_PROVIDER: z.enum(['none', 'log', 'termii']).default('none'),
  TERMII_API_KEY: unsetWhenEmpty(z.string().min(1)),
  TERMII_SENDER_ID: unsetWhenEmpty(z.string().min(3).max(11)),
  TERMII_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.ng.termii.com'),
  /** The account's secret key: Termii signs its delivery reports with it (X-Termii-Signature). */
  TERMII_SECRET_KEY: unsetWhenEmpty(z.string().min(1)),
  SMS_FALLBACK_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** Each provider HTTP call gives up after this long (then the worker retries with its backoff). */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // Second factor for staff (issue 29): `required` (default) leads an Admin without one to enrolment at sign-in;
  // `optional` lets Admins choose, as Backoffice users do; refused in production.
  ADMIN_SECOND_FACTOR: z.enum(['required', 'optional']).default('required'),
  /** Issue 29: selfies of rejected applications are deleted this many days after the rejection (selfie sweep). */
  SELFIE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  // Bank account name resolution (issue 27): none (the default: 'not verified') or paystack.
  BANK_VERIFICATION_PROVIDER: z.enum(['none', 'paystack']).default('none'),
  PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  // Payouts (issue 28): how approved runs are paid. Unset: paystack when PAYSTACK_SECRET_KEY is set, else bank-file.
  PAYOUT_PROVIDER: unsetWhenEmpty(z.enum(['bank-file', 'paystack'])),
  /** Each Paystack Transfers call gives up after this long (the transfer is then verified by reference). */
  PAYOUT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** A line 'sending' or 'processing' this long without news is asked of Paystack (GET /transfer/verify). */
  PAYOUT_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** How long a gateway executing a run holds it without renewing; a dead gateway's run is taken over after. */
  PAYOUT_LEASE_SECONDS: z.coerce.number().int().min(2).max(3_600).default(60),
  /** Every provider call gives up after this long; the applicant then sees 'could not check' and goes on. */
  BANK_VERIFICATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  // Numbers encrypted at rest (issue 29): BVN/NIN and account numbers, AES-256-GCM.
  /** 32 bytes, base64 (`openssl rand -base64 32`); required in production, generated under DATA_DIR otherwise. */
  DATA_ENCRYPTION_KEY: z.string().optional(),
  /** Comma-separated earlier keys, still read while `rotate-data-key` re-encrypts under the current one. */
  DATA_ENCRYPTION_OLD_KEYS: z.string().optional(),
});

export interface AppConfig extends ServiceConfig {
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
  /** PGlite has no autovacuum: one table's VACUUM (ANALYZE) this often, in turn; 0: never. */
  embeddedVacuumSeconds: number;
  /** Days a rejected application's selfie is kept after the rejection (issue 29). */
  selfieRetentionDays: number;
  /** DATA_ENCRYPTION_KEY (current) and DATA_ENCRYPTION_OLD_KEYS by key id (issue 29). */
  dataKeyring: DataKeyring;
  /** Bank account name resolution (issue 27); the secret is never logged nor sent to a browser. */
  bankVerification:
    | { provider: 'none' }
    | { provider: 'paystack'; secretKey: string; baseUrl: string; timeoutMs: number };
  /** How approved payout runs are paid (issue 28); the secret is never logged nor sent to a browser. */
  payouts: PayoutsConfig;
  /** Second factor for staff (issue 29): whether an Admin must have one. */
  adminSecondFactor: 'required' | 'optional';
  messaging: MessagingConfig;
  /** Issue 50: the identity check against the authority (Smile ID). */
  identityCheck: IdentityCheckConfig;
}

/** Issue 28: the payout provider, and for Paystack its key and the executor's timings. */
export type PayoutsConfig =
  | { provider: 'bank-file' }
  | {
      provider: 'paystack';
      secretKey: string;
      baseUrl: string;
      timeoutMs: number;
      reconcileAfterSeconds: number;
      leaseSeconds: number;
    };

/** Issue 27: the WhatsApp and SMS providers. Secrets stay here: never logged, never sent to a browser. */
export interface MessagingConfig {
  whatsapp:
    | { provider: 'log' }
    | {
        provider: 'meta';
        accessToken: string;
        phoneNumberId: string;
        templateName: string;
        templateLanguage: string;
        baseUrl: string;
      };
  /**
   * The webhooks' secrets: Meta's verify token and app secret, Termii's secret key (its delivery reports); a
   * webhook without its secret refuses everything.
   */
  webhook: { verifyToken?: string; appSecret?: string; termiiSecret?: string };
  sms:
    | { provider: 'none' }
    | { provider: 'log' }
    | { provider: 'termii'; apiKey: string; senderId: string; baseUrl: string };
  fallbackSeconds: number;
  timeoutMs: number;
}

export class ConfigError extends Error {}

const invalid = (problem: string) => new ConfigError(`The configuration is invalid: ${problem}`);

/** Parses the environment once at start and fails fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw invalid(`${problems.join('; ')}.`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  if (isProduction && !e.JWT_SECRET) {
    throw invalid('JWT_SECRET is required in production.');
  }
  const messaging = messagingConfig(e, isProduction);
  if (isProduction && e.ADMIN_SECOND_FACTOR !== 'required') {
    throw invalid('ADMIN_SECOND_FACTOR=optional is refused in production (admins need a second factor).');
  }
  if (e.BANK_VERIFICATION_PROVIDER === 'paystack' && !e.PAYSTACK_SECRET_KEY) {
    throw invalid('PAYSTACK_SECRET_KEY is required when BANK_VERIFICATION_PROVIDER is paystack.');
  }
  const payoutProvider = e.PAYOUT_PROVIDER ?? (e.PAYSTACK_SECRET_KEY ? 'paystack' : 'bank-file');
  if (payoutProvider === 'paystack' && !e.PAYSTACK_SECRET_KEY) {
    throw invalid('PAYSTACK_SECRET_KEY is required when PAYOUT_PROVIDER is paystack.');
  }
  // The reconciler must never ask about (and send again) a line whose bulk call may still be in flight.
  if (payoutProvider === 'paystack' && e.PAYOUT_RECONCILE_AFTER_SECONDS * 1000 <= 2 * e.PAYOUT_TIMEOUT_MS) {
    throw invalid('PAYOUT_RECONCILE_AFTER_SECONDS must be more than twice PAYOUT_TIMEOUT_MS.');
  }
  const dataKeyring = dataKeyringFrom(e, isProduction, dataDir);
  const paystack = {
    provider: 'paystack' as const,
    secretKey: e.PAYSTACK_SECRET_KEY ?? '',
    baseUrl: e.PAYSTACK_BASE_URL.replace(/\/+$/, ''),
  };
  const remotes = z.record(z.string(), z.string()).safeParse(e.REMOTES ? safeJson(e.REMOTES) : {});
  if (!remotes.success) throw invalid('REMOTES must be a JSON object of name to URL.');
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: new TextEncoder().encode(
      e.JWT_SECRET ?? persistedDevSecret(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url')),
    ),
    sessionTtlMinutes: e.SESSION_TTL_MINUTES,
    // Demo data by default only outside production (DESIGN §4).
    seedDemo: e.SEED_DEMO ?? !isProduction,
    seedScale: e.SEED_SCALE,
    webRoot: path.resolve(e.WEB_ROOT ?? path.join(__dirname, '..', '..', 'dist-web')),
    remoteOverrides: remotes.data,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    integrationApiKey: e.INTEGRATION_API_KEY,
    helpDeskEmail: e.HELP_DESK_EMAIL,
    trustProxy: e.TRUST_PROXY,
    workers: e.WORKERS,
    memoryLogSeconds: e.MEMORY_LOG_SECONDS,
    embeddedVacuumSeconds: e.EMBEDDED_VACUUM_SECONDS,
    selfieRetentionDays: e.SELFIE_RETENTION_DAYS,
    dataKeyring,
    bankVerification:
      e.BANK_VERIFICATION_PROVIDER === 'paystack'
        ? { ...paystack, timeoutMs: e.BANK_VERIFICATION_TIMEOUT_MS }
        : { provider: 'none' },
    payouts:
      payoutProvider === 'paystack'
        ? {
            ...paystack,
            timeoutMs: e.PAYOUT_TIMEOUT_MS,
            reconcileAfterSeconds: e.PAYOUT_RECONCILE_AFTER_SECONDS,
            leaseSeconds: e.PAYOUT_LEASE_SECONDS,
          }
        : { provider: 'bank-file' },
    adminSecondFactor: e.ADMIN_SECOND_FACTOR,
    messaging,
    identityCheck: identityCheckConfig(e, invalid),
    ...serviceConfig(e),
  };
}

/**
 * A chosen provider needs its credentials: in production a missing one refuses the start (a gateway that
 * cannot send codes must not look healthy); elsewhere the provider cannot work without them either, so the
 * same check holds, except the webhook's two secrets, which only production requires.
 */
function messagingConfig(e: z.output<typeof EnvSchema>, isProduction: boolean): MessagingConfig {
  const missing: string[] = [];
  const need = (name: keyof typeof e, value: string | undefined): string => {
    if (!value) missing.push(name);
    return value ?? '';
  };
  let whatsapp: MessagingConfig['whatsapp'] = { provider: 'log' };
  if (e.WHATSAPP_PROVIDER === 'meta') {
    whatsapp = {
      provider: 'meta',
      accessToken: need('WHATSAPP_ACCESS_TOKEN', e.WHATSAPP_ACCESS_TOKEN),
      phoneNumberId: need('WHATSAPP_PHONE_NUMBER_ID', e.WHATSAPP_PHONE_NUMBER_ID),
      templateName: need('WHATSAPP_TEMPLATE_NAME', e.WHATSAPP_TEMPLATE_NAME),
      templateLanguage: e.WHATSAPP_TEMPLATE_LANGUAGE,
      baseUrl: e.WHATSAPP_API_BASE_URL.replace(/\/+$/, ''),
    };
    if (isProduction) {
      need('WHATSAPP_APP_SECRET', e.WHATSAPP_APP_SECRET);
      need('WHATSAPP_WEBHOOK_VERIFY_TOKEN', e.WHATSAPP_WEBHOOK_VERIFY_TOKEN);
    }
  }
  let sms: MessagingConfig['sms'] = { provider: e.SMS_PROVIDER === 'log' ? 'log' : 'none' };
  if (e.SMS_PROVIDER === 'termii') {
    sms = {
      provider: 'termii',
      apiKey: need('TERMII_API_KEY', e.TERMII_API_KEY),
      senderId: need('TERMII_SENDER_ID', e.TERMII_SENDER_ID),
      baseUrl: e.TERMII_BASE_URL.replace(/\/+$/, ''),
    };
  }
  if (missing.length > 0) {
    const chosen = [
      e.WHATSAPP_PROVIDER === 'meta' ? 'WHATSAPP_PROVIDER=meta' : '',
      e.SMS_PROVIDER === 'termii' ? 'SMS_PROVIDER=termii' : '',
    ]
      .filter(Boolean)
      .join(' and ');
    throw invalid(`${chosen} needs ${missing.join(', ')}.`);
  }
  return {
    whatsapp,
    webhook: {
      verifyToken: e.WHATSAPP_WEBHOOK_VERIFY_TOKEN,
      appSecret: e.WHATSAPP_APP_SECRET,
      termiiSecret: e.TERMII_SECRET_KEY,
    },
    sms,
    fallbackSeconds: e.SMS_FALLBACK_SECONDS,
    timeoutMs: e.PROVIDER_TIMEOUT_MS,
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

export { LOG_REDACT_PATHS } from './log-redact';

/**
 * The data keys (issue 29). Production refuses to start without DATA_ENCRYPTION_KEY; elsewhere an unset key
 * is generated once and kept under DATA_DIR (like the JWT secret), so two gateways sharing a database must
 * share DATA_DIR too, or be given the same DATA_ENCRYPTION_KEY.
 */
function dataKeyringFrom(
  e: { DATA_ENCRYPTION_KEY?: string; DATA_ENCRYPTION_OLD_KEYS?: string },
  isProduction: boolean,
  dataDir: string,
): DataKeyring {
  if (isProduction && !e.DATA_ENCRYPTION_KEY) {
    throw invalid('DATA_ENCRYPTION_KEY is required in production.');
  }
  const current = decodeDataKey(
    e.DATA_ENCRYPTION_KEY ?? persistedDevSecret(dataDir, 'data-encryption-key', newDataKey),
  );
  if (!current) {
    throw invalid('DATA_ENCRYPTION_KEY must be 32 bytes in base64 (openssl rand -base64 32).');
  }
  const old = (e.DATA_ENCRYPTION_OLD_KEYS ?? '')
    .split(',')
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => decodeDataKey(text));
  if (old.some((key) => key === null)) {
    throw invalid('DATA_ENCRYPTION_OLD_KEYS must be comma-separated 32-byte base64 keys.');
  }
  return makeKeyring(current, old as Buffer[]);
}

/**
 * Outside production an unset JWT secret or data key is generated once and kept under DATA_DIR, so sessions and
 * sealed numbers survive restarts. Written whole to a private file, then linked into place (link fails when the
 * name exists): two processes starting at once on one DATA_DIR both end up with the first one's, never a
 * half-written file.
 */
function persistedDevSecret(dataDir: string, name: string, generate: () => string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, generate(), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readFileSync(file, 'utf8').trim();
}
