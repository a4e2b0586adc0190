import { z } from 'zod';

/**
 * Issue 50: the identity check against the authority (Smile ID for Nigeria). Part of the one environment schema
 * in config.ts. `log` (the development default) answers a demo result without sending anything; `none` checks
 * nothing; `smile_id` calls Smile ID's v1 API (signature = base64 HMAC-SHA256 of timestamp + partner id +
 * "sid_request" under the API key).
 */
export const IdentityEnv = {
  IDENTITY_PROVIDER: z.enum(['none', 'log', 'smile_id']).optional(),
  /** biometric_kyc: the number looked up and the registration selfie compared; enhanced_kyc: the lookup alone. */
  IDENTITY_CHECK_PRODUCT: z.enum(['biometric_kyc', 'enhanced_kyc']).default('biometric_kyc'),
  SMILE_ID_PARTNER_ID: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^\d{1,12}$/, 'must be the numeric partner ID')
      .optional(),
  ),
  SMILE_ID_API_KEY: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(1).optional()),
  SMILE_ID_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Overrides the environment's address (tests point it at a local fake). */
  SMILE_ID_BASE_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.url({ protocol: /^https?$/ }).optional(),
  ),
  /** Each call to the provider gives up after this long; the check is then retried with a backoff. */
  IDENTITY_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** The first retry waits this long, each next one twice as long, at most an hour. */
  IDENTITY_CHECK_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
};

export const SMILE_ID_BASE_URLS = {
  sandbox: 'https://testapi.smileidentity.com/v1',
  production: 'https://api.smileidentity.com/v1',
} as const;

export type IdentityProduct = 'biometric_kyc' | 'enhanced_kyc';

/** The secrets stay here: never logged (log-redact), never sent to a browser. */
export type IdentityCheckConfig = { product: IdentityProduct; timeoutMs: number; retrySeconds: number } & (
  | { provider: 'none' }
  | { provider: 'log' }
  | { provider: 'smile_id'; partnerId: string; apiKey: string; baseUrl: string }
);

export function identityCheckConfig(
  e: {
    NODE_ENV: 'development' | 'production' | 'test';
    IDENTITY_PROVIDER?: 'none' | 'log' | 'smile_id';
    IDENTITY_CHECK_PRODUCT: IdentityProduct;
    SMILE_ID_PARTNER_ID?: string;
    SMILE_ID_API_KEY?: string;
    SMILE_ID_ENVIRONMENT: 'sandbox' | 'production';
    SMILE_ID_BASE_URL?: string;
    IDENTITY_CHECK_TIMEOUT_MS: number;
    IDENTITY_CHECK_RETRY_SECONDS: number;
  },
  invalid: (problem: string) => Error,
): IdentityCheckConfig {
  const common = {
    product: e.IDENTITY_CHECK_PRODUCT,
    timeoutMs: e.IDENTITY_CHECK_TIMEOUT_MS,
    retrySeconds: e.IDENTITY_CHECK_RETRY_SECONDS,
  };
  // Production never answers a demo result: unset there is none.
  const provider = e.IDENTITY_PROVIDER ?? (e.NODE_ENV === 'production' ? 'none' : 'log');
  if (provider !== 'smile_id') return { ...common, provider };
  const missing = [
    e.SMILE_ID_PARTNER_ID ? '' : 'SMILE_ID_PARTNER_ID',
    e.SMILE_ID_API_KEY ? '' : 'SMILE_ID_API_KEY',
  ].filter(Boolean);
  if (missing.length > 0) throw invalid(`IDENTITY_PROVIDER=smile_id needs ${missing.join(', ')}.`);
  return {
    ...common,
    provider,
    partnerId: e.SMILE_ID_PARTNER_ID ?? '',
    apiKey: e.SMILE_ID_API_KEY ?? '',
    baseUrl: (e.SMILE_ID_BASE_URL ?? SMILE_ID_BASE_URLS[e.SMILE_ID_ENVIRONMENT]).replace(/\/+$/, ''),
  };
}
