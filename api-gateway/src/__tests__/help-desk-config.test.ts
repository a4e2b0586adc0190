import { ConfigError, loadConfig } from '../config';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/portal-config-test', JWT_SECRET: 'x'.repeat(40) };

test('the affiliate dashboard help desk: a default, HELP_DESK_EMAIL, and a bad address stops the start', () => {
  expect(loadConfig(base).helpDeskEmail).toBe('helpdesk@affiliate-portal.local');
  expect(loadConfig({ ...base, HELP_DESK_EMAIL: 'support@example.ng' }).helpDeskEmail).toBe(
    'support@example.ng',
  );
  expect(() => loadConfig({ ...base, HELP_DESK_EMAIL: 'not an email' })).toThrow(ConfigError);
  expect(() => loadConfig({ ...base, HELP_DESK_EMAIL: 'not an email' })).toThrow(/HELP_DESK_EMAIL/);
});
