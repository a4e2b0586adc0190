/**
 * Admin orders at scale: SEED_SCALE 250 of the demo seed (1M orders over ~13 months), GET /api/admin/allorder
 * through the real app over HTTP and the handler alone, beside a plain `ORDER BY … LIMIT 25 OFFSET n` query
 * (and the count(*) a plain total would need) over the same rows, measured in the same run.
 * Target (issue 11): server time p95 < 50 ms for page 1 and page 4,000 (100k rows deep), for each status and
 * for a one-month date range, on PGlite and on PostgreSQL.
 *
 *   npx --yes pnpm@10 --filter bench exec tsx admin-orders.bench.ts [scale=250] [runs=30]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (same command): PostgreSQL, in a throwaway schema.
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { AdminOrderListResponse, storedStatusesOf } from '../contracts/src/api/orders';
import type { AdminOrderStatus } from '../contracts/src/api/orders';
import { businessDay } from '../api-gateway/src/lib/business-time';
import { issueSession } from '../api-gateway/src/http/session';
import { listAdminOrders } from '../api-gateway/src/modules/orders/order-list';
import { seedDemoData } from '../api-gateway/src/seed/seed';
import { volumeFor } from '../api-gateway/src/seed/volume';
import { createTestApp } from '../api-gateway/test-support/test-app';

const SCALE = Number(process.argv[2] ?? 250);
const RUNS = Number(process.argv[3] ?? 30);
const BASELINE_RUNS = 5;
const TARGET_MS = 50;
const PAGE_SIZE = 25;
const DEEP_PAGE = 4_000;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)];
  return { p50: at(0.5), p95: at(0.95) };
}

async function time(runs: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return stats(samples);
}

interface Case {
  name: string;
  page: number;
  fromDate?: string;
  toDate?: string;
  status?: AdminOrderStatus;
}

async function main() {
  const t = await createTestApp();
  const { ctx } = t;
  const db = ctx.db;
  try {
    const seedStart = performance.now();
    const counts = { ...volumeFor(SCALE), logins: 0 };
    const demo = await db.transaction((tx) => seedDemoData(tx, { now: ctx.now(), counts }));
    const { rows: orderRows } = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM orders');
    console.log(
      `driver ${db.driver}; seeded scale ${SCALE} (${Number(orderRows[0].n)} orders) in ${(
        (performance.now() - seedStart) /
        1000
      ).toFixed(0)} s`,
    );

    const server = t.app.listen(0, '127.0.0.1');
    // The count(*) baseline takes seconds; keep the client's connection open across it.
    server.keepAliveTimeout = 600_000;
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/admin/allorder`;
    const { token } = await issueSession(ctx, db, demo.adminUserId, {});
    const headers = { Authorization: `Bearer ${token}` };
    const queryOf = (c: Case) =>
      new URLSearchParams({
        ...(c.fromDate ? { fromDate: c.fromDate } : {}),
        ...(c.toDate ? { toDate: c.toDate } : {}),
        ...(c.status ? { status: c.status } : {}),
      }).toString();
    // Timed: the request and reading the JSON; the answer is checked against the schema only outside the timing.
    const request = async (c: Case) => {
      const res = await fetch(`${base}/${c.page}?${queryOf(c)}`, { headers });
      if (!res.ok) throw new Error(`${c.name}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<unknown>;
    };
    const call = async (c: Case) => AdminOrderListResponse.parse(await request(c));

    const where = (c: Case) => {
      const conditions: string[] = [];
      const params: unknown[] = [];
      if (c.fromDate) conditions.push(`order_date >= $${params.push(c.fromDate)}::date`);
      if (c.toDate) conditions.push(`order_date <= $${params.push(c.toDate)}::date`);
      if (c.status) conditions.push(`status = ANY($${params.push(storedStatusesOf(c.status))}::text[])`);
      return { clause: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
    };
    const plainOffset = async (c: Case) => {
      const { clause, params } = where(c);
      const { rows } = await db.query<{ order_code: string }>(
        `SELECT order_code, order_date, buyer_name, order_value, fao_name, fao_mobile_no, status FROM orders ${clause}
          ORDER BY order_date DESC, order_id DESC LIMIT ${PAGE_SIZE} OFFSET ${(c.page - 1) * PAGE_SIZE}`,
        params,
      );
      return rows.map((row) => row.order_code);
    };
    const plainCount = async (c: Case) => {
      const { clause, params } = where(c);
      await db.query(`SELECT count(*) FROM orders ${clause}`, params);
    };

    // One calendar month, the one before this one (business time).
    const today = businessDay(ctx.now());
    const monthStart = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
    monthStart.setUTCMonth(monthStart.getUTCMonth() - 1);
    const monthEnd = new Date(monthStart);
    monthEnd.setUTCMonth(monthEnd.getUTCMonth() + 1);
    monthEnd.setUTCDate(0);
    const month = {
      fromDate: monthStart.toISOString().slice(0, 10),
      toDate: monthEnd.toISOString().slice(0, 10),
    };

    const cases: Case[] = [];
    for (const status of [undefined, 'pending', 'completed'] as const) {
      const label = status ?? 'ALL';
      const total = (await call({ name: '', page: 1, status })).data.totalCount;
      const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
      cases.push({ name: `${label}: page 1 (${total} orders)`, page: 1, status });
      cases.push(
        lastPage >= DEEP_PAGE
          ? { name: `${label}: page ${DEEP_PAGE}`, page: DEEP_PAGE, status }
          : { name: `${label}: last page ${lastPage} (< ${DEEP_PAGE} pages)`, page: lastPage, status },
      );
      const monthTotal = (await call({ name: '', page: 1, status, ...month })).data.totalCount;
      const monthLast = Math.max(1, Math.ceil(monthTotal / PAGE_SIZE));
      cases.push({
        name: `${label}, ${month.fromDate.slice(0, 7)}: page 1 (${monthTotal})`,
        page: 1,
        status,
        ...month,
      });
      cases.push({
        name: `${label}, ${month.fromDate.slice(0, 7)}: last page ${monthLast}`,
        page: monthLast,
        status,
        ...month,
      });
    }

    // The worst place for a page: the middle of the busiest day, where the OFFSET inside the day is largest.
    const { rows: busiest } = await db.query<{
      day: string;
      orders: string | number;
      newer: string | number;
    }>(
      `SELECT d.day, d.orders,
              (SELECT coalesce(sum(total), 0) FROM order_daily_counts WHERE order_date > d.day::date) AS newer
         FROM (SELECT order_date::text AS day, sum(total) AS orders FROM order_daily_counts
                GROUP BY order_date ORDER BY 2 DESC LIMIT 1) d`,
    );
    const middle = Number(busiest[0].newer) + Math.floor(Number(busiest[0].orders) / 2);
    cases.push({
      name: `ALL: page ${Math.floor(middle / PAGE_SIZE) + 1} (mid ${busiest[0].day}, ${Number(busiest[0].orders)} that day)`,
      page: Math.floor(middle / PAGE_SIZE) + 1,
    });

    console.log(
      `\nGET /api/admin/allorder/{page}: ${RUNS} runs after 3 warm-ups (ms); plain SQL ${BASELINE_RUNS} runs; target p95 < ${TARGET_MS} ms`,
    );
    console.log(
      'case'.padEnd(50),
      'HTTP p50'.padStart(9),
      'HTTP p95'.padStart(9),
      'handler p50'.padStart(12),
      'handler p95'.padStart(12),
      'OFFSET p50'.padStart(11),
      'OFFSET p95'.padStart(11),
      'count(*) p50'.padStart(13),
      ' same rows',
      ' target',
    );
    for (const c of cases) {
      const ours = (await call(c)).data.results.map((row) => row.orderID);
      const same = JSON.stringify(ours) === JSON.stringify(await plainOffset(c));
      const http = await time(RUNS, () => request(c));
      const handler = await time(RUNS, () =>
        listAdminOrders(ctx, { fromDate: c.fromDate, toDate: c.toDate, status: c.status }, c.page),
      );
      const offset = await time(BASELINE_RUNS, () => plainOffset(c));
      const count = await time(BASELINE_RUNS, () => plainCount(c));
      console.log(
        c.name.padEnd(50),
        http.p50.toFixed(1).padStart(9),
        http.p95.toFixed(1).padStart(9),
        handler.p50.toFixed(1).padStart(12),
        handler.p95.toFixed(1).padStart(12),
        offset.p50.toFixed(1).padStart(11),
        offset.p95.toFixed(1).padStart(11),
        count.p50.toFixed(1).padStart(13),
        same ? ' yes' : ' NO',
        http.p95 < TARGET_MS ? '  ok' : '  MISSED',
      );
    }
    server.close();
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
