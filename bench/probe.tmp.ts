import { performance } from 'node:perf_hooks';
import { ordersInWindow, planPage } from '../api-gateway/src/modules/orders/order-queries';
import { seedDemoData } from '../api-gateway/src/seed/seed';
import { volumeFor } from '../api-gateway/src/seed/volume';
import { createTestApp } from '../api-gateway/src/test-support/test-app';

async function main() {
  const t = await createTestApp();
  const db = t.ctx.db;
  await db.transaction((tx) => seedDemoData(tx, { now: t.ctx.now(), counts: { ...volumeFor(Number(process.argv[2] ?? 5)), logins: 0 } }));
  const timeIt = async (name: string, fn: () => Promise<unknown>) => {
    for (let i = 0; i < 3; i++) await fn();
    const s: number[] = [];
    for (let i = 0; i < 20; i++) { const a = performance.now(); await fn(); s.push(performance.now() - a); }
    s.sort((a, b) => a - b);
    console.log(name, s[10].toFixed(2), s[18].toFixed(2));
  };
  const pend = ['Pending', 'Processing'] as const;
  await timeIt('plan p1', () => planPage(db, {}, { pendingStatuses: pend, offset: 0, limit: 25 }));
  await timeIt('plan deep completed', () => planPage(db, {}, { statuses: ['Delivered', 'Completed', 'Rejected'], pendingStatuses: pend, offset: 10000, limit: 25 }));
  const { rows: dd } = await db.query<{ d: string }>('SELECT DISTINCT order_date::text AS d FROM order_daily_counts ORDER BY 1 DESC');
  const counts = dd.map((r) => ({ day: r.d }));
  await timeIt('select 1', () => db.query('select 1'));
  const days = counts.map((c) => c.day);
  const w = { newestDay: days[3], oldestDay: days[3], skip: 100, limit: 25 };
  await timeIt('window ALL', () => ordersInWindow(db, w));
  await timeIt('window completed', () => ordersInWindow(db, { ...w, statuses: ['Delivered', 'Completed', 'Rejected'] }));
  for (const sql of [
    `EXPLAIN ANALYZE SELECT order_id, order_date FROM orders WHERE order_date BETWEEN '${days[3]}' AND '${days[3]}' ORDER BY order_date DESC, order_id DESC LIMIT 25 OFFSET 100`,
    `EXPLAIN ANALYZE SELECT order_id, order_date FROM (SELECT order_id, order_date FROM orders WHERE status='Delivered' AND order_date BETWEEN '${days[3]}' AND '${days[3]}' UNION ALL SELECT order_id, order_date FROM orders WHERE status='Completed' AND order_date BETWEEN '${days[3]}' AND '${days[3]}') x ORDER BY order_date DESC, order_id DESC LIMIT 25 OFFSET 100`,
    `EXPLAIN ANALYZE SELECT order_date::text AS day, status, total FROM order_daily_counts WHERE total <> 0 ORDER BY order_date DESC`,
  ]) {
    const { rows } = await db.query<Record<string, string>>(sql);
    console.log(rows.map((r) => Object.values(r)[0]).join('\n'));
  }
  await t.close();
}
main();
