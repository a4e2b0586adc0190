/**
 * My Orders at scale: one affiliate with 50k orders among 250k, pages of GET /api/affiliate/myorder through the
 * real app over HTTP (first, middle, last page; with a status, a date range, a search), beside a naive
 * count(*) + LIMIT/OFFSET over the same rows measured in the same run. Also My Retailers' first page.
 *
 *   npx --yes pnpm@10 --filter bench exec tsx my-orders.bench.ts [myOrders=50000] [otherOrders=200000]
 *   DATABASE_URL=postgres://... (same command) runs it on a PostgreSQL server in a throwaway schema.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Sql } from '../api-gateway/src/db/database';
import { issueSession } from '../api-gateway/src/http/session';
import { createTestApp } from '../api-gateway/test-support/test-app';

const MY_ORDERS = Number(process.argv[2] ?? 50_000);
const OTHER_ORDERS = Number(process.argv[3] ?? 200_000);
const OTHER_AFFILIATES = 50;
const RUNS = 20;
const PAGE_SIZE = 25;

/** Affiliate 1 is the one measured (user 1001); 50 others share the rest of the orders. */
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
           (8030000000 + g)::text, 'Manager ' || (g % 7), (ARRAY['Ikeja, Lagos', 'Wuse, Abuja', 'Kano'])[1 + g % 3]
      FROM generate_series(1, 5000) g;
    INSERT INTO orders (external_id, order_code, retailer_id, affiliate_id, order_date, buyer_name, order_value,
                        product_category, status, fao_name, fao_mobile_no)
    SELECT 'E' || g, 'ORD' || lpad(g::text, 8, '0'),
           CASE WHEN g <= ${MY_ORDERS} THEN ${OTHER_AFFILIATES + 1} * (1 + g % 97) ELSE 2 + g % 4900 END,
           CASE WHEN g <= ${MY_ORDERS} THEN 1 ELSE 2 + g % ${OTHER_AFFILIATES} END,
           date '2022-01-01' + (g % 1400), 'Buyer', 1000 + g % 90000,
           'Beverages', (ARRAY['Delivered', 'Completed', 'Pending', 'Processing', 'Rejected'])[1 + g % 5],
           'FAO ' || (g % 977), (8030000000 + g % 977)::text
      FROM generate_series(1, ${MY_ORDERS + OTHER_ORDERS}) g;
    INSERT INTO users (user_id, full_name, email, role_id) VALUES (1, 'Bench Admin', 'admin@bench.test', 1);
  `);
  await sql.exec('VACUUM ANALYZE orders');
  await sql.exec('VACUUM ANALYZE retailers');
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)],
    p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)],
  };
}

async function time(fn: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return stats(samples);
}

async function main() {
  const t = await createTestApp();
  const { ctx } = t;
  const db = ctx.db;
  try {
    const seedStart = performance.now();
    await seed(db);
    console.log(
      `driver ${db.driver}; seeded ${MY_ORDERS + OTHER_ORDERS} orders (${MY_ORDERS} of the measured affiliate) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/affiliate`;
    const { token } = await issueSession(ctx, db, 1001, {});
    const headers = { Authorization: `Bearer ${token}` };
    const lastPage = Math.ceil(MY_ORDERS / PAGE_SIZE);
    const pendingLast = Math.ceil(MY_ORDERS / 5 / PAGE_SIZE);

    const call = async (path: string) => {
      const res = await fetch(`${base}/${path}`, { headers });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    /** What a list without the index-only page pick would do: count, then OFFSET over whole rows. */
    const naive = async (where: string, params: unknown[], offset: number) => {
      await db.query(`SELECT count(*) FROM orders WHERE affiliate_id = 1 ${where}`, params);
      await db.query(
        `SELECT * FROM orders WHERE affiliate_id = 1 ${where} ORDER BY order_date DESC, order_id DESC
          LIMIT ${PAGE_SIZE} OFFSET ${offset}`,
        params,
      );
    };

    const scenarios: [string, string, () => Promise<unknown>][] = [
      ['first page', 'myorder?page=1', () => naive('', [], 0)],
      [
        `middle page (${lastPage / 2})`,
        `myorder?page=${lastPage / 2}`,
        () => naive('', [], (lastPage / 2 - 1) * PAGE_SIZE),
      ],
      [
        `last page (${lastPage})`,
        `myorder?page=${lastPage}`,
        () => naive('', [], (lastPage - 1) * PAGE_SIZE),
      ],
      [
        'first page, status=Pending',
        'myorder?page=1&status=Pending',
        () => naive('AND status = $1', ['Pending'], 0),
      ],
      [
        `last page, status=Pending (${pendingLast})`,
        `myorder?page=${pendingLast}&status=Pending`,
        () => naive('AND status = $1', ['Pending'], (pendingLast - 1) * PAGE_SIZE),
      ],
      [
        'first page, one month',
        'myorder?page=1&fromDate=2023-03-01&toDate=2023-03-31',
        () => naive(`AND order_date BETWEEN '2023-03-01' AND '2023-03-31'`, [], 0),
      ],
      [
        'first page, search "fao 12"',
        'myorder?page=1&search=fao%2012',
        () => naive(`AND lower(fao_name) LIKE $1`, ['%fao 12%'], 0),
      ],
    ];

    console.log(`\nGET /api/affiliate/myorder over HTTP, ${RUNS} runs after 3 warm-ups (ms)`);
    console.log(
      'scenario'.padEnd(36),
      'median'.padStart(8),
      'p95'.padStart(8),
      'naive SQL'.padStart(10),
      'ours/naive'.padStart(11),
    );
    for (const [name, path, baseline] of scenarios) {
      const ours = await time(() => call(path));
      const naiveTime = await time(baseline);
      console.log(
        name.padEnd(36),
        ours.median.toFixed(1).padStart(8),
        ours.p95.toFixed(1).padStart(8),
        naiveTime.median.toFixed(1).padStart(10),
        (ours.median / naiveTime.median).toFixed(2).padStart(11),
      );
    }
    const retailers = await time(() => call('retiler-network?page=1'));
    console.log(
      `\nGET /api/affiliate/retiler-network?page=1 (100 retailers of 5,000): median ${retailers.median.toFixed(1)} ms, p95 ${retailers.p95.toFixed(1)} ms`,
    );
    const all = await time(async () => (await fetch(`${base}/myorder`, { headers })).arrayBuffer());
    console.log(
      `no-parameter call (all ${MY_ORDERS} orders as one array): median ${all.median.toFixed(0)} ms`,
    );
    server.close();
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
