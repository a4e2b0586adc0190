/**
 * The admin's current-rates list (`GET master/commision/rates`) on a table of the load soak's size, on PGlite
 * or, with DATABASE_URL, on PostgreSQL. Under the 50-user soak its p95 was 8.45 s: every call counted the
 * rates in force with a lookup per rate, and listed the categories with DISTINCT over every rate. The product's
 * `currentRates` and `rateCategories` (migration 072) are timed beside those two statements as they were
 * before (the baseline), on the same data in the same run: the first page, a deep page, and a search.
 *
 * The data: `affiliates` affiliate codes × 6 categories, each pair with a rate from last year and a third of
 * them a newer one (as the seed writes them), then VACUUM ANALYZE, as autovacuum would leave the table.
 *
 *   npx --yes pnpm@10 --filter bench exec tsx rates-list.bench.ts [affiliates=38000] [rounds=15]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx --yes pnpm@10 --filter bench exec tsx rates-list.bench.ts
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { openSuiteDatabase } from '../api-gateway/test-support/suite-database';
import { migrate } from '../api-gateway/src/db/migrate';
import type { Sql } from '../api-gateway/src/db/database';
import { currentRates, rateCategories } from '../api-gateway/src/modules/commission-upload/rate-store';

const AFFILIATES = Number(process.argv[2] ?? 38_000);
const ROUNDS = Number(process.argv[3] ?? 15);
const CATEGORIES = ['Baby Care', 'Beverages', 'Groceries', 'Household', 'Personal Care', 'Snacks'];
const TODAY = new Date().toISOString().slice(0, 10);

/** The list's statements before migration 072: the count with an anti-join per rate, DISTINCT categories. */
async function baselineList(sql: Sql, filter: { search?: string; page: number }): Promise<number> {
  const params: unknown[] = [TODAY];
  const conditions = [
    'cr.effective_date <= $1::date',
    `NOT EXISTS (SELECT 1 FROM commission_rates newer
                  WHERE newer.affiliate_code = cr.affiliate_code AND newer.product_category = cr.product_category
                    AND newer.effective_date > cr.effective_date AND newer.effective_date <= $1::date)`,
  ];
  if (filter.search) {
    params.push(`%${filter.search}%`);
    conditions.push(`(lower(cr.affiliate_code) LIKE $2
      OR EXISTS (SELECT 1 FROM affiliates s WHERE s.affiliate_code = cr.affiliate_code
                    AND lower(s.full_name) LIKE $2))`);
  }
  const where = conditions.join(' AND ');
  await sql.query(
    `SELECT cr.affiliate_code, a.full_name, cr.product_category, cr.rate_percent::text
       FROM commission_rates cr LEFT JOIN affiliates a ON a.affiliate_code = cr.affiliate_code
      WHERE ${where} ORDER BY cr.affiliate_code, cr.product_category
      LIMIT 10 OFFSET ${(filter.page - 1) * 10}`,
    params,
  );
  const { rows } = await sql.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM commission_rates cr WHERE ${where}`,
    params,
  );
  await sql.query(
    'SELECT DISTINCT product_category FROM commission_rates ORDER BY product_category LIMIT 200',
  );
  return Number(rows[0].n);
}

async function productList(sql: Sql, filter: { search?: string; page: number }): Promise<number> {
  const { totalCount } = await currentRates(sql, { today: TODAY, ...filter, pageSize: 10 });
  await rateCategories(sql);
  return totalCount;
}

async function timed(work: () => Promise<number>): Promise<{ p50: number; p95: number; count: number }> {
  const times: number[] = [];
  let count = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    count = await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), count };
}

async function main() {
  const db = await openSuiteDatabase('bench_rates_list');
  await migrate(db);
  const started = performance.now();
  await db.query(
    `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, minimum_order_value, effective_date)
     SELECT 'AFF' || (100000 + g), c.category, 2 + g % 3, 5000, $1::date - 400
       FROM generate_series(1, $2::int) AS g CROSS JOIN unnest($3::text[]) AS c(category)
     UNION ALL
     SELECT 'AFF' || (100000 + g), c.category, 3 + g % 3, 10000, $1::date - 90
       FROM generate_series(1, $2::int) AS g CROSS JOIN unnest($3::text[]) AS c(category)
      WHERE (g + length(c.category)) % 3 = 0
     ORDER BY 1, 2, 5`,
    [TODAY, AFFILIATES, CATEGORIES],
  );
  await db.exec('VACUUM ANALYZE commission_rates');
  const { rows } = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM commission_rates');
  console.log(
    `rates list on ${db.driver}: ${Number(rows[0].n).toLocaleString('en')} rates written in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s; ${os.cpus().length} cores, ` +
      `load ${os.loadavg()[0].toFixed(1)}, ${new Date().toISOString()}`,
  );
  console.log('| call | before (baseline) p50 / p95 | now p50 / p95 | rows counted |');
  console.log('| --- | --- | --- | --- |');
  const cases: [string, { search?: string; page: number }][] = [
    ['first page', { page: 1 }],
    ['page 20', { page: 20 }],
    ["search 'aff1234'", { search: 'aff1234', page: 1 }],
  ];
  for (const [name, filter] of cases) {
    const before = await timed(() => baselineList(db, filter));
    const now = await timed(() => productList(db, filter));
    if (before.count !== now.count)
      throw new Error(`${name}: counted ${now.count}, the baseline ${before.count}`);
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.log(
      `| ${name} | ${ms(before.p50)} / ${ms(before.p95)} | ${ms(now.p50)} / ${ms(now.p95)} | ${now.count.toLocaleString('en')} |`,
    );
  }
  await db.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
