/**
 * The commission ledger's cost when one statement rewrites many orders (a rate upload's recompute), on PGlite
 * or, with DATABASE_URL, on PostgreSQL. Migration 071: after a few small ingestion batches PL/pgSQL planned
 * the ledger function generically and its reversals joined two CTEs in a nested loop, so recomputing 28,000
 * orders ran for minutes. The time per 1,000 orders must stay flat as the statement grows.
 *
 * For each size: that many orders ingested in batches of 100 (which warms the function's plan cache, as
 * ingestion does), then one UPDATE changing every order's commission, timed with the ledger's trigger on and,
 * as the baseline, the same UPDATE with it off.
 *
 *   npx --yes pnpm@10 --filter bench exec tsx ledger-recompute.bench.ts [sizes=2500,5000,10000,20000]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx --yes pnpm@10 --filter bench exec tsx ledger-recompute.bench.ts
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { openSuiteDatabase } from '../api-gateway/test-support/suite-database';
import { addOrders, fundedAffiliate } from '../api-gateway/test-support/payout-fixtures';
import { migrate } from '../api-gateway/src/db/migrate';

const SIZES = (process.argv[2] ?? '2500,5000,10000,20000').split(',').map(Number);
const BATCH = 100;

async function main() {
  const db = await openSuiteDatabase('bench_ledger');
  await migrate(db);
  console.log(
    `ledger recompute on ${db.driver}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}, ${new Date().toISOString()}`,
  );
  console.log('| orders | UPDATE, ledger on | per 1,000 orders | UPDATE, ledger off (baseline) | on ÷ off |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const size of SIZES) {
    const affiliate = await fundedAffiliate(db, []);
    for (let sent = 0; sent < size; sent += BATCH) {
      await addOrders(
        db,
        affiliate,
        Array.from({ length: Math.min(BATCH, size - sent) }, () => '10.00'),
      );
    }
    const recompute = async () => {
      const started = performance.now();
      await db.query(
        'UPDATE orders SET commission_amount = commission_amount + 0.01 WHERE affiliate_id = $1',
        [affiliate.affiliateId],
      );
      return performance.now() - started;
    };
    const withLedger = await recompute();
    await db.exec('ALTER TABLE orders DISABLE TRIGGER orders_commission_ledger_update');
    const baseline = await recompute();
    await db.exec('ALTER TABLE orders ENABLE TRIGGER orders_commission_ledger_update');
    console.log(
      `| ${size.toLocaleString('en')} | ${(withLedger / 1000).toFixed(2)} s | ${((withLedger / size) * 1000).toFixed(0)} ms | ` +
        `${(baseline / 1000).toFixed(2)} s | ${(withLedger / baseline).toFixed(1)} |`,
    );
  }
  await db.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
