/**
 * Load and soak: mixed journeys of the three roles against the production gateway, started as its own process
 * (`node api-gateway/dist/supervisor.js`, the README's start command), on a database seeded at SEED_SCALE.
 * Prints requests per second, p50/p95/p99 and errors per call, and the gateway's RSS (supervisor + workers)
 * every minute. Targets (issue 14): 0 errors; RSS flat after warm-up, growth <= 10%.
 *
 *   npx --yes pnpm@10 --filter api-gateway build        # the gateway as it is started in production
 *   npx --yes pnpm@10 --filter bench exec tsx load-soak.ts [--minutes 10] [--warm-up-minutes 3] [--users 50]
 *       [--scale 250] [--think-ms 500] [--data-dir DIR] [--ingest-every-s 10] [--no-exports]
 *       [--heap-snapshots-at 2,9] [--sample-postgres]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (same command): PostgreSQL, on a copy of a database
 *       of its own (`<name>_load_soak_s<scale>` on the same server, created and seeded once, kept for the next
 *       run; the copy `<name>_load_soak_run` is dropped at the end). --data-dir keeps PGlite's seeded database
 *       the same way (each run on a copy).
 *
 * Each back-office and affiliate virtual user signs in to an account of its own (made on the run's copy of the
 * database: back-office users beside the demo one, seeded KYC Complete affiliates, all with the demo password)
 * from an address of its own (X-Forwarded-For, the gateway trusting the loopback proxy), walks its role's screens
 * with a random think time between calls, and signs out, over and over; the admin users walk theirs in the one
 * admin session signed in at set-up (an authenticator code is accepted once per 30 s step). The heavy calls (an export, a commission upload) run one at a
 * time across all users, as the gateway allows (it answers 429/503 "busy" beyond that by design); a user whose
 * turn comes while one runs skips it. The retail platform posts an ingestion batch every --ingest-every-s.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import * as XLSX from 'xlsx';
import { COMMISSION_COLUMNS, EXPORT_LIMIT } from '@portal/contracts';
import { gatewayWorkers } from '../api-gateway/src/config';
import { cpuSeconds, postgresCpuSeconds } from './cpu-time';
import { totpCodeAt } from '../api-gateway/test-support/authenticator';
import { type Database, openDatabase } from '../api-gateway/src/db/database';
import { DEMO_ACCOUNTS } from '../api-gateway/src/seed/demo-accounts';
import { PRODUCT_CATEGORIES } from '../api-gateway/src/seed/vocabulary';

function option(name: string, fallback: number): number;
function option(name: string, fallback: string | undefined): string | undefined;
function option(name: string, fallback: number | string | undefined) {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = process.argv[at + 1];
  return typeof fallback === 'number' ? Number(value) : value;
}

const MINUTES = option('minutes', 10);
/**
 * The same load before the measured minutes, not counted: every journey, export and upload has then run on
 * every worker (a rare call first served in minute 6 would otherwise show its working memory as growth).
 */
const WARM_UP_MINUTES = option('warm-up-minutes', 3);
const USERS = option('users', 50);
const SCALE = option('scale', 250);
const THINK_MS = option('think-ms', 500);
const INGEST_EVERY_S = option('ingest-every-s', 10);
const DATA_DIR = option('data-dir', undefined);
/** Hypothesis runs: leave the exports out of the admin journey. */
const EXPORTS = !process.argv.includes('--no-exports');
/** Hypothesis runs: minutes at whose end each worker writes a heap snapshot (SIGUSR2) into the run's directory. */
const HEAP_SNAPSHOTS_AT = (option('heap-snapshots-at', '') ?? '').split(',').filter(Boolean).map(Number);
/** PostgreSQL only: which statements are running, sampled every 50 ms over the measured minutes, printed at the end. */
const SAMPLE_POSTGRES = process.argv.includes('--sample-postgres');
/** Each worker logs process.memoryUsage() this often (MEMORY_LOG_SECONDS); the minute line shows the latest. */
const MEMORY_LOG_SECONDS = 10;
const DATABASE_URL = process.env.DATABASE_URL;
/** The gateway's workers, as the supervisor counts them: one on PGlite, WORKERS or one per core on PostgreSQL. */
const WORKERS = gatewayWorkers({
  databaseUrl: DATABASE_URL,
  workers: process.env.WORKERS ? Number(process.env.WORKERS) : undefined,
});
const API_KEY = `load-${randomBytes(16).toString('hex')}`;
const GATEWAY = path.resolve(__dirname, '../api-gateway/dist/supervisor.js');
const CATEGORIES = PRODUCT_CATEGORIES.map((category) => category.name);
const ORDER_STATUSES = ['Pending', 'Processing', 'Delivered', 'Completed', 'Rejected'];
const SEARCHES = ['ade', 'john', 'seed', 'ola', 'chi', 'mu'];

// ---------------------------------------------------------------------------------------------------------
// HTTP client and figures

const agent = new http.Agent({ keepAlive: true, maxSockets: USERS + 8 });
let baseUrl = '';

interface Answer {
  status: number;
  body: Buffer;
  json<T>(): T;
}

