import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../seed/demo-accounts';
import { freePort, startGateway, type GatewayProcess } from '../../test-support/gateway-process';

/**
 * Issue 52: nginx from the system's packages, configured by deploy/nginx/affiliate-portal.conf, in front of two
 * gateways (supervisors) on one PostgreSQL database. Steady traffic (sign-ins, lists, exports, ingestion batches,
 * on keep-alive connections) runs while each gateway in turn is stopped with SIGTERM and started again, then
 * while one is killed with SIGKILL. SIGTERM: not one request fails. SIGKILL: only requests in flight at the kill
 * (or handed to the dead gateway before nginx saw it down) may fail, and every batch is stored whole or not at all.
 */
const databaseUrl = process.env.DATABASE_URL;
const describeOnPostgres = databaseUrl ? describe : describe.skip;
// Two gateways started three times on a busy machine, with 5 s drains and the pauses nginx needs.
jest.setTimeout(480_000);

const REPO = path.join(__dirname, '..', '..', '..');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => spawnSync(file, ['-v']).status === 0);
const BATCH = 20;

interface Outcome {
  kind: 'sign-in' | 'list' | 'export' | 'ingest';
  start: number;
  end: number;
  /** HTTP status, or 0 when the connection failed. */
  status: number;
  error?: string;
  batch?: string;
}

const failed = (outcome: Outcome) => outcome.status === 0 || outcome.status >= 500;

function urlWithSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema},public`);
  return parsed.toString();
}

/** deploy/nginx/affiliate-portal.conf as it is, on this test's ports, inside a minimal nginx.conf. */
function nginxConfig(dir: string, listen: number, gateways: [number, number]): string {
  const site = readFileSync(path.join(REPO, 'deploy', 'nginx', 'affiliate-portal.conf'), 'utf8')
    .replace('server 127.0.0.1:8081 ', `server 127.0.0.1:${gateways[0]} `)
    .replace('server 127.0.0.1:8082 ', `server 127.0.0.1:${gateways[1]} `)
    .replace('listen 80;', `listen 127.0.0.1:${listen};`);
  expect(site).toContain(`127.0.0.1:${gateways[1]}`);
  writeFileSync(path.join(dir, 'affiliate-portal.conf'), site);
  const main = path.join(dir, 'nginx.conf');
  writeFileSync(
    main,
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  access_log ${dir}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${dir}/${kind};`,
      ),
      `  include ${dir}/affiliate-portal.conf;`,
      '}',
    ].join('\n'),
  );
  return main;
}

