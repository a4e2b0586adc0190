import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { freePort } from '../../test-support/gateway-process';
import { sampleValue } from '../../test-support/metric-samples';

// Issue 52: starting against a bad database says so, once, in words.
jest.setTimeout(90_000);

test.each([
  ['mysql://root@db:3306/portal', 'not mysql://'],
  ['http://db.example/portal', 'not http://'],
  ['db.example:5432/portal', 'must start with postgres:// or postgresql://'],
])('DATABASE_URL=%s is refused at once in one sentence', (url, says) => {
  const attempt = () => loadConfig({ DATABASE_URL: url, JWT_SECRET: 'x'.repeat(40) });
  expect(attempt).toThrow(ConfigError);
  let message = '';
  try {
    attempt();
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toContain(says);
  expect(message).toContain('DATABASE_URL');
  expect(message).not.toContain('\n');
  expect(message.match(/\. /g)).toBeNull();
});

test('postgres:// and postgresql:// are both taken', () => {
  for (const url of ['postgres://u@db:5432/p', 'postgresql://u@db/p']) {
    expect(loadConfig({ DATABASE_URL: url, JWT_SECRET: 'x'.repeat(40) }).databaseUrl).toBe(url);
  }
});

test('an unreachable server: one line per attempt (host, port, reason, next try), no stack, no worker restarts, not ready', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bad-db-'));
  const [port, metricsPort, closedPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'supervisor.ts')], {
    cwd: path.join(__dirname, '..', '..'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      WORKERS: '1',
      LOG_LEVEL: 'info',
      DATABASE_URL: `postgres://portal:secret-password@127.0.0.1:${closedPort}/portal`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const deadline = Date.now() + 60_000;
    while ((stderr.match(/attempt \d+/g) ?? []).length < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const lines = stderr.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    lines.slice(0, 3).forEach((line, index) => {
      expect(line).toBe(
        `The database at 127.0.0.1:${closedPort} cannot be used (attempt ${index + 1}): ` +
          `connect ECONNREFUSED 127.0.0.1:${closedPort}; trying again in ${2 ** index} s.`,
      );
    });
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stderr + stdout).not.toContain('secret-password');
    expect(stdout).not.toContain('gateway worker exited');
    // Readiness stays down: nothing answers on the gateway's port, and the metrics say not ready.
    await expect(fetch(`http://127.0.0.1:${port}/api/ready`)).rejects.toThrow();
    const scrape = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(scrape).toMatch(/^portal_gateway_ready 0$/m);
    expect(sampleValue(scrape, 'portal_gateway_worker_restarts_total')).toBe(0);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
