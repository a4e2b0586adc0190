import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const BUILT_SERVER = path.join(REPO_ROOT, 'api-gateway', 'dist', 'server.js');
export const BUILT_WEB = path.join(REPO_ROOT, 'dist-web');

export interface RunningGateway {
  url: string;
  port: number;
  pid: number;
  /** Copy of dist-web this gateway serves: tests may redeploy into it without touching the build. */
  webRoot: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the BUILT gateway (`node api-gateway/dist/server.js`) the way production runs it: on a free port,
 * with a fresh temporary DATA_DIR (embedded database, demo seed on) and its own copy of the built web apps.
 */
export async function startGateway(env: Record<string, string> = {}): Promise<RunningGateway> {
  for (const [what, file] of [
    ['gateway', BUILT_SERVER],
    ['web apps', path.join(BUILT_WEB, 'shell', 'index.html')],
  ]) {
    if (!existsSync(file))
      throw new Error(
        `The ${what} are not built (${path.relative(REPO_ROOT, file)} is missing): run \`npm run build\` first.`,
      );
  }
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const webRoot = path.join(scratch, 'web');
  const dataDir = path.join(scratch, 'data');
  cpSync(BUILT_WEB, webRoot, { recursive: true });
  const port = await freePort();
  const logFile = path.join(scratch, 'gateway.log');
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [BUILT_SERVER], {
    cwd: path.join(REPO_ROOT, 'api-gateway'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_ROOT: webRoot,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const cleanUp = () => rmSync(scratch, { recursive: true, force: true });
  try {
    await waitUntilHealthy(url, child, 120_000);
  } catch (error) {
    child.kill('SIGKILL');
    const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
    cleanUp();
    throw new Error(`${(error as Error).message}\n--- gateway log ---\n${tail}`);
  }
  return {
    url,
    port,
    pid: child.pid ?? -1,
    webRoot,
    dataDir,
    stop: async () => {
      await stopChild(child);
      log.end();
      cleanUp();
    },
  };
}

async function waitUntilHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The gateway exited with code ${child.exitCode} while starting.`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The gateway did not answer ${url}/api/health within ${timeoutMs / 1000} s.`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
