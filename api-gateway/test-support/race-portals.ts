import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { type Database, openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { bearer, createStaffUser } from './affiliate-fixtures';
import { startGateway, type GatewayProcess } from './gateway-process';
import { rateRows, workbook } from './rate-workbooks';
import { createTestApp } from './test-app';

/**
 * The race suite's portals: the same calls made through one embedded gateway (supertest, PGlite or the
 * PostgreSQL server of DATABASE_URL) or through two gateway processes on one PostgreSQL schema, so a test
 * races writers exactly as two load-balanced gateways would. Each portal has an admin session and the
 * integration key, and two callers: on two gateways, caller 0 talks to one and caller 1 to the other.
 */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface Caller {
  ingest(what: 'retailers' | 'orders', items: readonly object[]): Promise<Answer>;
  /** POST master/commision/upload with an .xlsx of these rows (the template's columns), as the admin. */
  uploadRates(rows: readonly RateRow[]): Promise<Answer>;
  /** GET report/loginhistory (the Affiliate Login Report as Excel), as the admin. */
  exportLoginReport(): Promise<Answer>;
}

const LOGIN_REPORT_EXPORT = '/api/report/loginhistory?fromDate=2026-01-01&toDate=2026-01-31';

/** affiliate code, rate %, category, minimum order value, effective date (yyyy-MM-dd) */
export type RateRow = [string, number, string, number, string];

export interface RacePortal {
  db: Database;
  /** The admin user the callers' uploads and exports are made as. */
  adminUserId: number;
  callers: [Caller, Caller];
  close(): Promise<void>;
}

export const RACE_API_KEY = `race-integration-key-${randomBytes(16).toString('hex')}`;

export function ratesWorkbook(rows: readonly RateRow[]): Buffer {
  return workbook(rateRows(...rows));
}

const bodyOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** One embedded gateway, called in process: both callers are the same app. */
export async function oneGateway(): Promise<RacePortal> {
  const t = await createTestApp({ INTEGRATION_API_KEY: RACE_API_KEY });
  const adminUserId = await createStaffUser(t.ctx.db, 1);
  const admin = await bearer(t.ctx, adminUserId);
  const caller: Caller = {
    ingest: async (what, items) => {
      const res = await request(t.app)
        .post(`/api/integration/${what}`)
        .set('X-API-Key', RACE_API_KEY)
        .send({ [what]: items });
      return { status: res.status, body: bodyOf(res.body) };
    },
    uploadRates: async (rows) => {
      const res = await request(t.app)
        .post('/api/master/commision/upload')
        .set('Authorization', admin)
        .attach('data', ratesWorkbook(rows), 'rates.xlsx');
      return { status: res.status, body: bodyOf(res.body) };
    },
    exportLoginReport: async () => {
      const res = await request(t.app).get(LOGIN_REPORT_EXPORT).set('Authorization', admin);
      return { status: res.status, body: bodyOf(res.body) };
    },
  };
  return { db: t.ctx.db, adminUserId, callers: [caller, caller], close: () => t.close() };
}

/** The URL with a search_path, so a gateway (and its listening connection) uses the test's schema. */
function urlWithSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema},public`);
  return parsed.toString();
}

/** A 5xx carries the gateway's logged error, so a failing race says why. */
async function explained(gateway: GatewayProcess, res: Response): Promise<Answer> {
  const result = await answer(res);
  if (result.status >= 500)
    result.body.logged = gateway.lines.filter((line) => Number(line.level) >= 50).at(-1);
  return result;
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  try {
    return { status: res.status, body: bodyOf(JSON.parse(text)) };
  } catch {
    return { status: res.status, body: { text } };
  }
}

function gatewayCaller(gateway: GatewayProcess, admin: string): Caller {
  return {
    ingest: async (what, items) =>
      explained(
        gateway,
        await fetch(`${gateway.url}/api/integration/${what}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': RACE_API_KEY },
          body: JSON.stringify({ [what]: items }),
        }),
      ),
    uploadRates: async (rows) => {
      const form = new FormData();
      form.append('data', new Blob([ratesWorkbook(rows)]), 'rates.xlsx');
      return explained(
        gateway,
        await fetch(`${gateway.url}/api/master/commision/upload`, {
          method: 'POST',
          headers: { authorization: admin },
          body: form,
        }),
      );
    },
    exportLoginReport: async () =>
      explained(
        gateway,
        await fetch(gateway.url + LOGIN_REPORT_EXPORT, { headers: { authorization: admin } }),
      ),
  };
}

/**
 * A gateway on a free port. The port is chosen free, then bound by the child a moment later: on a busy machine
 * another process may take it in between (EADDRINUSE), and then another port is tried.
 */
async function startListening(env: Record<string, string>): Promise<GatewayProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startGateway(env);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

/** Two gateway processes on one PostgreSQL schema (DATABASE_URL must be set). */
export async function twoGateways(): Promise<RacePortal> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('two gateways need DATABASE_URL');
  const schema = `races_${randomBytes(4).toString('hex')}`;
  const db = await openDatabase({ databaseUrl, schema });
  await migrate(db);
  const jwtSecret = randomBytes(32).toString('hex');
  // One data key for this process and both gateways (issue 29): each has its own DATA_DIR.
  const dataKey = randomBytes(32).toString('base64');
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'portal-race-')));
  // Sessions are rows signed with the gateways' secret: issued here, accepted by both.
  const ctx: AppContext = {
    config: loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDirs[0],
      JWT_SECRET: jwtSecret,
      DATA_ENCRYPTION_KEY: dataKey,
    }),
    db,
    logger: pino({ level: 'silent' }),
    now: () => new Date(),
    routeDocs: [],
  };
  const adminUserId = await createStaffUser(db, 1);
  const admin = await bearer(ctx, adminUserId);
  const url = urlWithSchema(databaseUrl, schema);
  const started = await Promise.allSettled(
    dataDirs.map((dataDir) =>
      startListening({
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        JWT_SECRET: jwtSecret,
        DATA_ENCRYPTION_KEY: dataKey,
        INTEGRATION_API_KEY: RACE_API_KEY,
      }),
    ),
  );
  const gateways = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const cleanUp = async () => {
    await Promise.all(gateways.map((gateway) => gateway.kill()));
    await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  // One gateway that did not start: the other is stopped too, or it would keep the test run alive.
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await cleanUp();
    throw failed.reason;
  }
  return {
    db,
    adminUserId,
    callers: [gatewayCaller(gateways[0], admin), gatewayCaller(gateways[1], admin)],
    close: cleanUp,
  };
}

/**
 * The portals a race test runs on: one embedded gateway always (PGlite, or PostgreSQL when DATABASE_URL is
 * set), and two gateway processes when DATABASE_URL is set.
 */
export const RACE_PORTALS: [string, () => Promise<RacePortal>][] = [
  ['one gateway', oneGateway],
  ...(process.env.DATABASE_URL
    ? [['two gateways on PostgreSQL', twoGateways] as [string, () => Promise<RacePortal>]]
    : []),
];