interface CallStats {
  histogram: RecordableHistogram;
  count: number;
  errors: Map<string, number>;
}
const stats = new Map<string, CallStats>();
let minuteRequests = 0;
let minuteErrors = 0;
let stopping = false;

function statsOf(name: string): CallStats {
  let entry = stats.get(name);
  if (!entry) {
    entry = { histogram: createHistogram(), count: 0, errors: new Map() };
    stats.set(name, entry);
  }
  return entry;
}

function recordError(name: string, what: string) {
  const entry = statsOf(name);
  entry.errors.set(what, (entry.errors.get(what) ?? 0) + 1);
  minuteErrors++;
}

function raw(
  method: string,
  url: string,
  headers: Record<string, string>,
  payload?: Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(url, baseUrl),
      {
        agent,
        method,
        headers: { ...(payload ? { 'content-length': String(payload.length) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            body,
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** One timed call; anything but the expected status is an error, counted by call and status. */
async function call(
  name: string,
  method: string,
  url: string,
  options: {
    token?: string;
    json?: unknown;
    body?: Buffer;
    type?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer | undefined> {
  const headers: Record<string, string> = { 'user-agent': 'load-soak', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload = options.body;
  if (options.json !== undefined) {
    payload = Buffer.from(JSON.stringify(options.json));
    headers['content-type'] = 'application/json';
  } else if (options.type) headers['content-type'] = options.type;
  const started = performance.now();
  let answer: Answer;
  try {
    answer = await raw(method, url, headers, payload);
  } catch (error) {
    if (!stopping) recordError(name, (error as NodeJS.ErrnoException).code ?? String(error));
    return undefined;
  }
  const elapsed = performance.now() - started;
  const entry = statsOf(name);
  entry.count++;
  entry.histogram.record(Math.max(1, Math.round(elapsed * 1000)));
  minuteRequests++;
  if (answer.status >= 400) {
    let message = '';
    try {
      message = answer.json<{ message?: string }>().message ?? '';
    } catch {
      message = answer.body.toString('utf8').slice(0, 80);
    }
    recordError(name, `${answer.status} ${message}`);
    return undefined;
  }
  return answer;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => sleep(Math.random() * 2 * THINK_MS);
const pick = <T>(values: readonly T[]) => values[Math.floor(Math.random() * values.length)];
const page = (max: number) => 1 + Math.floor(Math.random() * max);

/** The heavy calls run one at a time across all users; a user whose turn comes while one runs skips it. */
const busy = new Set<string>();
const exportsStarted: number[] = [];

/** True, and counted, when the shared admin account may start another export within the product's hourly limit. */
function exportAllowed(): boolean {
  const windowStart = Date.now() - EXPORT_LIMIT.perMinutes * 60_000;
  while (exportsStarted.length > 0 && exportsStarted[0] < windowStart) exportsStarted.shift();
  if (exportsStarted.length >= EXPORT_LIMIT.calls || busy.has('export')) return false;
  exportsStarted.push(Date.now());
  return true;
}

async function exclusive(kind: string, work: () => Promise<unknown>): Promise<void> {
  if (busy.has(kind)) return;
  busy.add(kind);
  try {
    await work();
  } finally {
    busy.delete(kind);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Journeys

interface Shared {
  /** The admin session every admin user works in (signed in once, with the authenticator code). */
  adminToken: string;
  /** Affiliate codes for the commission file. */
  affiliateCodes: string[];
  /** Pending affiliates not yet decided: each KYC decision takes one, so no two users decide the same one. */
  pendingIds: number[];
  /** Seeded retailers for ingestion batches. */
  retailerIds: string[];
  /** Per virtual user: its own account (back office and affiliate; admins share the set-up's session). */
  people: Person[];
}

/** A virtual user's account and the address it comes from. */
interface Person {
  email: string;
  password: string;
  address: string;
}

/** The demo account of a role, from the set-up's address. */
const demoPerson = (role: keyof typeof DEMO_ACCOUNTS): Person => ({
  email: DEMO_ACCOUNTS[role].email,
  password: DEMO_ACCOUNTS[role].password,
  address: '10.0.255.1',
});

async function signIn(person: Person): Promise<string | undefined> {
  const { email, password } = person;
  const answer = await call('POST login/auth', 'POST', '/api/login/auth', {
    json: { userName: email, password },
    headers: { 'x-forwarded-for': person.address },
  });
  const signedIn = answer?.json<{ token?: string; challenge?: string; secondFactorEnrolment?: true }>();
  if (signedIn?.secondFactorEnrolment) return enrolSecondFactor(signedIn.token!);
  if (!signedIn?.challenge) return signedIn?.token;
  // The demo admin has a second factor (issue 29): the code step gives the token.
  const { totpSecret } = DEMO_ACCOUNTS.admin;
  const codeStep = await call('POST login/second-factor', 'POST', '/api/login/second-factor', {
    json: { challenge: signedIn.challenge, code: totpCodeAt(totpSecret, new Date()) },
    headers: { 'x-forwarded-for': person.address },
  });
  return codeStep?.json<{ token: string }>().token;
}

/**
 * The gateway runs in production, where the demo admin is seeded without a second factor: its first session may
 * only set one up (issue 29), and may call everything once the first code confirms it.
 */
async function enrolSecondFactor(token: string): Promise<string | undefined> {
  const setup = await call('setup', 'POST', '/api/user/second-factor/setup', { token });
  if (!setup) return undefined;
  const { secret } = setup.json<{ secret: string }>();
  const confirmed = await call('setup', 'POST', '/api/user/second-factor/confirm', {
    token,
    json: { code: totpCodeAt(secret, new Date()) },
  });
  return confirmed ? token : undefined;
}

async function exportAndDownload(name: string, url: string, token: string) {
  const made = await call(`GET ${name}`, 'GET', url, { token });
  if (!made) return;
  const { excelPath } = made.json<{ excelPath: string }>();
  await think();
  await call('GET report/download', 'GET', excelPath, { token });
}

function commissionFile(codes: string[], rows: number): Buffer {
  const aoa: (string | number | Date)[][] = [[...COMMISSION_COLUMNS]];
  const day = new Date(Date.UTC(2030, 0, 1 + Math.floor(Math.random() * 3000)));
  // Each affiliate and category once: a pair twice on one date is refused as a duplicate.
  for (let i = 0; i < Math.min(rows, codes.length * CATEGORIES.length); i++) {
    const code = codes[i % codes.length];
    const category = CATEGORIES[Math.floor(i / codes.length) % CATEGORIES.length];
    aoa.push([code, 1 + (i % 900) / 100, category, 1000 * (i % 20), day]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa, { cellDates: true }), 'Commission');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

async function uploadRates(token: string, shared: Shared) {
  const boundary = `load${randomBytes(8).toString('hex')}`;
  const file = commissionFile(shared.affiliateCodes, 500);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="rates.xlsx"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  await call('POST master/commision/upload', 'POST', '/api/master/commision/upload', {
    token,
    body,
    type: `multipart/form-data; boundary=${boundary}`,
  });
}

async function adminJourney(token: string, shared: Shared) {
  await call('GET user/profile', 'GET', '/api/user/profile', { token });
  await call('GET user/dashboard', 'GET', '/api/user/dashboard', { token });
  await think();
  const status = pick(['', 'pending', 'completed']);
  await call('GET admin/allorder', 'GET', `/api/admin/allorder${status ? `?status=${status}` : ''}`, {
    token,
  });
  await think();
  await call(
    'GET admin/allorder/:page',
    'GET',
    `/api/admin/allorder/${page(400)}${status ? `?status=${status}` : ''}`,
    {
      token,
    },
  );
  await think();
  await call(
    'GET report/loginhistory/rows',
    'GET',
    `/api/report/loginhistory/rows?search=${pick(SEARCHES)}&page=${page(3)}`,
    {
      token,
    },
  );
  await think();
  await call('GET master/commision/rates', 'GET', `/api/master/commision/rates?page=${page(20)}`, { token });
  await call('GET master/commision/uploads', 'GET', '/api/master/commision/uploads', { token });
  await think();
  await exclusive('upload', () => uploadRates(token, shared));
  await think();
  // The two exports, in turn: the login report and the affiliate report. The admins share one account, which the
  // product lets make EXPORT_LIMIT.calls exports an hour: more would be its 429s, the limit working, not errors.
  if (!EXPORTS || !exportAllowed()) return;
  await exclusive('export', () =>
    Math.random() < 0.5
      ? exportAndDownload('report/loginhistory (export)', '/api/report/loginhistory', token)
      : exportAndDownload('report/affiliate (export)', '/api/report/affiliate?status=pending', token),
  );
}

async function backofficeJourney(token: string, shared: Shared) {
  await call('GET user/profile', 'GET', '/api/user/profile', { token });
  await call('GET user/dashboard', 'GET', '/api/user/dashboard', { token });
  await think();
  const list = await call(
    'GET backoffice/affiliate',
    'GET',
    `/api/backoffice/affiliate?search=${pick(SEARCHES)}&page=${page(5)}`,
    { token },
  );
  await think();
  await call('GET backoffice/affiliate', 'GET', `/api/backoffice/affiliate?status=pending&page=${page(50)}`, {
    token,
  });
  await think();
  // The KYC modal: the details, the selfie when there is one, then a decision on a pending affiliate.
  const listed = list?.json<{ results?: { affiliateID: number }[] }>().results ?? [];
  const pendingId = shared.pendingIds.pop();
  const id = pendingId ?? listed[0]?.affiliateID;
  if (id !== undefined) {
    const details = await call(
      'GET backoffice/affiliate-details/:id',
      'GET',
      `/api/backoffice/affiliate-details/${id}`,
      {
        token,
      },
    );
    const selfie = details?.json<{ selfieImagePath?: string | null }>().selfieImagePath;
    if (selfie) await call('GET media', 'GET', `/api/media?fileUrl=${encodeURIComponent(selfie)}`, { token });
    await think();
    if (pendingId !== undefined) {
      await call('POST backoffice/affiliate/kyc', 'POST', '/api/backoffice/affiliate/kyc', {
        token,
        json: { affiliateID: id, isActive: true },
      });
    }
  }
}

async function affiliateJourney(token: string) {
  await call('GET user/profile', 'GET', '/api/user/profile', { token });
  await call('GET user/dashboard', 'GET', '/api/user/dashboard', { token });
  await think();
  await call('GET affiliate/myorder', 'GET', `/api/affiliate/myorder?page=${page(5)}`, { token });
  await think();
  await call(
    'GET affiliate/myorder',
    'GET',
    `/api/affiliate/myorder?status=${pick(['Pending', 'Completed'])}`,
    {
      token,
    },
  );
  await think();
  await call('GET affiliate/retiler-network', 'GET', `/api/affiliate/retiler-network?page=${page(2)}`, {
    token,
  });
}

const ROLES = ['admin', 'backoffice', 'affiliate'] as const;

async function virtualUser(index: number, shared: Shared, until: number) {
  const role = ROLES[index % ROLES.length];
  await sleep(Math.random() * 2000);
  if (role === 'admin') {
    // An authenticator code is accepted once per 30 s step, so admins cannot sign in every loop as the others do:
    // the admin users share the session signed in at set-up (sign-ins are the back-office users' and affiliates').
    while (Date.now() < until) {
      await think();
      await adminJourney(shared.adminToken, shared);
    }
    return;
  }
  const person = shared.people[index];
  while (Date.now() < until) {
    const token = await signIn(person);
    if (!token) {
      await sleep(1000);
      continue;
    }
    await think();
    if (role === 'backoffice') await backofficeJourney(token, shared);
    else await affiliateJourney(token);
    await think();
    await call('POST login/logout', 'POST', '/api/login/logout', { token });
  }
}

let ingested = 0;
async function retailPlatform(shared: Shared, until: number) {
  const run = randomBytes(3).toString('hex');
  const today = Date.now();
  while (Date.now() < until) {
    const orders = Array.from({ length: 500 }, () => {
      const n = ingested++;
      return {
        externalId: `LOAD-${run}-${n}`,
        retailerExternalId: shared.retailerIds[n % shared.retailerIds.length],
        orderDate: new Date(today - (n % 30) * 86_400_000).toISOString().slice(0, 10),
        productCategory: CATEGORIES[n % CATEGORIES.length],
        orderValue: `${2000 + ((n * 104_729) % 250_000)}.00`,
        buyerName: `Buyer ${n % 997}`,
        status: ORDER_STATUSES[n % ORDER_STATUSES.length],
      };
    });
    await call('POST integration/orders (500)', 'POST', '/api/integration/orders', {
      json: { orders },
      headers: { 'x-api-key': API_KEY },
    });
    await sleep(INGEST_EVERY_S * 1000);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The gateway process

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The supervisor and its workers: their pids, read from /proc. */
function processTree(pid: number): number[] {
  const pids = [pid];
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const child of children ? children.split(/\s+/) : []) pids.push(...processTree(Number(child)));
  } catch {
    // gone
  }
  return pids;
}

function cpuUsedSince(before: ReturnType<typeof cpuSplit>, gatewayPid: number): string {
  const now = cpuSplit(gatewayPid);
  return [now.gateway - before.gateway, now.postgres - before.postgres, now.generator - before.generator]
    .map((seconds) => Math.max(0, seconds).toFixed(0).padStart(4))
    .join(' ');
}

/** Where the machine's CPU went: the gateway's processes, PostgreSQL's, and this load generator's. */
function cpuSplit(gatewayPid: number) {
  const sum = (pids: number[]) => pids.reduce((total, pid) => total + cpuSeconds(pid), 0);
  const own = process.cpuUsage();
  return {
    gateway: sum(processTree(gatewayPid)),
    postgres: DATABASE_URL ? postgresCpuSeconds() : 0,
    generator: (own.user + own.system) / 1e6,
  };
}

/**
 * A sampling profile of the server: every 50 ms, the statements active in the run's database (a statement
 * waiting for a lock counts as active). The most seen are where PostgreSQL's time goes.
 */
async function samplePostgres(until: number): Promise<string> {
  const db = await openDatabase({ databaseUrl: DATABASE_URL });
  const seen = new Map<string, number>();
  let samples = 0;
  try {
    while (Date.now() < until) {
      const { rows } = await db.query<{ backend_type: string; query: string; waiting: string | null }>(
        `SELECT backend_type, query, wait_event_type || ':' || wait_event AS waiting FROM pg_stat_activity
          WHERE state = 'active' AND pid <> pg_backend_pid() AND datname LIKE '%load_soak_run'`,
      );
      samples++;
      for (const row of rows) {
        const parallel = row.backend_type === 'parallel worker' ? '(parallel) ' : '';
        // What it waits for, if anything (a lock, I/O, the client); unmarked samples were running or runnable.
        const waiting = row.waiting ? `[${row.waiting}] ` : '';
        const key = parallel + waiting + row.query.replace(/\s+/g, ' ').slice(0, 150);
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      await sleep(50);
    }
  } finally {
    await db.close();
  }
  const top = [...seen].sort((a, b) => b[1] - a[1]).slice(0, 25);
  return [
    `\nPostgreSQL: the statements most often active (with what they wait for) in ${samples} samples`,
    ...top.map(([query, n]) => `${String(n).padStart(7)}  ${query}`),
  ].join('\n');
}

function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

interface MemoryUsage {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}
/** The latest `memory` line of each gateway worker, by pid. */
const workerMemory = new Map<number, MemoryUsage>();
/** Workers that have said 'gateway worker listening'. */
const listeningWorkers = new Set<number>();

/** pino's warn, error and fatal lines: a 503's cause ('database unavailable') is one of these. */
const WARNING_OR_WORSE = /^\{"level":[456]0,/;

/**
 * Reads the gateway's log: its workers' memory and listening lines, and its warnings and errors, which go to
 * `errorLog` beside its stderr; the request lines go nowhere, as before.
 */
function readGatewayLines(stdout: NodeJS.ReadableStream, errorLog: number) {
  let rest = '';
  stdout.setEncoding('utf8');
  stdout.on('data', (text: string) => {
    const lines = (rest + text).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (WARNING_OR_WORSE.test(line)) writeSync(errorLog, `${line}\n`);
      const memory = line.includes('"msg":"memory"');
      if (!memory && !line.includes('"msg":"gateway worker listening"')) continue;
      try {
        const entry = JSON.parse(line) as { pid: number; memory: MemoryUsage; workerPid: number };
        if (memory) workerMemory.set(entry.pid, entry.memory);
        else listeningWorkers.add(entry.workerPid);
      } catch {
        // not ours
      }
    }
  });
}

/** A process's resident memory from /proc, MB: anonymous (heaps, malloc) and file-backed (code), and its threads. */
function procMemory(pid: number): { anon: number; file: number; threads: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const value = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { anon: value('RssAnon') / 1024, file: value('RssFile') / 1024, threads: value('Threads') };
  } catch {
    return { anon: 0, file: 0, threads: 0 };
  }
}

/** One line per process: RSS split into anonymous and file-backed, and for workers the V8 heap, Buffers, native. */
function memoryDetail(pids: number[]): string {
  const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
  return pids
    .map((pid, i) => {
      const proc = procMemory(pid);
      const head = `      ${i === 0 ? 'supervisor' : `worker ${i}`} ${pid}: rss ${rssMb(pid).toFixed(0)} (anon ${proc.anon.toFixed(0)}, file ${proc.file.toFixed(0)}), ${proc.threads} threads`;
      const memory = workerMemory.get(pid);
      if (!memory) return head;
      const native = memory.rss - memory.heapTotal - memory.arrayBuffers;
      return (
        `${head}; its last memory line: rss ${mb(memory.rss)} = heap ${mb(memory.heapTotal)} (used ${mb(memory.heapUsed)}) ` +
        `+ arrayBuffers ${mb(memory.arrayBuffers)} + the rest ${mb(native)} (code, malloc, stacks${DATABASE_URL ? '' : ", PGlite's WebAssembly memory"})`
      );
    })
    .join('\n');
}

const SEED_CLI = path.resolve(__dirname, '../api-gateway/dist/seed/cli.js');
/**
 * One data key for the seed and every run. The seeded database is kept between runs and its BVN/NIN, account
 * numbers and the admin's authenticator secret are sealed: with a key generated per process (the seed's landed
 * in api-gateway/dist/data, deleted by the next build) the next run's gateway could not open them and the demo
 * admin could not sign in.
 */
const BENCH_DATA_KEY = createHash('sha256').update('load-soak: the bench data key').digest('base64');
/** Pages of 100 pending affiliates taken for the run's KYC decisions (each is decided once). */
const PENDING_PAGES = 50;

/** Seeds a database (an empty one only) with the built gateway's seed command, at --scale. */
async function seed(env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, [SEED_CLI], {
    cwd: path.dirname(GATEWAY),
    env: {
      ...process.env,
      ...env,
      SEED_SCALE: String(SCALE),
      LOG_LEVEL: 'warn',
      DATA_ENCRYPTION_KEY: BENCH_DATA_KEY,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding failed (${code})`);
}

/**
 * Every run starts from the same seeded data: a run decides pending affiliates, ingests orders and uploads
 * rates, so a database kept from the last run would have fewer affiliates left to decide each time. The seeded
 * database is kept (seeded once per scale) and each run works on a copy of it, dropped at the end.
 */
async function prepareDatabase(): Promise<{
  env: Record<string, string>;
  label: string;
  people: Person[];
  cleanUp: () => Promise<void>;
}> {
  if (DATABASE_URL) {
    // Next to the given database: `<name>_load_soak_s<scale>` seeded once, `<name>_load_soak_run` per run.
    const url = new URL(DATABASE_URL);
    const base = url.pathname.slice(1) || 'postgres';
    const seeded = `${base}_load_soak_s${SCALE}`;
    const run = `${base}_load_soak_run`;
    const at = (name: string) => Object.assign(new URL(DATABASE_URL), { pathname: `/${name}` }).toString();
    const admin = await openDatabase({ databaseUrl: DATABASE_URL });
    try {
      const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [seeded]);
      if (rows.length === 0) {
        await admin.query(`CREATE DATABASE "${seeded}"`);
        // A seed that fails leaves no database behind to be taken for a seeded one next time.
        await seed({ DATABASE_URL: at(seeded) }).catch(async (error: unknown) => {
          await admin.query(`DROP DATABASE IF EXISTS "${seeded}" WITH (FORCE)`);
          throw error;
        });
      }
      await withDatabase({ databaseUrl: at(seeded) }, vacuumOnce);
      await admin.query(`DROP DATABASE IF EXISTS "${run}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${run}" TEMPLATE "${seeded}"`);
    } finally {
      await admin.close();
    }
    return {
      env: { DATABASE_URL: at(run), DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'load-soak-')) },
      label: `PostgreSQL (${run}, a copy of ${seeded})`,
      people: await withDatabase({ databaseUrl: at(run) }, givePeopleAccounts),
      cleanUp: async () => {
        const dropper = await openDatabase({ databaseUrl: DATABASE_URL });
        try {
          await dropper.query(`DROP DATABASE IF EXISTS "${run}" WITH (FORCE)`);
        } finally {
          await dropper.close();
        }
      },
    };
  }
  const databaseDir = mkdtempSync(path.join(os.tmpdir(), 'load-soak-'));
  if (!DATA_DIR) {
    await seed({ DATA_DIR: databaseDir });
    return {
      env: { DATA_DIR: databaseDir },
      label: `PGlite (${databaseDir})`,
      people: await withDatabase({ dataDir: databaseDir }, givePeopleAccounts),
      cleanUp: async () => {},
    };
  }
  // --data-dir keeps the seeded database (made and seeded if new); each run works on a copy of it.
  mkdirSync(DATA_DIR, { recursive: true });
  await seed({ DATA_DIR });
  cpSync(DATA_DIR, databaseDir, { recursive: true });
  return {
    env: { DATA_DIR: databaseDir },
    label: `PGlite (${databaseDir}, a copy of ${DATA_DIR})`,
    people: await withDatabase({ dataDir: databaseDir }, givePeopleAccounts),
    cleanUp: async () => rmSync(databaseDir, { recursive: true, force: true }),
  };
}

/**
 * The seeded database as autovacuum leaves a production server's after a bulk load: vacuumed (the visibility
 * map lets the rates list count on the index alone) and analysed. The test server here runs with autovacuum
 * off. Once per seeded database; a copy made from it as template keeps its files, visibility map included.
 */
async function vacuumOnce(db: Database): Promise<void> {
  const { rows } = await db.query(
    `SELECT 1 FROM pg_stat_user_tables
      WHERE relname = 'orders' AND last_vacuum IS NULL AND last_autovacuum IS NULL`,
  );
  if (rows.length) await db.exec('VACUUM (ANALYZE)');
}

async function withDatabase<T>(
  options: Parameters<typeof openDatabase>[0],
  work: (db: Database) => Promise<T>,
): Promise<T> {
  const db = await openDatabase(options);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/**
 * An account and an address of its own for each back-office and affiliate virtual user, on the run's copy, as
 * real users have: 33 users signing in to two shared accounts from one address reach the lockout's per-account
 * and per-IP limits with sign-ins in flight (each is counted before its password is checked). Back-office users
 * are added beside the demo one; affiliates are seeded KYC Complete ones. All take the demo accounts' password.
 */
async function givePeopleAccounts(db: Database): Promise<Person[]> {
  const roles = Array.from({ length: USERS }, (_, i) => ROLES[i % ROLES.length]);
  const wanted = (role: (typeof ROLES)[number]) => roles.filter((r) => r === role).length;
  const { rows: staff } = await db.query<{ email: string }>(
    `INSERT INTO users (full_name, email, password_hash, role_id, phone_code, mobile_number, country_id,
                        is_active, force_password_update, password_changed_at)
     SELECT 'Load Soak Reviewer ' || g, 'load-soak-reviewer-' || g || '@backoffice.example', d.password_hash,
            d.role_id, d.phone_code, d.mobile_number, d.country_id, true, false, now()
       FROM users d CROSS JOIN generate_series(1, $2::int) AS g
      WHERE lower(d.email) = lower($1)
     RETURNING email`,
    [DEMO_ACCOUNTS.backoffice.email, wanted('backoffice')],
  );
  const { rows: affiliates } = await db.query<{ email: string }>(
    `UPDATE users u SET password_hash = d.password_hash, force_password_update = false, password_changed_at = now()
       FROM users d,
            (SELECT a.user_id FROM affiliates a
              WHERE a.status = 'KYC Complete' AND lower(a.email) <> lower($1)
              ORDER BY a.affiliate_id LIMIT $2) AS chosen
      WHERE lower(d.email) = lower($1) AND u.user_id = chosen.user_id
     RETURNING u.email`,
    [DEMO_ACCOUNTS.affiliate.email, wanted('affiliate')],
  );
  const emails = { backoffice: staff.map((r) => r.email), affiliate: affiliates.map((r) => r.email) };
  if (emails.backoffice.length < wanted('backoffice') || emails.affiliate.length < wanted('affiliate'))
    throw new Error('the seeded database has too few accounts for the virtual users');
  return roles.map((role, i) => ({
    email: role === 'admin' ? DEMO_ACCOUNTS.admin.email : emails[role].shift()!,
    password: DEMO_ACCOUNTS[role].password,
    address: `10.${(i >> 8) & 255}.${i & 255}.2`,
  }));
}

async function startGateway(): Promise<{
  child: ChildProcess;
  label: string;
  logFile: string;
  /** The run's own directory: the gateway's error log, heap snapshots. */
  dataDir: string;
  people: Person[];
  cleanUp: () => Promise<void>;
}> {
  if (!existsSync(GATEWAY))
    throw new Error(`${GATEWAY} is missing: run npx --yes pnpm@10 --filter api-gateway build`);
  const port = await freePort();
  const { env, label, people, cleanUp } = await prepareDatabase();
  // Beside the database's copy, not in it: the copy is dropped at the end, the log and snapshots are kept.
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'load-soak-run-'));
  const logFile = path.join(runDir, 'gateway-errors.log');
  const errorLog = openSync(logFile, 'a');
  const child = spawn(process.execPath, [GATEWAY], {
    cwd: path.dirname(GATEWAY),
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: BENCH_DATA_KEY,
      SEED_DEMO: 'true',
      SEED_SCALE: String(SCALE),
      INTEGRATION_API_KEY: API_KEY,
      // Each virtual user's X-Forwarded-For is its address, as behind the reverse proxy of a deployment.
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'info',
      MEMORY_LOG_SECONDS: String(MEMORY_LOG_SECONDS),
      ...(HEAP_SNAPSHOTS_AT.length
        ? {
            NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${runDir}`,
          }
        : {}),
    },
    // Request lines are still built and written, to nowhere; warnings, errors and stderr are kept.
    stdio: ['ignore', 'pipe', errorLog],
  });
  readGatewayLines(child.stdout!, errorLog);
  baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gateway exited with ${child.exitCode}; see ${logFile}`);
    // Every worker listening before the load starts: the client's keep-alive connections stay with the worker
    // that accepted them, so connections opened while only the first listened would load it alone all run.
    const health = await raw('GET', '/api/health', {}).catch(() => undefined);
    if (health?.status === 200 && listeningWorkers.size >= WORKERS) break;
    await sleep(1000);
  }
  console.log(
    `gateway up on ${label} in ${((performance.now() - started) / 1000).toFixed(0)} s (seed included when new)`,
  );
  return { child, label, logFile, dataDir: runDir, people, cleanUp };
}

async function loadShared(people: Person[]): Promise<Shared> {
  const admin = await signIn(demoPerson('admin'));
  const backoffice = await signIn(demoPerson('backoffice'));
  if (!admin || !backoffice) throw new Error('the demo accounts cannot sign in');
  const pendingIds: number[] = [];
  const affiliateCodes: string[] = [];
  // Enough for every decision of a run (50 users: ~2,300 in 13 minutes); 1,000 ran out a third of the way in.
  for (let p = 1; p <= PENDING_PAGES; p++) {
    const pending = await call(
      'setup',
      'GET',
      `/api/backoffice/affiliate?status=pending&pageSize=100&page=${p}`,
      {
        token: backoffice,
      },
    );
    const ids = (pending?.json<{ results: { affiliateID: number }[] }>().results ?? []).map(
      (a) => a.affiliateID,
    );
    pendingIds.push(...ids);
    if (ids.length < 100) break;
  }
  const complete = await call('setup', 'GET', '/api/backoffice/affiliate?status=complete&pageSize=100', {
    token: backoffice,
  });
  affiliateCodes.push(
    ...(complete?.json<{ results: { affiliateCode: string }[] }>().results ?? []).map((a) => a.affiliateCode),
  );
  const retailerIds = Array.from(
    { length: Math.max(1, Math.min(2000, SCALE * 400)) },
    (_, g) => `SEED-R${String(g + 1).padStart(7, '0')}`,
  );
  return { adminToken: admin, affiliateCodes, pendingIds: pendingIds.reverse(), retailerIds, people };
}

// ---------------------------------------------------------------------------------------------------------

/** The least-squares slope of values taken once a minute, per minute. */
function trend(values: number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  values.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  return num / den;
}

const ms = (micros: number) => (micros / 1000).toFixed(1).padStart(8);

async function main() {
  console.log(
    `load-soak: ${USERS} users for ${MINUTES} min, SEED_SCALE ${SCALE}, think ${THINK_MS} ms mean x2 max, ` +
      `${os.availableParallelism()} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const gateway = await startGateway();
  const exitCode = { value: 0 };
  try {
    const shared = await loadShared(gateway.people);
    if (WARM_UP_MINUTES > 0) {
      console.log(`warm-up: the same load for ${WARM_UP_MINUTES} min, not counted`);
      const warmUpUntil = Date.now() + WARM_UP_MINUTES * 60_000;
      await Promise.all([
        ...Array.from({ length: USERS }, (_, i) => virtualUser(i, shared, warmUpUntil)),
        retailPlatform(shared, warmUpUntil),
      ]);
      minuteRequests = 0;
      minuteErrors = 0;
      ingested = 0;
    }
    stats.clear();
    console.log(
      `${shared.pendingIds.length} pending affiliates to decide, ${shared.affiliateCodes.length} affiliate codes for uploads`,
    );
    const rss: number[] = [];
    // The sum over the supervisor and its workers, and each one's (supervisor first), to tell which grows.
    const each = () => processTree(gateway.child.pid!).map(rssMb);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const parts = (values: number[]) => values.map((mb) => mb.toFixed(0)).join(' + ');
    console.log(
      `minute  req/s   errors  gateway RSS MB (supervisor + workers)  load  CPU s of ${os.availableParallelism() * 60}: gateway, postgres, this generator`,
    );
    const first = each();
    console.log(`   0       -        -  ${sum(first).toFixed(0).padStart(6)} (${parts(first)})`);
    console.log(memoryDetail(processTree(gateway.child.pid!)));
    let cpuBefore = cpuSplit(gateway.child.pid!);
    const started = Date.now();
    const until = started + MINUTES * 60_000;
    const users = Array.from({ length: USERS }, (_, i) => virtualUser(i, shared, until));
    const platform = retailPlatform(shared, until);
    const postgresProfile = SAMPLE_POSTGRES && DATABASE_URL ? samplePostgres(until) : undefined;
    for (let minute = 1; minute <= MINUTES; minute++) {
      await sleep(Math.max(0, started + minute * 60_000 - Date.now()));
      const now = each();
      rss.push(sum(now));
      console.log(
        `${String(minute).padStart(4)}  ${(minuteRequests / 60).toFixed(1).padStart(6)}  ${String(minuteErrors).padStart(7)}  ` +
          `${sum(now).toFixed(0).padStart(6)} (${parts(now)})`.padEnd(38) +
          `  ${os.loadavg()[0].toFixed(1).padStart(4)}  ${cpuUsedSince(cpuBefore, gateway.child.pid!)}`,
      );
      cpuBefore = cpuSplit(gateway.child.pid!);
      console.log(memoryDetail(processTree(gateway.child.pid!)));
      if (HEAP_SNAPSHOTS_AT.includes(minute)) {
        for (const pid of processTree(gateway.child.pid!).slice(1)) process.kill(pid, 'SIGUSR2');
        console.log(`      heap snapshots asked of the workers, written to ${gateway.dataDir}`);
      }
      minuteRequests = 0;
      minuteErrors = 0;
    }
    await Promise.all([...users, platform]);
    stopping = true;
    const seconds = (Date.now() - started) / 1000;

    console.log(`\ncall                                   count    req/s   p50 ms   p95 ms   p99 ms  errors`);
    let total = 0;
    let errors = 0;
    for (const [name, entry] of [...stats.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const failed = [...entry.errors.values()].reduce((a, b) => a + b, 0);
      total += entry.count;
      errors += failed;
      const h = entry.histogram;
      console.log(
        `${name.padEnd(36)} ${String(entry.count).padStart(7)} ${(entry.count / seconds).toFixed(1).padStart(8)} ` +
          `${entry.count ? ms(h.percentile(50)) : '       -'} ${entry.count ? ms(h.percentile(95)) : '       -'} ` +
          `${entry.count ? ms(h.percentile(99)) : '       -'} ${String(failed).padStart(7)}`,
      );
      for (const [what, n] of entry.errors) console.log(`    ${n} x ${what}`);
    }
    // With a warm-up the start is the end of it (minute 0); without, the end of the first measured minute.
    const warm = WARM_UP_MINUTES > 0 ? sum(first) : rss[0];
    const last = rss[rss.length - 1];
    const growth = ((last - warm) / warm) * 100;
    console.log(
      `\nall calls: ${total} in ${seconds.toFixed(0)} s, ${(total / seconds).toFixed(1)} req/s, ${errors} errors (target 0)` +
        `${ingested ? `; ${ingested} orders ingested` : ''}`,
    );
    console.log(
      (WARM_UP_MINUTES > 0
        ? `gateway RSS after ${WARM_UP_MINUTES} min of warm-up (minute 0) `
        : `gateway RSS after the first minute (warm-up: one minute of load, every worker serving from the start) `) +
        `${warm.toFixed(0)} MB, at the end ${last.toFixed(0)} MB, ` +
        `max ${Math.max(...rss).toFixed(0)} MB: growth ${growth.toFixed(1)}% (target <= 10%)`,
    );
    // Warm-up takes most of each worker's V8 heap, its connections, the argon2 memory its thread pool keeps
    // (19 MiB per pool thread that has hashed, held by glibc for the next hash) and an export's and an upload's
    // working memory. The trend over every minute says whether the end is a step or a climb: a line fitted to
    // all, not a pick of two.
    const slope = trend(WARM_UP_MINUTES > 0 ? [sum(first), ...rss] : rss);
    console.log(
      `trend over minutes ${WARM_UP_MINUTES > 0 ? 0 : 1}-${rss.length}: ${slope >= 0 ? '+' : ''}${slope.toFixed(1)} MB/min ` +
        `(${((slope * 10 * 100) / warm).toFixed(1)}% of minute 1 per 10 minutes)`,
    );
    if (postgresProfile) console.log(await postgresProfile);
    console.log(`on ${gateway.label}; gateway errors in ${gateway.logFile}`);
    if (errors > 0 || growth > 10) exitCode.value = 1;
  } finally {
    stopping = true;
    gateway.child.kill('SIGTERM');
    await new Promise((resolve) => {
      if (gateway.child.exitCode !== null) resolve(undefined);
      else gateway.child.once('exit', resolve);
    });
    agent.destroy();
    await gateway.cleanUp();
  }
  process.exitCode = exitCode.value;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
