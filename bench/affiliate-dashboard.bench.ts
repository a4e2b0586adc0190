/**
 * Affiliate dashboard at scale: GET /api/user/dashboard as an affiliate with 20k orders among 1M (its money,
 * counts and 12-month chart from affiliate_commission_months, the notice) through the real app over HTTP,
 * beside the naive figures summed over that affiliate's orders (SQL only, no HTTP) in the same run. Also the
 * monthly commission statement of its busiest month (write + link, then the download).
 *
 *   npx --yes pnpm@10 --filter bench exec tsx affiliate-dashboard.bench.ts [allOrders=1000000] [myOrders=20000]
 *   DATABASE_URL=postgres://... (same command) runs it on a PostgreSQL server in a throwaway schema.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Sql } from '../api-gateway/src/db/database';
import { issueSession } from '../api-gateway/src/http/session';
import { affiliateDashboard } from '../api-gateway/src/modules/dashboard/dashboard-queries';
import { createTestApp } from '../api-gateway/test-support/test-app';
import { agent, ms, percentile, send } from './gateway-harness';

const ALL_ORDERS = Number(process.argv[2] ?? 1_000_000);
const MY_ORDERS = Number(process.argv[3] ?? 20_000);
const OTHER_AFFILIATES = 200;
const RUNS = 100;
const STATUSES = `(ARRAY['Delivered', 'Completed', 'Pending', 'Processing', 'Rejected'])`;

/**
 * Affiliate 1 (user 1001) is measured. Orders are spread over the last ~3 years up to today; commission is
 * stored as the engine would (5%, nothing when Rejected) and the statement triggers keep the summary.
 */
async function seed(sql: Sql): Promise<void> {
  await sql.exec(`
    INSERT INTO users (user_id, full_name, email, role_id, phone_code, mobile_number, country_id)
    SELECT 1000 + g, 'Affiliate ' || g, 'affiliate' || g || '@bench.test', 3, '+234', (8000000000 + g)::text, 1
      FROM generate_series(1, ${OTHER_AFFILIATES + 1}) g;
    INSERT INTO affiliates (affiliate_id, user_id, full_name, email, country_id, phone_code, mobile_number,
                            identity_type, nin_or_bvn, bank_id, account_number, status)
    SELECT g, 1000 + g, 'Affiliate ' || g, 'affiliate' || g || '@bench.test', 1, '+234', (8000000000 + g)::text,
           'BVN', (22000000000 + g * 7919)::text, 1, lpad(g::text, 10, '0'), 'KYC Complete'
      FROM generate_series(1, ${OTHER_AFFILIATES + 1}) g;
    INSERT INTO retailers (retailer_id, external_id, retailer_code, affiliate_id, business_name, fao_name,
                           fao_mobile_no, cluster_manager, location)
    SELECT g, 'R' || g, 'RTL' || lpad(g::text, 6, '0'), 1 + g % ${OTHER_AFFILIATES + 1}, 'Shop ' || g, 'FAO ' || g,
           (8030000000 + g)::text, 'Manager ' || (g % 7), 'Ikeja, Lagos'
      FROM generate_series(1, 10000) g;
    INSERT INTO notifications (notification_id, title, message_text) VALUES (1, 'Bench notice', '<p>Hello</p>');
    INSERT INTO notification_countries (notification_id, country_id) VALUES (1, 0);
  `);
  // In batches of 100k: one statement per batch, as the feed's statement triggers see them.
  for (let from = 1; from <= ALL_ORDERS; from += 100_000) {
    const to = Math.min(ALL_ORDERS, from + 99_999);
    await sql.exec(`
      INSERT INTO orders (external_id, order_code, retailer_id, affiliate_id, order_date, buyer_name, order_value,
                          product_category, status, fao_name, fao_mobile_no, commission_amount)
      SELECT 'E' || g, 'ORD' || lpad(g::text, 8, '0'),
             CASE WHEN g <= ${MY_ORDERS} THEN ${OTHER_AFFILIATES + 1} * (1 + g % 49) ELSE 2 + g % 9990 END,
             CASE WHEN g <= ${MY_ORDERS} THEN 1 ELSE 2 + g % ${OTHER_AFFILIATES} END,
             current_date - (g % 1100), 'Buyer', v.value, 'Beverages', ${STATUSES}[1 + g % 5],
             'FAO ' || (g % 977), (8030000000 + g % 977)::text,
             CASE WHEN g % 5 = 4 THEN 0 ELSE round(v.value * 0.05, 2) END
        FROM generate_series(${from}, ${to}) g, LATERAL (SELECT (1000 + g % 90000)::numeric(14, 2) AS value) v;
    `);
  }
  await sql.exec('VACUUM ANALYZE orders');
  await sql.exec('VACUUM ANALYZE affiliate_commission_months');
}

