/**
 * Login report export at scale: 100k and 1M login_history rows streamed from the database into an .xlsx
 * (the code behind GET /api/report/loginhistory). Each export runs in a child process of its own so its
 * peak RSS is its own; a baseline child opens the same database and only counts the rows.
 * Targets (issue 5): 1M rows < 30 s, peak RSS < 600 MB, peak RSS at 1M <= 2x peak at 100k.
 *
 *   npx --yes pnpm@10 --filter bench exec tsx login-report-export.bench.ts [sizes=100000,1000000]
 *   DATABASE_URL=postgres://... (same command) seeds and exports on a PostgreSQL server instead of PGlite.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../api-gateway/src/config';
import type { AppContext } from '../api-gateway/src/context';
import type { Database } from '../api-gateway/src/db/database';
import { openDatabase } from '../api-gateway/src/db/database';
import { migrate } from '../api-gateway/src/db/migrate';
import { ExportRunner } from '../api-gateway/src/modules/reports/export-runner';
import { LOGIN_REPORT_COLUMNS, streamLoginReport } from '../api-gateway/src/modules/reports/login-report';

const AFFILIATES = 2_000;
const TARGET_SECONDS_AT_1M = 30;
const TARGET_RSS_MB = 600;

interface Where {
  dataDir: string;
  schema?: string;
}

/** baseline: open and count; read: stream every row without writing; export: the real thing. */
type Mode = 'baseline' | 'read' | 'export';

interface ChildResult {
  mode: Mode;
  seconds: number;
  rows: number;
  bytes: number;
  maxRssMb: number;
  /** CPU time of the child (all threads): on a busy machine, the figure that does not depend on neighbours. */
  cpuSeconds: number;
}

const open = (where: Where): Promise<Database> =>
  openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: where.dataDir, schema: where.schema });

/** Set-based: affiliates, one admin, and `rows` sign-ins spread over a year with realistic text widths. */
async function seed(db: Database, rows: number): Promise<void> {
  await migrate(db);
  await db.exec(`
    INSERT INTO users (user_id, full_name, email, role_id) VALUES (1, 'Bench Admin', 'admin@bench.test', 1);
    INSERT INTO users (user_id, full_name, email, role_id, phone_code, mobile_number, country_id)
    SELECT 1000 + g, 'Affiliate Number ' || g, 'affiliate' || g || '@bench.test', 3, '+234', (8000000000 + g)::text, 1
      FROM generate_series(1, ${AFFILIATES}) g;
    INSERT INTO affiliates (user_id, full_name, email, country_id, phone_code, mobile_number, identity_type, nin_or_bvn,
                            bank_id, account_number, status)
    SELECT user_id, full_name, email, 1, '+234', mobile_number, 'BVN', (22000000000 + user_id * 7919)::text, 1,
           lpad(user_id::text, 10, '0'), 'KYC Complete'
      FROM users WHERE role_id = 3;
    INSERT INTO login_history (user_id, user_name, logged_at, ip, user_agent, latitude, longitude, success, failure_reason)
    SELECT 1001 + g % ${AFFILIATES}, 'affiliate' || (1 + g % ${AFFILIATES}) || '@bench.test',
           timestamptz '2025-01-01 00:00:00+00' + g * (interval '1 year' / ${rows}),
           '10.' || (g % 250) || '.' || (g / 250 % 250) || '.' || (g % 7),
           'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/12' || (g % 10) || '.0 Mobile Safari/537.36',
           CASE WHEN g % 3 = 0 THEN 6.5 + (g % 1000) / 1000.0 END, CASE WHEN g % 3 = 0 THEN 3.3 + (g % 1000) / 1000.0 END,
           g % 11 <> 0, CASE WHEN g % 11 = 0 THEN 'invalid_credentials' END
      FROM generate_series(1, ${rows}) g;
  `);
  await db.exec('VACUUM ANALYZE login_history');
}

