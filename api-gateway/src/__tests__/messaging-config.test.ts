import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { ConfigError, LOG_REDACT_PATHS, loadConfig } from '../config';

const production = {
  NODE_ENV: 'production',
  DATA_DIR: '/tmp/portal-config-test',
  JWT_SECRET: 'x'.repeat(40),
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};
const META = {
  WHATSAPP_PROVIDER: 'meta',
  WHATSAPP_ACCESS_TOKEN: 'EAAJB-secret-token',
  WHATSAPP_PHONE_NUMBER_ID: '105954558954427',
  WHATSAPP_TEMPLATE_NAME: 'verification_code',
  WHATSAPP_APP_SECRET: 'app-secret-value',
  WHATSAPP_WEBHOOK_VERIFY_TOKEN: 'verify-token-value',
};
const TERMII = { SMS_PROVIDER: 'termii', TERMII_API_KEY: 'TL-secret-key', TERMII_SENDER_ID: 'Portal' };

test('the log providers stay the default: no fallback, Graph v21.0 and Termii NG as base URLs', () => {
  const { messaging } = loadConfig(production);
  expect(messaging.whatsapp).toEqual({ provider: 'log' });
  expect(messaging.sms).toEqual({ provider: 'none' });
  expect(messaging.fallbackSeconds).toBe(60);
  const meta = loadConfig({ ...production, ...META, ...TERMII }).messaging;
  expect(meta.whatsapp).toMatchObject({
    baseUrl: 'https://graph.facebook.com/v21.0',
    templateLanguage: 'en',
  });
  expect(meta.sms).toMatchObject({ baseUrl: 'https://api.ng.termii.com', senderId: 'Portal' });
});

test('production refuses WHATSAPP_PROVIDER=meta with any of its secrets missing, naming them', () => {
  for (const name of Object.keys(META).filter((key) => key !== 'WHATSAPP_PROVIDER')) {
    const env: Record<string, string> = { ...production, ...META };
    delete env[name];
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  }
  expect(() => loadConfig({ ...production, ...META })).not.toThrow();
});

test('production refuses SMS_PROVIDER=termii without its key or sender ID', () => {
  expect(() => loadConfig({ ...production, SMS_PROVIDER: 'termii', TERMII_SENDER_ID: 'Portal' })).toThrow(
    'SMS_PROVIDER=termii needs TERMII_API_KEY',
  );
  expect(() => loadConfig({ ...production, SMS_PROVIDER: 'termii', TERMII_API_KEY: 'k' })).toThrow(
    'TERMII_SENDER_ID',
  );
  expect(() => loadConfig({ ...production, SMS_PROVIDER: 'twilio' })).toThrow(ConfigError);
});

test('the refusal message names variables, never a secret value', () => {
  const env: Record<string, string> = { ...production, ...META, ...TERMII };
  delete env.WHATSAPP_TEMPLATE_NAME;
  try {
    loadConfig(env);
    throw new Error('not refused');
  } catch (error) {
    const text = String(error);
    for (const secret of [META.WHATSAPP_ACCESS_TOKEN, META.WHATSAPP_APP_SECRET, TERMII.TERMII_API_KEY]) {
      expect(text).not.toContain(secret);
    }
  }
});

test('npm start (check-config) refuses production with meta and no token, in one sentence', () => {
  const script = path.join(__dirname, '..', 'check-config.ts');
  const env = { ...process.env, ...production, ...META, WHATSAPP_ACCESS_TOKEN: '' };
  let output = '';
  try {
    execFileSync(process.execPath, ['--import', 'tsx', script], { env, stdio: 'pipe' });
  } catch (error) {
    output = String((error as { stderr?: Buffer }).stderr ?? '');
  }
  expect(output).toContain('WHATSAPP_PROVIDER=meta needs WHATSAPP_ACCESS_TOKEN');
});

test('pino redaction keeps the provider secrets out of every log line', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const logger = pino({ level: 'info', redact: LOG_REDACT_PATHS }, sink);
  const config = loadConfig({ ...production, ...META, ...TERMII });
  logger.info({ config }, 'config');
  logger.info({ messaging: config.messaging }, 'messaging');
  logger.info({ provider: { accessToken: META.WHATSAPP_ACCESS_TOKEN, apiKey: TERMII.TERMII_API_KEY } }, 'p');
  const text = lines.join('\n');
  for (const secret of [
    META.WHATSAPP_ACCESS_TOKEN,
    META.WHATSAPP_APP_SECRET,
    META.WHATSAPP_WEBHOOK_VERIFY_TOKEN,
    TERMII.TERMII_API_KEY,
  ]) {
    expect(text).not.toContain(secret);
  }
  expect(text).toContain('[Redacted]');
});
