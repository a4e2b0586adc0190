import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * A real gateway process (src/server.ts under tsx) for the fault tests: killed with SIGKILL, stopped with
 * SIGTERM, restarted on the same data. Its JSON log lines and `FAULT_PAUSE_AT` announcements are collected
 * from stdout.
 */
export interface GatewayProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Every JSON line printed so far (pino logs and `{ faultPoint }` lines). */
  lines: Record<string, unknown>[];
  /** Resolves with the first line (already printed or to come) that passes `test`. */
  waitFor(
    test: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  kill(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * This process's environment without the database (the caller says which), a cluster worker id a test
 * runner may pass down, or the jest NODE_OPTIONS.
 */
function baseEnvironment(): NodeJS.ProcessEnv {
  const {
    DATABASE_URL: _database,
    NODE_UNIQUE_ID: _clusterWorker,
    FAULT_PAUSE_AT: _faults,
    PGOPTIONS: _pgOptions,
    ...rest
  } = process.env;
  return { ...rest, NODE_OPTIONS: '' };
}

export interface StartOptions {
  /** The port to listen on (a restart on the same port); a free one by default. */
  port?: number;
  /** `supervisor`: src/supervisor.ts, which forks the workers; `server` (default): one gateway process. */
  entry?: 'server' | 'supervisor';
}

const listening = (line: Record<string, unknown>) =>
  typeof line.msg === 'string' &&
  (line.msg.startsWith('affiliate portal listening') || line.msg === 'gateway worker listening');

/**
 * Starts a gateway (or the supervisor and its workers) and resolves once it listens. `env` adds DATA_DIR,
 * DATABASE_URL, FAULT_PAUSE_AT, JWT_SECRET, ...: every process test starts its gateways here, with the same
 * environment.
 */
export async function startGateway(
  env: Record<string, string>,
  { port, entry = 'server' }: StartOptions = {},
): Promise<GatewayProcess> {
  const listenPort = port ?? (await freePort());
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, '..', 'src', `${entry}.ts`)],
    {
      cwd: path.join(__dirname, '..'),
      env: {
        ...baseEnvironment(),
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(listenPort),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        // Many gateways run side by side here: no metrics port unless a test asks, and a stop without the
        // drain a load balancer needs, unless a test asks (issue 52).
        METRICS_PORT: '0',
        DRAIN_SECONDS: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines: Record<string, unknown>[] = [];
  const waiters = new Set<{
    test: (line: Record<string, unknown>) => boolean;
    resolve: (line: Record<string, unknown>) => void;
  }>();
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const text = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(text) as Record<string, unknown>;
      } catch {
        continue;
      }
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.test(line)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = (test: (line: Record<string, unknown>) => boolean, timeoutMs = 120_000) => {
    const seen = lines.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const waiter = {
        test,
        resolve: (line: Record<string, unknown>) => {
          clearTimeout(timer);
          resolve(line);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`no such line from the gateway; saw ${JSON.stringify(lines.slice(-20))}`));
      }, timeoutMs);
      waiters.add(waiter);
      void exited.then((code) => {
        if (!waiters.has(waiter)) return;
        waiters.delete(waiter);
        clearTimeout(timer);
        reject(new Error(`the gateway exited (${code}); saw ${JSON.stringify(lines.slice(-20))}`));
      });
    });
  };
  try {
    await waitFor(listening);
  } catch (error) {
    // Not listening in time (or refused to start): stopped here, or the child would outlive the test run.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    throw error;
  }
  return {
    port: listenPort,
    url: `http://127.0.0.1:${listenPort}`,
    child,
    lines,
    waitFor,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Resolves once the gateway prints `{ faultPoint: point }`: the work is paused there. */
export function pausedAt(gateway: GatewayProcess, point: string): Promise<unknown> {
  return gateway.waitFor((line) => line.faultPoint === point);
}
