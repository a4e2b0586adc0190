/**
 * The risk scan at scale (issue 49): the demo seed at SEED_SCALE (250: 50k affiliates, 1M orders, their ledger),
 * then every signal over every affiliate (`scanAllSignals`: on PostgreSQL one statement per signal, on PGlite
 * each signal over chunks sized to ~40 ms with a turn of the event loop between them) while ordinary calls of the
 * three roles (the review queue, the admin's orders, the affiliate's orders and dashboard) are asked again and
 * again over HTTP by two callers. Baseline, in the same run: the same calls' p95 with nothing else running.
 * Targets: the scan within 60 s; the calls' p95 within 1 s meanwhile. Prints each signal's time.
 *
 *   npx --yes pnpm@10 --filter bench exec tsx risk-scan.bench.ts [scale=$SEED_SCALE or 250]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (same command): PostgreSQL, in a throwaway schema.
 *   SEED_SCALE=1 … : a quick run (200 affiliates, 4k orders) that checks the whole path.
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { issueSession } from '../api-gateway/src/http/session';
import { scanAllSignals, type ScanUnit } from '../api-gateway/src/modules/risk';
import { seedDemoData } from '../api-gateway/src/seed/seed';
import { volumeFor } from '../api-gateway/src/seed/volume';
import { createTestApp } from '../api-gateway/test-support/test-app';
import { ms, percentile, send } from './gateway-harness';

const SCALE = Number(process.argv[2] ?? process.env.SEED_SCALE ?? 250);
const SCAN_TARGET_MS = 60_000;
const CALL_TARGET_MS = 1_000;
const BASELINE_CALLS = 60;
const CALLERS = 2;

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const t = await createTestApp();
  const { ctx } = t;
  const db = ctx.db;
  try {
    console.log(`risk-scan bench: scale ${SCALE}, driver ${db.driver}, load ${load()}`);
    let started = performance.now();
    const demo = await db.transaction((tx) =>
      seedDemoData(tx, { now: ctx.now(), counts: { ...volumeFor(SCALE), logins: 0 } }),
    );
    const { rows: marks } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM risk_marks');
    // The seed's marks would be taken by the gateways' workers; the scan below covers every affiliate anyway.
    await db.query('DELETE FROM risk_marks');
    await db.exec('VACUUM ANALYZE');
    const { rows: sizes } = await db.query<{ affiliates: string; orders: string; retailers: string }>(
      `SELECT (SELECT count(*) FROM affiliates)::text AS affiliates, (SELECT count(*) FROM orders)::text AS orders,
              (SELECT count(*) FROM retailers)::text AS retailers`,
    );
    console.log(
      `seeded ${sizes[0].affiliates} affiliates, ${sizes[0].retailers} retailers, ${sizes[0].orders} orders in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s (${marks[0].n} marks written by the triggers)`,
    );

    const server = t.app.listen(0, '127.0.0.1');
    server.keepAliveTimeout = 600_000;
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    const as = async (userId: number) => ({
      Authorization: `Bearer ${(await issueSession(ctx, db, userId, {})).token}`,
    });
    const admin = await as(demo.adminUserId);
    const affiliate = await as(demo.affiliateUserId);
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    // What staff and affiliates do while the scan runs.
    const calls = [
      { path: '/risk/cases', headers: admin },
      { path: `/admin/allorder?fromDate=${monthAgo}&toDate=${today}`, headers: admin },
      { path: '/affiliate/myorder?page=1', headers: affiliate },
      { path: '/user/dashboard', headers: affiliate },
    ];
    let next = 0;
    const timedCall = async () => {
      const call = calls[next++ % calls.length];
      const start = performance.now();
      const res = await send(`${base}${call.path}`, { headers: call.headers });
      if (res.status !== 200) throw new Error(`GET ${call.path}: ${res.status} ${res.body}`);
      return performance.now() - start;
    };

    const alone: number[] = [];
    for (let i = 0; i < BASELINE_CALLS; i += 1) alone.push(await timedCall());

    const during: number[] = [];
    let scanning = true;
    const callers = Array.from({ length: CALLERS }, async () => {
      while (scanning) during.push(await timedCall());
    });
    const perSignal = new Map<string, { ms: number; units: number; slowest: number }>();
    const onUnit = (unit: ScanUnit) => {
      const sum = perSignal.get(unit.kind) ?? { ms: 0, units: 0, slowest: 0 };
      perSignal.set(unit.kind, {
        ms: sum.ms + unit.ms,
        units: sum.units + 1,
        slowest: Math.max(sum.slowest, unit.ms),
      });
    };
    started = performance.now();
    const outcome = await scanAllSignals(ctx, { onUnit });
    const scanMs = performance.now() - started;
    scanning = false;
    await Promise.all(callers);

    started = performance.now();
    const refreshedAgain = new Map<string, number>();
    const again = await scanAllSignals(ctx, {
      onUnit: (unit) => {
        if (unit.refreshed)
          refreshedAgain.set(unit.kind, (refreshedAgain.get(unit.kind) ?? 0) + unit.refreshed);
      },
    });
    const secondMs = performance.now() - started;
    server.close();

    const verdict = (value: number, target: number) => (value <= target ? '(met)' : '(MISSED)');
    const p95Alone = percentile(alone, 95);
    const p95During = during.length ? percentile(during, 95) : Number.NaN;
    console.log(
      `scan of every affiliate: ${(scanMs / 1000).toFixed(1)} s, opened ${outcome.opened} cases ${verdict(scanMs, SCAN_TARGET_MS)}`,
    );
    console.log(
      `scan again (nothing new): ${(secondMs / 1000).toFixed(1)} s, opened ${again.opened}, refreshed ${again.refreshed}` +
        (refreshedAgain.size
          ? ` (${[...refreshedAgain].map(([kind, n]) => `${kind} ${n}`).join(', ')})`
          : ''),
    );
    for (const [kind, sum] of perSignal)
      console.log(
        `  ${kind.padEnd(17)} ${(sum.ms / 1000).toFixed(1).padStart(6)} s in ${sum.units} unit(s), slowest ${ms(sum.slowest)}`,
      );
    console.log(`ordinary calls alone (baseline): p95 ${ms(p95Alone)} over ${alone.length} calls`);
    console.log(
      `ordinary calls during the scan (${CALLERS} callers):  p95 ${ms(p95During)} over ${during.length} calls ` +
        `(${(p95During / p95Alone).toFixed(1)}x the baseline) ${verdict(p95During, CALL_TARGET_MS)}`,
    );
    console.log(`load ${load()}`);
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
