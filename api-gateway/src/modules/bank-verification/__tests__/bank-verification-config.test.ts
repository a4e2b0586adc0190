import { ConfigError, loadConfig } from '../../../config';

const base = {
  NODE_ENV: 'production',
  DATA_DIR: '/tmp/portal-config-test',
  JWT_SECRET: 'x'.repeat(40),
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

test('production refuses to start with BANK_VERIFICATION_PROVIDER=paystack and no PAYSTACK_SECRET_KEY', () => {
  for (const missing of [{}, { PAYSTACK_SECRET_KEY: '' }]) {
    expect(() => loadConfig({ ...base, BANK_VERIFICATION_PROVIDER: 'paystack', ...missing })).toThrow(
      ConfigError,
    );
  }
  expect(() => loadConfig({ ...base, BANK_VERIFICATION_PROVIDER: 'paystack' })).toThrow(
    'PAYSTACK_SECRET_KEY is required when BANK_VERIFICATION_PROVIDER is paystack',
  );
});

test('the default is no provider; paystack takes its key, base URL (default Paystack) and timeout', () => {
  expect(loadConfig(base).bankVerification).toEqual({ provider: 'none' });
  expect(
    loadConfig({ ...base, BANK_VERIFICATION_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_live_abc' })
      .bankVerification,
  ).toEqual({
    provider: 'paystack',
    secretKey: 'sk_live_abc',
    baseUrl: 'https://api.paystack.co',
    timeoutMs: 5000,
  });
  expect(
    loadConfig({
      ...base,
      BANK_VERIFICATION_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_live_abc',
      PAYSTACK_BASE_URL: 'http://127.0.0.1:9999/',
      BANK_VERIFICATION_TIMEOUT_MS: '1500',
    }).bankVerification,
  ).toMatchObject({ baseUrl: 'http://127.0.0.1:9999', timeoutMs: 1500 });
});

test('an unknown provider or a timeout out of bounds stops the start', () => {
  expect(() => loadConfig({ ...base, BANK_VERIFICATION_PROVIDER: 'flutterwave' })).toThrow(ConfigError);
  expect(() => loadConfig({ ...base, BANK_VERIFICATION_TIMEOUT_MS: '0' })).toThrow(ConfigError);
});