/** SIGKILL to a supervisor and its workers at once, as a crash of the machine's process would. */
async function killWhole(gateway: GatewayProcess): Promise<void> {
  const workers = gateway.lines
    .filter((line) => line.msg === 'gateway worker started')
    .map((line) => line.workerPid as number);
  await gateway.kill();
  for (const pid of workers) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

describeOnPostgres('a rolling restart behind nginx', () => {
  let db: Database;
  let nginx: ChildProcess | undefined;
  let dir: string;
  const gateways: GatewayProcess[] = [];
  const dataDirs: string[] = [];

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    for (const gateway of gateways) await killWhole(gateway);
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    if (dir) rmSync(dir, { recursive: true, force: true });
    await db?.close();
  });

  it('drops no request on SIGTERM, only requests in flight on SIGKILL, and writes nothing by halves', async () => {
    if (!NGINX)
      throw new Error(
        'nginx is not installed (scripts/test.sh and .ci/run install it: apt-get install nginx-light).',
      );
    const schema = `rolling_${randomBytes(4).toString('hex')}`;
    db = await openDatabase({ databaseUrl, schema });
    await migrate(db);
    await seedDemoAccounts(db);
    const { rows } = await db.query<{ affiliate_code: string }>(
      `SELECT affiliate_code FROM affiliates ORDER BY affiliate_id LIMIT 1`,
    );
    const affiliateCode = rows[0].affiliate_code;
    const apiKey = randomBytes(32).toString('base64url');
    const env = {
      DATABASE_URL: urlWithSchema(databaseUrl!, schema),
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      INTEGRATION_API_KEY: apiKey,
      WORKERS: '1',
      DRAIN_SECONDS: '5',
      LOG_LEVEL: 'warn',
    };
    const ports: [number, number] = [await freePort(), await freePort()];
    const start = async (index: number) => {
      dataDirs[index] ??= mkdtempSync(path.join(os.tmpdir(), `portal-rolling-${index}-`));
      gateways[index] = await startGateway(
        { ...env, DATA_DIR: dataDirs[index], LOG_LEVEL: 'info' },
        { port: ports[index], entry: 'supervisor' },
      );
    };
    await Promise.all([start(0), start(1)]);

    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
    chmodSync(dir, 0o755);
    const listen = await freePort();
    const config = nginxConfig(dir, listen, ports);
    const checked = spawnSync(NGINX, ['-t', '-p', dir, '-c', config], { encoding: 'utf8' });
    expect(checked.stderr).toContain('syntax is ok');
    expect(checked.status).toBe(0);
    nginx = spawn(NGINX, ['-p', dir, '-c', config], { stdio: 'ignore' });
    const base = `http://127.0.0.1:${listen}`;
    for (let tries = 0; ; tries++) {
      const ok = await fetch(`${base}/api/ready`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ok) break;
      if (tries > 100) throw new Error('nginx did not answer');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // The traffic: keep-alive connections (fetch keeps them), every answer recorded.
    const outcomes: Outcome[] = [];
    let running = true;
    const send = async (kind: Outcome['kind'], route: string, init: RequestInit, batch?: string) => {
      const outcome: Outcome = { kind, start: Date.now(), end: 0, status: 0, batch };
      try {
        const res = await fetch(base + route, init);
        const text = await res.text();
        outcome.status = res.status;
        if (res.status >= 500) outcome.error = text.slice(0, 200);
        return { res, text };
      } catch (error) {
        outcome.error = String((error as { cause?: unknown }).cause ?? error);
        return undefined;
      } finally {
        outcome.end = Date.now();
        outcomes.push(outcome);
      }
    };
    const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const { email, password } = DEMO_ACCOUNTS.backoffice;
    const staffLoop = async () => {
      while (running) {
        const signedIn = await send('sign-in', '/api/login/auth', json({ userName: email, password }));
        const token =
          signedIn?.res.status === 200 ? (JSON.parse(signedIn.text) as { token: string }).token : '';
        for (let page = 1; page <= 3 && running && token; page++) {
          await send('list', `/api/backoffice/affiliate?pageNumber=${page}&pageSize=10`, {
            headers: { authorization: `Bearer ${token}` },
          });
        }
      }
    };
    let batches = 0;
    const ingestLoop = async () => {
      while (running) {
        const batch = `RR-${schema}-${++batches}`;
        const retailers = Array.from({ length: BATCH }, (_, index) => ({
          externalId: `${batch}-${index}`,
          affiliateCode,
          businessName: 'Rolling shop',
          faoName: 'Fao',
          faoMobileNo: '08031000000',
          clusterManager: 'Bisi Adewale',
          location: 'Ikeja, Lagos',
        }));
        await send(
          'ingest',
          '/api/integration/retailers',
          json({ retailers }, { 'x-api-key': apiKey }),
          batch,
        );
      }
    };
    const exportLoop = async () => {
      // Exports are limited per user per minute: one every few seconds, each through a fresh sign-in.
      while (running) {
        const signedIn = await send('sign-in', '/api/login/auth', json({ userName: email, password }));
        if (signedIn?.res.status === 200) {
          const { token } = JSON.parse(signedIn.text) as { token: string };
          await send('export', '/api/report/loginhistory', { headers: { authorization: `Bearer ${token}` } });
        }
        for (let waited = 0; waited < 4000 && running; waited += 100) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    };
    const loops = [staffLoop, staffLoop, ingestLoop, ingestLoop, exportLoop];
    const TRAFFIC_LOOPS = loops.length;
    const traffic = Promise.all(loops.map((loop) => loop()));
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    // A rolling deploy: each gateway stopped with SIGTERM (drained, exit 0) and started again. The next one
    // waits until nginx has tried the restarted one again (its fail_timeout, 5 s).
    await pause(2000);
    const rollingFrom = Date.now();
    for (const index of [0, 1]) {
      gateways[index].child.kill('SIGTERM');
      expect(await gateways[index].exited).toBe(0);
      await start(index);
      await pause(6000);
    }
    const rollingUntil = Date.now();

    // A crash: gateway 0's supervisor and worker killed at once.
    const killedAt = Date.now();
    await killWhole(gateways[0]);
    await pause(3000);
    await start(0);
    await pause(3000);
    running = false;
    await traffic;

    // The rolling restart's requests: every one that started during it and was answered before the kill.
    const rolling = outcomes.filter(
      (o) => o.start >= rollingFrom && o.start < rollingUntil && o.end < killedAt,
    );
    const afterKill = outcomes.filter((o) => o.end >= killedAt);
    const inFlightAtKill = afterKill.filter((o) => o.start < killedAt);
    const count = (list: Outcome[]) =>
      Object.fromEntries(
        (['sign-in', 'list', 'export', 'ingest'] as const).map((kind) => [
          kind,
          list.filter((o) => o.kind === kind).length,
        ]),
      );
    const statuses = outcomes.reduce<Record<string, number>>((tally, o) => {
      tally[o.status] = (tally[o.status] ?? 0) + 1;
      return tally;
    }, {});
    console.log(
      JSON.stringify({
        requests: outcomes.length,
        byKind: count(outcomes),
        statuses,
        duringRollingRestart: { requests: rolling.length, failed: rolling.filter(failed).length },
        sigkill: { inFlight: inFlightAtKill.length, failed: afterKill.filter(failed).length },
      }),
    );

    if (outcomes.some(failed)) {
      const log = readFileSync(path.join(dir, 'error.log'), 'utf8');
      console.log(
        JSON.stringify(outcomes.filter(failed).slice(0, 5)),
        log
          .split('\n')
          .filter((line) => line.includes('upstream'))
          .slice(-20)
          .join('\n'),
        JSON.stringify({ rollingFrom, rollingUntil, killedAt }),
      );
    }
    // SIGTERM: nothing failed, keep-alive connections included.
    expect(rolling.filter(failed)).toEqual([]);
    expect(outcomes.filter((o) => o.end < killedAt).filter(failed)).toEqual([]);
    // SIGKILL: only what was in flight on the killed gateway, and what nginx had already handed it. A request sent
    // in the instant after the kill can still go to the dead gateway before nginx's first error marks it down
    // (max_fails=1); nginx resends it elsewhere unless it is a POST outside /api/integration/ (non_idempotent is
    // off there, so a sign-in is never run twice), and such a POST fails. Seen in 2 of 5 runs: one to three
    // sign-ins. So a failure after the kill either started before it, or is a sign-in started within a second
    // of it, at most one per traffic loop.
    const failedAfterKill = afterKill.filter(failed);
    const handedToTheDead = failedAfterKill.filter((o) => o.start >= killedAt);
    expect(handedToTheDead.every((o) => o.kind === 'sign-in' && o.start < killedAt + 1000)).toBe(true);
    expect(handedToTheDead.length).toBeLessThanOrEqual(TRAFFIC_LOOPS);
    expect(failedAfterKill.length - handedToTheDead.length).toBeLessThanOrEqual(inFlightAtKill.length);
    expect(rolling.length).toBeGreaterThan(100);
    expect(count(rolling).export).toBeGreaterThan(0);
    expect(count(rolling).ingest).toBeGreaterThan(0);

    // Nothing by halves: each batch's retailers are all stored or none; every answered batch is all there.
    const { rows: stored } = await db.query<{ batch: string; n: number }>(
      `SELECT regexp_replace(external_id, '-[0-9]+$', '') AS batch, count(*)::int AS n FROM retailers
        WHERE external_id LIKE $1 GROUP BY 1`,
      [`RR-${schema}-%`],
    );
    for (const row of stored) expect(row.n).toBe(BATCH);
    const storedBatches = new Set(stored.map((row) => row.batch));
    for (const o of outcomes)
      if (o.kind === 'ingest' && o.status === 200) expect(storedBatches.has(o.batch!)).toBe(true);
  });
});
