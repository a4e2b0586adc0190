import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gatewayWorkers } from '../config';
import { freePort } from '../test-support/gateway-process';

// Starts real processes: migrations on a fresh embedded database take a while on a busy machine.
jest.setTimeout(120_000);

/**
 * This process's environment without DATABASE_URL (the supervisor runs on the embedded database here) and
 * without a cluster worker id that a test runner may pass down (the child would think it is a worker).
 */
function embeddedEnvironment(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, NODE_UNIQUE_ID: _clusterWorker, ...rest } = process.env;
  return rest;
}

interface LogLine {
  msg?: string;
  workerPid?: number;
  code?: number | null;
}

/** Collects the supervisor's JSON log lines and waits for one that matches. */
function logWatcher(child: ChildProcess) {
  const lines: LogLine[] = [];
  const waiters: {
    test: (line: LogLine) => boolean;
    resolve: (line: LogLine) => void;
    fail: (error: Error) => void;
  }[] = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const text = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        continue;
      }
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.test(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(line);
        }
      }
    }
  });
  child.once('exit', (code) => {
    for (const waiter of waiters.splice(0)) waiter.fail(new Error(`the supervisor exited (${code})`));
  });
  return {
    next(test: (line: LogLine) => boolean, timeoutMs = 90_000): Promise<LogLine> {
      const seen = lines.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no such log line; saw ${JSON.stringify(lines)}`)),
          timeoutMs,
        );
        waiters.push({
          test,
          resolve: (line) => (clearTimeout(timer), resolve(line)),
          fail: (error) => (clearTimeout(timer), reject(error)),
        });
      });
    },
  };
}

test('one worker on the embedded database, one per core (or WORKERS) on PostgreSQL', () => {
  expect(gatewayWorkers({ databaseUrl: undefined, workers: 8 })).toBe(1);
  expect(gatewayWorkers({ databaseUrl: 'postgres://db/portal', workers: 3 })).toBe(3);
  expect(gatewayWorkers({ databaseUrl: 'postgres://db/portal' })).toBe(
    Math.max(1, os.availableParallelism()),
  );
});

test('a killed worker is replaced and the next request is served; SIGTERM stops everything', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-supervisor-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'supervisor.ts')], {
    cwd: path.join(__dirname, '..', '..'),
    env: {
      ...embeddedEnvironment(),
      NODE_OPTIONS: '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs = logWatcher(child);
  try {
    const first = await logs.next((line) => line.msg === 'gateway worker listening');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    process.kill(first.workerPid!, 'SIGKILL');
    await logs.next((line) => line.msg === 'gateway worker exited' && line.workerPid === first.workerPid);
    const second = await logs.next(
      (line) => line.msg === 'gateway worker listening' && line.workerPid !== first.workerPid,
    );
    expect(second.workerPid).not.toBe(first.workerPid);
    const again = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(again.status).toBe(200);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    // Each worker stops gracefully (requests, outbox message, pool) and exits 0; so does the supervisor.
    const stopped = await logs.next((line) => line.msg === 'gateway worker stopped');
    expect(stopped).toMatchObject({ workerPid: second.workerPid, code: 0 });
    expect(await exited).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
