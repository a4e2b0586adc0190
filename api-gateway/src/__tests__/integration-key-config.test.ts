import { ConfigError, loadConfig } from '../config';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'x'.repeat(40) };

test('INTEGRATION_API_KEY shorter than 32 characters stops the start with a clear message', () => {
  for (const short of ['', 'secret', 'k'.repeat(31)]) {
    expect(() => loadConfig({ ...base, INTEGRATION_API_KEY: short })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, INTEGRATION_API_KEY: short })).toThrow(
      'INTEGRATION_API_KEY: INTEGRATION_API_KEY must be at least 32 characters',
    );
  }
  expect(loadConfig({ ...base, INTEGRATION_API_KEY: 'k'.repeat(32) }).integrationApiKey).toBe('k'.repeat(32));
  expect(loadConfig(base).integrationApiKey).toBeUndefined();
});