/** In the child: open the seeded database, then either only count (baseline) or export, and report. */
async function child(mode: Mode, where: Where): Promise<ChildResult> {
  const db = await open(where);
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let rows = 0;
  let bytes = 0;
  if (mode === 'baseline') {
    const { rows: counted } = await db.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM login_history lh JOIN affiliates a ON a.user_id = lh.user_id',
    );
    rows = Number(counted[0].n);
  } else if (mode === 'read') {
    for await (const row of streamLoginReport(db, {})) if (row.loginID) rows++;
  } else {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: where.dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
    });
    const ctx: AppContext = {
      config,
      db,
      logger: console as unknown as AppContext['logger'],
      now: () => new Date(),
      routeDocs: [],
    };
    let counted = 0;
    async function* counting() {
      for await (const row of streamLoginReport(db, {})) {
        counted++;
        yield row;
      }
    }
    await new ExportRunner(ctx).run(1, {
      fileName: 'bench.xlsx',
      sheetName: 'Affiliate Login Report',
      columns: LOGIN_REPORT_COLUMNS,
      rows: counting(),
    });
    rows = counted;
    const { rows: files } = await db.query<{ size_bytes: string | number }>(
      `SELECT size_bytes FROM stored_files WHERE purpose = 'export'`,
    );
    bytes = Number(files[0].size_bytes);
  }
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  return {
    mode,
    seconds,
    rows,
    bytes,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

function runChild(mode: Mode, where: Where): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const proc = fork(__filename, ['--child', mode, JSON.stringify(where)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    proc.once('message', (message) => resolve(message as ChildResult));
    proc.once('error', reject);
    proc.once('exit', (code) => code !== 0 && reject(new Error(`${mode} child exited with ${code}`)));
  });
}

async function main() {
  const sizes = (process.argv[2] ?? '100000,1000000').split(',').map(Number);
  const results: { size: number; baseline: ChildResult; read: ChildResult; exported: ChildResult }[] = [];
  for (const size of sizes) {
    const where: Where = {
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'bench-export-')),
      schema: process.env.DATABASE_URL ? `bench_${randomBytes(4).toString('hex')}` : undefined,
    };
    const db = await open(where);
    try {
      const seedStart = performance.now();
      await seed(db, size);
      console.log(
        `${db.driver}: seeded ${size} login rows in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
      );
      // PGlite is single-process: the children open its files only after this process has let go.
      if (db.driver === 'pglite') await db.close();
      const baseline = await runChild('baseline', where);
      const read = await runChild('read', where);
      const exported = await runChild('export', where);
      results.push({ size, baseline, read, exported });
    } finally {
      if (db.driver === 'postgres') await db.close();
      rmSync(where.dataDir, { recursive: true, force: true });
    }
  }

  console.log(
    `\nload average now: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  console.log(
    'rows'.padEnd(9),
    'export s'.padStart(9),
    'CPU s'.padStart(7),
    'read-only s'.padStart(12),
    'rows/s'.padStart(9),
    'file MB'.padStart(8),
    'peak RSS MB'.padStart(12),
    'baseline RSS MB'.padStart(16),
    'export - baseline'.padStart(18),
  );
  for (const { size, baseline, read, exported } of results) {
    console.log(
      String(size).padEnd(9),
      exported.seconds.toFixed(1).padStart(9),
      exported.cpuSeconds.toFixed(1).padStart(7),
      read.seconds.toFixed(1).padStart(12),
      Math.round(exported.rows / exported.seconds)
        .toString()
        .padStart(9),
      (exported.bytes / 1e6).toFixed(1).padStart(8),
      exported.maxRssMb.toFixed(0).padStart(12),
      baseline.maxRssMb.toFixed(0).padStart(16),
      (exported.maxRssMb - baseline.maxRssMb).toFixed(0).padStart(18),
    );
    if (exported.rows !== baseline.rows)
      console.log(`  ROW COUNT MISMATCH: exported ${exported.rows}, table has ${baseline.rows}`);
  }
  const big = results.find((r) => r.size === 1_000_000);
  const small = results.find((r) => r.size === 100_000);
  if (big) {
    console.log(
      `\n1M rows: ${big.exported.seconds.toFixed(1)} s wall, ${big.exported.cpuSeconds.toFixed(1)} s CPU (target < ${TARGET_SECONDS_AT_1M} s: ${big.exported.seconds < TARGET_SECONDS_AT_1M ? 'ok' : 'MISSED'}), peak RSS ${big.exported.maxRssMb.toFixed(0)} MB (target < ${TARGET_RSS_MB} MB: ${big.exported.maxRssMb < TARGET_RSS_MB ? 'ok' : 'MISSED'})`,
    );
  }
  if (big && small) {
    const ratio = big.exported.maxRssMb / small.exported.maxRssMb;
    console.log(`peak RSS 1M / 100k = ${ratio.toFixed(2)} (target <= 2: ${ratio <= 2 ? 'ok' : 'MISSED'})`);
  }
}

if (process.argv[2] === '--child') {
  child(process.argv[3] as Mode, JSON.parse(process.argv[4]) as Where).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
