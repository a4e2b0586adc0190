import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-config-host-'));
const secret = 'a'.repeat(40);

test('outside production the gateway listens on loopback unless HOST says otherwise', () => {
  expect(loadConfig({ DATA_DIR: dataDir }).host).toBe('127.0.0.1');
  expect(loadConfig({ DATA_DIR: dataDir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
});

test('in production the gateway listens on every interface unless HOST says otherwise', () => {
  const production = {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    JWT_SECRET: secret,
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  };
  expect(loadConfig(production).host).toBe('0.0.0.0');
  expect(loadConfig({ ...production, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
});

test('a bad configuration is refused in one sentence naming the variable', () => {
  expect(() => loadConfig({ DATA_DIR: dataDir, PORT: '99999' })).toThrow(ConfigError);
  expect(() => loadConfig({ DATA_DIR: dataDir, PORT: '99999' })).toThrow(
    /^The configuration is invalid: PORT: [^\n]+\.$/,
  );
});
