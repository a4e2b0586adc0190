/**
 * The real gateway, started in this process for a benchmark: production-like config and logging (pino at info
 * to /dev/null, so lines are still built and written), embedded PGlite in a temp dir (or DATABASE_URL in a
 * throwaway schema), migrations and the three demo accounts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../api-gateway/src/app';
import { loadConfig } from '../api-gateway/src/config';
import type { AppContext } from '../api-gateway/src/context';
import { openDatabase } from '../api-gateway/src/db/database';
import { migrate } from '../api-gateway/src/db/migrate';
import { createHttpServer } from '../api-gateway/src/http/http-server';
import { seedDemoAccounts } from '../api-gateway/src/seed/demo-accounts';

export interface Gateway {
  ctx: AppContext;
  baseUrl: string;
  close(): Promise<void>;
}

/** `env` adds to the configuration (e.g. INTEGRATION_API_KEY). */
export async function startGateway(env: Record<string, string> = {}): Promise<Gateway> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const databaseUrl = process.env.DATABASE_URL;
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'info',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const db = await openDatabase({
    databaseUrl,
    dataDir: databaseUrl ? undefined : dataDir,
    schema: databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined,
  });
  await migrate(db);
  await seedDemoAccounts(db);
  const logger = pino({ level: 'info' }, pino.destination('/dev/null'));
  const ctx: AppContext = { config, db, logger, now: () => new Date(), routeDocs: [] };
  const app = await createApp(ctx);
  // The production server (keep-alive timeout, client errors as JSON), not Express's bare app.listen.
  const server = createHttpServer(app);
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ctx,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One keep-alive agent for every request of a run, like a browser or a load balancer. */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface Answer {
  status: number;
  body: string;
}

export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

export const ms = (value: number) => `${value.toFixed(1)} ms`;

export interface GatewayProcess {
  baseUrl: string;
  driver: string;
  /** Runs a statement in the gateway's database; resolves with its row count. */
  query(sql: string, params?: unknown[]): Promise<number>;
  /** The gateway process's CPU so far, in ms: its main thread alone (null off Linux) and all its threads. */
  cpu(): Promise<{ mainThreadMs: number | null; processMs: number }>;
  close(): Promise<void>;
}

/** The same gateway as `startGateway`, in a child process of its own (gateway-child.ts). */
export async function startGatewayProcess(): Promise<GatewayProcess> {
  const child = fork(path.join(__dirname, 'gateway-child.ts'), [], { execArgv: ['--import', 'tsx'] });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`gateway process exited (${code})`))),
  );
  exited.catch(() => undefined);
  const started = await Promise.race([
    new Promise<{ baseUrl: string; driver: string }>((resolve) =>
      child.once('message', (message) => resolve(message as { baseUrl: string; driver: string })),
    ),
    exited,
  ]);
  let nextId = 0;
  const ask = <T>(command: object) => {
    const id = ++nextId;
    return Promise.race([
      new Promise<T>((resolve, reject) => {
        const onMessage = (message: { id?: number; error?: string }) => {
          if (message.id !== id) return;
          child.off('message', onMessage);
          if (message.error) reject(new Error(message.error));
          else resolve(message as T);
        };
        child.on('message', onMessage);
        child.send({ ...command, id });
      }),
      exited,
    ]);
  };
  return {
    ...started,
    query: async (sql, params = []) => (await ask<{ rowCount: number }>({ sql, params })).rowCount,
    cpu: () => ask({ cpu: true }),
    close: async () => {
      child.send({ close: true });
      await exited.catch(() => undefined);
    },
  };
}
