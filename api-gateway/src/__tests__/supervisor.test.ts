import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gatewayWorkers } from '../config';
import { startGateway } from '../../test-support/gateway-process';

// Starts real processes: migrations on a fresh embedded database take a while on a busy machine.
jest.setTimeout(120_000);

test('one worker on the embedded database, one per core (or WORKERS) on PostgreSQL', () => {
  expect(gatewayWorkers({ databaseUrl: undefined, workers: 8 })).toBe(1);
  expect(gatewayWorkers({ databaseUrl: 'postgres://db/portal', workers: 3 })).toBe(3);
  expect(gatewayWorkers({ databaseUrl: 'postgres://db/portal' })).toBe(
    Math.max(1, os.availableParallelism()),
  );
});

test('a killed worker is replaced and the next request is served; SIGTERM stops everything', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-supervisor-'));
  const gateway = await startGateway({ DATA_DIR: dataDir }, { entry: 'supervisor' });
  const { child, url } = gateway;
  const next = (test: (line: Record<string, unknown>) => boolean) => gateway.waitFor(test, 90_000);
  try {
    const first = await next((line) => line.msg === 'gateway worker listening');
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);

    process.kill(first.workerPid as number, 'SIGKILL');
    await next((line) => line.msg === 'gateway worker exited' && line.workerPid === first.workerPid);
    const second = await next(
      (line) => line.msg === 'gateway worker listening' && line.workerPid !== first.workerPid,
    );
    expect(second.workerPid).not.toBe(first.workerPid);
    const again = await fetch(`${url}/api/health`);
    expect(again.status).toBe(200);

    child.kill('SIGTERM');
    // Each worker stops gracefully (requests, outbox message, pool) and exits 0; so does the supervisor.
    const stopped = await next((line) => line.msg === 'gateway worker stopped');
    expect(stopped).toMatchObject({ workerPid: second.workerPid, code: 0 });
    expect(await gateway.exited).toBe(0);
  } finally {
    await gateway.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
