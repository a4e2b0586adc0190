import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { type Database, openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { createHttpServer } from '../src/http/http-server';
import { type DemoAccountIds, seedDemoAccounts } from '../src/seed/demo-accounts';
import { bearer } from './affiliate-fixtures';
import { startGateway, type GatewayProcess } from './gateway-process';
import { rateRows, workbook } from './rate-workbooks';
import { createTestApp } from './test-app';

/**
 * The race suite's portals (issue 25), reached over HTTP as a load balancer would reach them: one gateway
 * listening in this process on the suite's database (embedded PGlite, or the PostgreSQL server of
 * DATABASE_URL) and, when DATABASE_URL is set, two gateway processes on one PostgreSQL schema. Every portal
 * has the demo accounts, an admin session and the integration key; its gateways trust the loopback proxy, so
 * a call names its client IP in X-Forwarded-For. On two gateways, caller 0 talks to one and caller 1 to the
 * other.
 */
export interface RacePortal {
  /** One base URL per gateway; a race spreads its requests over them. */
  urls: string[];
  /** The database the gateways use, for SQL checks of the outcome. */
  db: Database;
  /** The demo accounts; the callers' uploads and exports are made as the demo admin. */
  demo: DemoAccountIds;
  callers: [Caller, Caller];
  /** The demo admin's session token, valid on every gateway of the portal. */
  adminToken: string;
  /** A context on the portal's database with its gateways' secrets (data key), for fixtures that need one. */
  ctx: AppContext;
  /** A session token of any user (a staff user or an affiliate made with SQL), valid on every gateway. */
  tokenOf(userId: number): Promise<string>;
  close(): Promise<void>;
}

/** More environment for a portal's gateways (e.g. a provider's secret), on top of the race defaults. */
export type PortalEnv = Record<string, string>;

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

/** affiliate code, rate %, category, minimum order value, effective date (yyyy-MM-dd) */
export type RateRow = [string, number, string, number, string];

export const RACE_API_KEY = `race-integration-key-${randomBytes(16).toString('hex')}`;

const LOGIN_REPORT_EXPORT = '/api/report/loginhistory?fromDate=2026-01-01&toDate=2026-01-31';

async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  try {
    const body: unknown = JSON.parse(text);
    return { status: res.status, body: body && typeof body === 'object' ? (body as Answer['body']) : {} };
  } catch {
    return { status: res.status, body: { text } };
  }
}

/** One JSON call to a gateway, from the client IP given; `token` is a session token, `apiKey` the integration key. */
export async function call(
  url: string,
  method: 'GET' | 'POST',
  route: string,
  options: { ip?: string; token?: string; apiKey?: string; body?: unknown; cookie?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return answerOf(await fetch(url + route, { method, headers, body }));
}

/** How many answers had each status, e.g. `{ 401: 10, 429: 30 }`. */
export function countStatuses(answers: readonly Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** The calls of one gateway as the admin of `token`; a 5xx from a gateway process carries its logged error. */
function callerOf(url: string, token: string, gateway?: GatewayProcess): Caller {
  const explained = (answer: Answer): Answer => {
    if (gateway && answer.status >= 500)
      answer.body.logged = gateway.lines.filter((line) => Number(line.level) >= 50).at(-1);
    return answer;
  };
  return {
    ingest: async (what, items) =>
      explained(
        await call(url, 'POST', `/api/integration/${what}`, {
          apiKey: RACE_API_KEY,
          body: { [what]: items },
        }),
      ),
    uploadRates: async (rows) => {
      const form = new FormData();
      form.append('data', new Blob([workbook(rateRows(...rows))]), 'rates.xlsx');
      const res = await fetch(`${url}/api/master/commision/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return explained(await answerOf(res));
    },
    exportLoginReport: async () => explained(await call(url, 'GET', LOGIN_REPORT_EXPORT, { token })),
  };
}

/** A session of the user, as a token (sessions are rows signed with the gateways' secret). */
async function sessionToken(ctx: AppContext, userId: number): Promise<string> {
  return (await bearer(ctx, userId)).replace(/^Bearer /, '');
}

/** One gateway listening in this process; both callers are the same gateway. */
export async function oneGateway(env: PortalEnv = {}): Promise<RacePortal> {
  const t = await createTestApp({ ...env, TRUST_PROXY: 'loopback', INTEGRATION_API_KEY: RACE_API_KEY });
  const demo = await seedDemoAccounts(t.ctx.db);
  // The gateway's own server: Node's default 5 s keep-alive closed sockets fetch was just reusing (ECONNRESET).
  const server = createHttpServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const token = await sessionToken(t.ctx, demo.adminUserId);
  const caller = callerOf(url, token);
  return {
    urls: [url],
    db: t.ctx.db,
    demo,
    callers: [caller, caller],
    adminToken: token,
    ctx: t.ctx,
    tokenOf: (userId) => sessionToken(t.ctx, userId),
    async close() {
      // Idle keep-alive connections (65 s) would hold the server open.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}

/** The URL with a search_path, so a gateway (and its listening connection) uses the test's schema. */
function urlWithSchema(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema},public`);
  return parsed.toString();
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
export async function twoGateways(env: PortalEnv = {}): Promise<RacePortal> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('two gateways need DATABASE_URL');
  const schema = `races_${randomBytes(4).toString('hex')}`;
  const db = await openDatabase({ databaseUrl, schema });
  const jwtSecret = randomBytes(32).toString('hex');
  // One data key for this process and both gateways (issue 29): each has its own DATA_DIR.
  const dataKey = randomBytes(32).toString('base64');
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'portal-race-')));
  const gateways: GatewayProcess[] = [];
  const cleanUp = async () => {
    await Promise.all(gateways.map((gateway) => gateway.kill()));
    await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await db.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await migrate(db);
    const demo = await seedDemoAccounts(db);
    const ctx: AppContext = {
      config: loadConfig({
        ...env,
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
    const token = await sessionToken(ctx, demo.adminUserId);
    const url = urlWithSchema(databaseUrl, schema);
    const started = await Promise.allSettled(
      dataDirs.map((dataDir) =>
        startListening({
          ...env,
          DATA_DIR: dataDir,
          DATABASE_URL: url,
          JWT_SECRET: jwtSecret,
          DATA_ENCRYPTION_KEY: dataKey,
          INTEGRATION_API_KEY: RACE_API_KEY,
          TRUST_PROXY: 'loopback',
        }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') gateways.push(result.value);
    // One gateway that did not start: the other is stopped too (below), or it would keep the test run alive.
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    return {
      urls: gateways.map((gateway) => gateway.url),
      db,
      demo,
      callers: [callerOf(gateways[0].url, token, gateways[0]), callerOf(gateways[1].url, token, gateways[1])],
      adminToken: token,
      ctx,
      tokenOf: (userId) => sessionToken(ctx, userId),
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/**
 * The portals a race test runs on, for `describe.each(RACE_PORTALS)`: one gateway always (PGlite, or
 * PostgreSQL when DATABASE_URL is set), and two gateway processes when DATABASE_URL is set.
 */
export const RACE_PORTALS: [string, (env?: PortalEnv) => Promise<RacePortal>][] = [
  [`one gateway on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, oneGateway],
  ...(process.env.DATABASE_URL
    ? [['two gateways on PostgreSQL', twoGateways] as [string, (env?: PortalEnv) => Promise<RacePortal>]]
    : []),
];
