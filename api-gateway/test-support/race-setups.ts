import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Sql } from '../src/db/database';
import { type Database, openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { type DemoAccountIds, seedDemoAccounts } from '../src/seed/demo-accounts';
import { type GatewayProcess, startGateway } from './gateway-process';
import { createTestApp } from './test-app';

/**
 * Where a race runs: one gateway in this process on the suite's database (embedded PGlite, or PostgreSQL
 * when DATABASE_URL is set), and, when DATABASE_URL is set, two real gateway processes on one PostgreSQL
 * database. Both trust the loopback proxy, so a test names each request's client IP in X-Forwarded-For.
 */
export interface RaceSetup {
  /** One base URL per gateway; a race spreads its requests over them. */
  urls: string[];
  /** The database the gateways use, for SQL checks of the outcome. */
  db: Sql;
  demo: DemoAccountIds;
  close(): Promise<void>;
}

export interface RaceSetupFactory {
  name: string;
  start(): Promise<RaceSetup>;
}

async function oneGateway(): Promise<RaceSetup> {
  const t = await createTestApp({ TRUST_PROXY: 'loopback' });
  const demo = await seedDemoAccounts(t.ctx.db);
  const server: Server = await new Promise((resolve) => {
    const listening = t.app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as { port: number };
  return {
    urls: [`http://127.0.0.1:${port}`],
    db: t.ctx.db,
    demo,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}

/** The URL with a search_path, so both gateways use the test's schema. */
function urlWithSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema},public`);
  return parsed.toString();
}

async function twoGateways(databaseUrl: string): Promise<RaceSetup> {
  const schema = `races_${randomBytes(4).toString('hex')}`;
  const db: Database = await openDatabase({ databaseUrl, schema });
  await migrate(db);
  const demo = await seedDemoAccounts(db);
  const url = urlWithSchema(databaseUrl, schema);
  const secret = randomBytes(32).toString('hex');
  // Both gateways read what the other sealed (issue 29): one data key, as they have separate DATA_DIRs.
  const dataKey = randomBytes(32).toString('base64');
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'portal-race-')));
  const gateways: GatewayProcess[] = await Promise.all(
    dataDirs.map((dir) =>
      startGateway({
        DATA_DIR: dir,
        DATABASE_URL: url,
        JWT_SECRET: secret,
        DATA_ENCRYPTION_KEY: dataKey,
        TRUST_PROXY: 'loopback',
      }),
    ),
  );
  return {
    urls: gateways.map((gateway) => gateway.url),
    db,
    demo,
    async close() {
      for (const gateway of gateways) {
        if (gateway.child.exitCode === null) gateway.child.kill('SIGTERM');
        await gateway.exited;
      }
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      await db.close();
    },
  };
}

/** The setups a race suite runs on: `describe.each(raceSetups())`. */
export function raceSetups(): RaceSetupFactory[] {
  const databaseUrl = process.env.DATABASE_URL;
  const driver = databaseUrl ? 'PostgreSQL' : 'PGlite';
  const setups: RaceSetupFactory[] = [{ name: `one gateway on ${driver}`, start: oneGateway }];
  if (databaseUrl) setups.push({ name: 'two gateways on PostgreSQL', start: () => twoGateways(databaseUrl) });
  return setups;
}

export interface RaceAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** One JSON call to a gateway, from the client IP given. */
export async function call(
  url: string,
  method: 'GET' | 'POST',
  route: string,
  options: { ip?: string; token?: string; body?: unknown; cookie?: string } = {},
): Promise<RaceAnswer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url + route, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: res.status, body };
}

/** How many answers had each status, e.g. `{ 401: 10, 429: 30 }`. */
export function countStatuses(answers: readonly RaceAnswer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
