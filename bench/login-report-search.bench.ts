/**
 * The admin's login report searched (`GET report/loginhistory/rows?search=`) at the load soak's size: 50,000
 * affiliates and 250,000 sign-ins (SEED_SCALE 250), on PGlite or, with DATABASE_URL, on PostgreSQL. Under the
 * 50-user soak its p95 was 1.70 s: the search matched each sign-in's joined text, so every call, its count
 * included, read all of login_history. The product's `pageLoginReport` (affiliates matched on their trigram
 * index, their sign-ins read by migration 073's index) is timed beside the statements it replaced (the baseline)
 * on the same data in the same run, for the soak's six search words, with the CPU each used: on a saturated
 * machine that, not the wall time, is what the other calls wait for.
 *
 *   npx --yes pnpm@10 --filter bench exec tsx login-report-search.bench.ts [affiliates=50000] [rounds=15]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx --yes pnpm@10 --filter bench exec tsx login-report-search.bench.ts
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { openSuiteDatabase } from '../api-gateway/test-support/suite-database';
import { migrate } from '../api-gateway/src/db/migrate';
import type { Sql } from '../api-gateway/src/db/database';
import { containsPattern } from '../api-gateway/src/modules/backoffice';
import { pageLoginReport } from '../api-gateway/src/modules/reports/login-report';
import { FIRST_NAMES, LAST_NAMES } from '../api-gateway/src/seed/vocabulary';
import { postgresCpuSeconds } from './cpu-time';

const AFFILIATES = Number(process.argv[2] ?? 50_000);
const ROUNDS = Number(process.argv[3] ?? 15);
const SIGN_INS_PER_AFFILIATE = 5;
/** The load soak's search words (bench/load-soak.ts). */
const SEARCHES = ['ade', 'john', 'seed', 'ola', 'chi', 'mu'];

/** The report's statements before migration 073: the search matched on every joined sign-in. */
async function baselinePage(sql: Sql, search: string, page: number): Promise<number> {
  const pattern = containsPattern(search);
  const where = `lower(a.affiliate_code || ' ' || a.full_name || ' ' || lh.user_name) LIKE $1`;
  await sql.query(
    `WITH page AS (
       SELECT lh.login_id, lh.logged_at FROM login_history lh JOIN affiliates a ON a.user_id = lh.user_id
        WHERE ${where} ORDER BY lh.logged_at DESC, lh.login_id DESC LIMIT 25 OFFSET ${(page - 1) * 25}
     )
     SELECT lh.*, a.affiliate_code, a.full_name FROM page p
       JOIN login_history lh ON lh.login_id = p.login_id JOIN affiliates a ON a.user_id = lh.user_id
      ORDER BY p.logged_at DESC, p.login_id DESC`,
    [pattern],
  );
  const { rows } = await sql.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM login_history lh JOIN affiliates a ON a.user_id = lh.user_id WHERE ${where}`,
    [pattern],
  );
  return Number(rows[0].n);
}

async function productPage(sql: Sql, search: string, page: number): Promise<number> {
  return (await pageLoginReport(sql, { search }, page, 25)).totalCount;
}

/** CPU seconds used so far by this process and, on a local PostgreSQL, by every postgres process. */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6 + (process.env.DATABASE_URL ? postgresCpuSeconds() : 0);
}

async function timed(work: (round: number) => Promise<number>) {
  const times: number[] = [];
  let count = 0;
  const cpuBefore = cpuSeconds();
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    count = await work(round);
    times.push(performance.now() - started);
  }
  const cpuMs = ((cpuSeconds() - cpuBefore) * 1000) / ROUNDS;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), cpuMs, count };
}

async function main() {
  const db = await openSuiteDatabase('bench_login_search');
  await migrate(db);
  const started = performance.now();
  // Names and emails from the seed's words (as SEED_SCALE writes them), five sign-ins each over a year.
  await db.query(
    `INSERT INTO users (user_id, full_name, email, role_id, phone_code, mobile_number, country_id)
     SELECT 1000 + g, ($2::text[])[1 + g % array_length($2::text[], 1)] || ' ' || ($3::text[])[1 + (g / 7) % array_length($3::text[], 1)],
            'affiliate' || g || '@seed.example.com', 3, '+234', (8000000000 + g)::text, 1
       FROM generate_series(1, $1::int) g`,
    [AFFILIATES, FIRST_NAMES, LAST_NAMES],
  );
  await db.query(
    `INSERT INTO affiliates (user_id, full_name, email, country_id, phone_code, mobile_number, identity_type,
                             nin_or_bvn, bank_id, account_number, status)
     SELECT user_id, full_name, email, 1, '+234', mobile_number, 'BVN', (22000000000 + user_id * 7919)::text, 1,
            lpad(user_id::text, 10, '0'), 'KYC Complete'
       FROM users WHERE role_id = 3`,
  );
  await db.query(
    `INSERT INTO login_history (user_id, user_name, logged_at, ip, user_agent, success, failure_reason)
     SELECT u.user_id, u.email, now() - interval '1 day' - ((u.user_id * 7919 + s) % (364 * 86400)) * interval '1 second',
            '102.89.' || (s * 31 % 256) || '.' || (u.user_id % 256), 'Mozilla/5.0 (Linux; Android 13)',
            (u.user_id + s) % 12 <> 0, CASE WHEN (u.user_id + s) % 12 = 0 THEN 'invalid_credentials' END
       FROM users u CROSS JOIN generate_series(1, $1::int) s
      WHERE u.role_id = 3
      ORDER BY 3`,
    [SIGN_INS_PER_AFFILIATE],
  );
  for (const table of ['users', 'affiliates', 'login_history']) await db.exec(`VACUUM ANALYZE ${table}`);
  console.log(
    `login report search on ${db.driver}: ${AFFILIATES.toLocaleString('en')} affiliates, ` +
      `${(AFFILIATES * SIGN_INS_PER_AFFILIATE).toLocaleString('en')} sign-ins written in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s; ${os.cpus().length} cores, ` +
      `load ${os.loadavg()[0].toFixed(1)}, ${new Date().toISOString()}`,
  );
  console.log(
    '| search | before (baseline) p50 / p95, CPU per call | now p50 / p95, CPU per call | sign-ins counted |',
  );
  console.log('| --- | --- | --- | --- |');
  for (const search of SEARCHES) {
    // Pages 1-3, as the soak asks for them.
    const before = await timed((round) => baselinePage(db, search, 1 + (round % 3)));
    const now = await timed((round) => productPage(db, search, 1 + (round % 3)));
    if (before.count !== now.count)
      throw new Error(`'${search}': counted ${now.count}, the baseline ${before.count}`);
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.log(
      `| '${search}' | ${ms(before.p50)} / ${ms(before.p95)}, ${ms(before.cpuMs)} | ` +
        `${ms(now.p50)} / ${ms(now.p95)}, ${ms(now.cpuMs)} | ${now.count.toLocaleString('en')} |`,
    );
  }
  await db.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
