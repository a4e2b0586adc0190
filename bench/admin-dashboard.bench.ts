/**
 * Admin dashboard at scale: GET /api/user/dashboard as the admin (totals, growth, retailers and the 12-month
 * chart, all from summary tables) through the real app over HTTP, against the same figures counted from the
 * affiliates, retailers and orders tables (count(*) ... GROUP BY month) measured in the same run.
 *
 *   npx --yes pnpm@10 --filter bench exec tsx admin-dashboard.bench.ts [scale=25]
 *   scale 25 = 5k affiliates, 10k retailers, 100k orders; 250 = 50k / 100k / 1M (slow to seed).
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { issueSession } from '../api-gateway/src/http/session';
import { seedIfEmpty } from '../api-gateway/src/seed/seed';
import { createTestApp } from '../api-gateway/test-support/test-app';
import { ms, percentile, send } from './gateway-harness';

const SCALE = Number(process.argv[2] ?? 25);
const RUNS = 100;
const pct = percentile;
const fmt = ms;

async function time(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i += 1) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

async function main(): Promise<void> {
  const t = await createTestApp();
  try {
    const seeded = await seedIfEmpty(t.ctx, SCALE);
    console.log(`seeded scale ${SCALE} on ${t.ctx.db.driver} in ${seeded.ms} ms`, seeded.counts);
    const { rows } = await t.ctx.db.query<{ user_id: string }>(
      'SELECT user_id FROM users WHERE role_id = 1 LIMIT 1',
    );
    const session = await issueSession(t.ctx, t.ctx.db, Number(rows[0].user_id), {
      ip: '127.0.0.1',
      userAgent: 'bench',
    });
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/user/dashboard`;
    const dashboard = await time(RUNS, async () => {
      const res = await send(url, { headers: { Authorization: `Bearer ${session.token}` } });
      if (res.status !== 200) throw new Error(`dashboard ${res.status}`);
    });
    server.close();
    const baseline = await time(RUNS, () =>
      Promise.all([
        t.ctx.db.query('SELECT status, count(*) FROM affiliates GROUP BY status'),
        t.ctx.db.query('SELECT count(*) FROM retailers'),
        t.ctx.db.query('SELECT count(*) FROM orders'),
        t.ctx.db.query(
          `SELECT date_trunc('month', created_date), count(*) FROM affiliates
            WHERE created_date >= now() - interval '12 months' GROUP BY 1`,
        ),
        t.ctx.db.query(
          `SELECT date_trunc('month', order_date), count(*) FROM orders
            WHERE order_date >= (now() - interval '12 months')::date GROUP BY 1`,
        ),
      ]),
    );
    console.log(
      `admin dashboard over HTTP (summary tables): p50 ${fmt(pct(dashboard, 50))}, p95 ${fmt(pct(dashboard, 95))}`,
    );
    console.log(
      `baseline counts over the tables (SQL only): p50 ${fmt(pct(baseline, 50))}, p95 ${fmt(pct(baseline, 95))}`,
    );
    console.log(`baseline / dashboard (p50): ${(pct(baseline, 50) / pct(dashboard, 50)).toFixed(1)}x`);
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
