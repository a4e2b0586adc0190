import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startGateway } from '../../test-support/gateway-process';

/**
 * Issue 52: the files an operator loads, checked by the tools that load them: the alerting rules by promtool
 * (and every series they name is in a real scrape, which promtool also checks), the systemd unit by
 * systemd-analyze. The nginx file is run by rolling-restart.test.ts. Nothing in deploy/ goes unchecked.
 */
jest.setTimeout(120_000);

const DEPLOY = path.join(__dirname, '..', '..', '..', 'deploy');
const RULES = path.join(DEPLOY, 'prometheus', 'portal-alerts.yml');
const UNIT = path.join(DEPLOY, 'systemd', 'affiliate-portal.service');
const run = (command: string, args: string[], input?: string) =>
  spawnSync(command, args, { encoding: 'utf8', input });

test('every file in deploy/ is one a test uses', () => {
  const files = readdirSync(DEPLOY, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(DEPLOY, path.join(entry.parentPath, entry.name)))
    .sort();
  expect(files).toEqual([
    'nginx/affiliate-portal.conf',
    'prometheus/portal-alerts.yml',
    'systemd/affiliate-portal.service',
  ]);
  const rolling = readFileSync(path.join(__dirname, 'rolling-restart.test.ts'), 'utf8');
  expect(rolling).toContain("'deploy', 'nginx', 'affiliate-portal.conf'");
});

test('promtool accepts the alerting rules, and refuses a broken copy', () => {
  const checked = run('promtool', ['check', 'rules', RULES]);
  expect(checked.error).toBeUndefined();
  expect(checked.stdout).toContain('SUCCESS');
  expect(checked.status).toBe(0);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-rules-'));
  try {
    const broken = path.join(dir, 'broken.yml');
    writeFileSync(broken, readFileSync(RULES, 'utf8').replace('> 900', '> > 900'));
    expect(run('promtool', ['check', 'rules', broken]).status).not.toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a real scrape of the supervisor passes promtool check metrics and holds every series the rules name', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-scrape-'));
  const metricsPort = await freePort();
  const gateway = await startGateway(
    { DATA_DIR: dataDir, METRICS_PORT: String(metricsPort) },
    { entry: 'supervisor' },
  );
  try {
    // Some traffic, so the request histogram has series.
    for (const route of ['/api/health', '/api/ready', '/api/no-such-call']) await fetch(gateway.url + route);
    expect((await fetch(`${gateway.url}/metrics`)).status).toBe(404);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    const scrape = await res.text();
    const checked = run('promtool', ['check', 'metrics'], scrape);
    expect(checked.error).toBeUndefined();
    // Our series pass promtool's lint; prom-client's own nodejs_active_*_total gauges draw its one complaint.
    const complaints = `${checked.stdout}${checked.stderr}`.split('\n').filter(Boolean);
    expect(complaints.filter((line) => !/^nodejs_active_\w+_total non-counter metrics/.test(line))).toEqual(
      [],
    );
    const named = new Set(readFileSync(RULES, 'utf8').match(/portal_[a-z_]+/g));
    for (const name of named) expect(scrape).toMatch(new RegExp(`^${name}(\\{| )`, 'm'));
    expect(scrape).toMatch(/^portal_gateway_ready 1$/m);
    expect(scrape).toMatch(/^portal_gateway_worker_restarts_total 0$/m);
  } finally {
    await gateway.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('systemd-analyze verifies the unit, and refuses a broken copy', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-unit-'));
  try {
    const unit = path.join(dir, 'affiliate-portal.service');
    copyFileSync(UNIT, unit);
    const verified = run('systemd-analyze', ['verify', unit]);
    expect(verified.error).toBeUndefined();
    expect(verified.stderr).toBe('');
    expect(verified.status).toBe(0);
    writeFileSync(
      unit,
      readFileSync(UNIT, 'utf8').replace('ExecStart=/usr/bin/node', 'ExecStart=node-not-here'),
    );
    expect(run('systemd-analyze', ['verify', unit]).status).not.toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