async function time(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i += 1) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

const line = (name: string, samples: number[]) =>
  `${name.padEnd(58)} p50 ${ms(percentile(samples, 50)).padStart(9)}  p95 ${ms(percentile(samples, 95)).padStart(9)}`;

async function main(): Promise<void> {
  const t = await createTestApp();
  const db = t.ctx.db;
  try {
    const started = performance.now();
    await seed(db);
    console.log(
      `driver ${db.driver}; seeded ${ALL_ORDERS} orders (${MY_ORDERS} of the measured affiliate) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const { token } = await issueSession(t.ctx, db, 1001, { ip: '127.0.0.1', userAgent: 'bench' });
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    const headers = { Authorization: `Bearer ${token}` };

    const dashboard = await time(RUNS, async () => {
      const res = await send(`${base}/user/dashboard`, { headers });
      if (res.status !== 200) throw new Error(`dashboard ${res.status}`);
    });
    const { rows } = await db.query<{ month: string; orders: string }>(
      `SELECT to_char(month, 'YYYY-MM') AS month, (qualified_orders + open_orders)::text AS orders
         FROM affiliate_commission_months WHERE affiliate_id = 1 ORDER BY qualified_orders + open_orders DESC LIMIT 1`,
    );
    const statement = await time(5, async () => {
      const res = await send(`${base}/report/commission-statement?month=${rows[0].month}`, { headers });
      if (res.status !== 200) throw new Error(`statement ${res.status} ${res.body}`);
      const link = (JSON.parse(res.body) as { excelPath: string }).excelPath;
      const file = await send(`${base.replace(/\/api$/, '')}${link}`, { headers });
      if (file.status !== 200) throw new Error(`download ${file.status}`);
    });
    const statementLine = line(
      `statement of ${rows[0].month} (~${rows[0].orders} orders + more), write + download`,
      statement,
    );
    // The server's idle keep-alive sockets would time out during the SQL-only runs below.
    agent.destroy();
    server.close();
    // What the dashboard cost before the summary table: every figure summed over the affiliate's orders.
    const naiveSum = () =>
      db.query(
        `SELECT coalesce(sum(order_value) FILTER (WHERE status IN ('Delivered', 'Completed')
                                                    AND order_date >= date_trunc('month', current_date)), 0),
                coalesce(sum(commission_amount) FILTER (WHERE status <> 'Rejected'), 0),
                coalesce(sum(commission_amount) FILTER (WHERE status IN ('Delivered', 'Completed')), 0),
                coalesce(sum(commission_amount) FILTER (WHERE status IN ('Delivered', 'Completed')
                                                         AND order_date >= date_trunc('month', current_date)), 0),
                count(*) FILTER (WHERE status IN ('Delivered', 'Completed')),
                count(*) FILTER (WHERE status IN ('Pending', 'Processing')),
                (SELECT count(*) FROM (SELECT date_trunc('month', order_date), sum(commission_amount) FROM orders
                  WHERE affiliate_id = 1 AND order_date >= current_date - 366 GROUP BY 1) m)
           FROM orders WHERE affiliate_id = 1`,
      );
    // The server's work without HTTP, and the naive SUM, sampled in turns so both see the same machine load.
    const ours: number[] = [];
    const naive: number[] = [];
    for (let i = 0; i < 5; i += 1)
      await Promise.all([affiliateDashboard(db, 1, new Date(), 'h@x.ng'), naiveSum()]);
    for (let i = 0; i < RUNS; i += 1) {
      let start = performance.now();
      await affiliateDashboard(db, 1, new Date(), 'h@x.ng');
      ours.push(performance.now() - start);
      start = performance.now();
      await naiveSum();
      naive.push(performance.now() - start);
    }
    console.log(`\n${RUNS} runs after 5 warm-ups`);
    console.log(line('GET /api/user/dashboard over HTTP (summary table)', dashboard));
    console.log(line('affiliateDashboard() in process (its 4 queries, no HTTP)', ours));
    console.log(line("naive SUM over the affiliate's orders (SQL only, same turns)", naive));
    console.log(
      `naive / ours in process (p95): ${(percentile(naive, 95) / percentile(ours, 95)).toFixed(1)}x`,
    );
    console.log(statementLine);
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
