/**
 * Payout runs at scale (issue 28): the demo seed at SEED_SCALE (250: 50k affiliates, 1M orders, their ledger),
 * then, through the real app over HTTP:
 *   - a new run (`POST /api/admin/payouts/runs`: every affiliate's balance at the cutoff, eligible and ineligible
 *     lines; a draft holds no entries) and its list (`GET /api/admin/payouts/runs/:id`, eligible and ineligible
 *     pages), each run then submitted (timed: the entries are locked and attached) and rejected by a second admin
 *     so the next one starts from the same ledger (the payout tables vacuumed, as autovacuum would);
 *   - beside them, in the same turns, the bare SQL aggregate of the same balances (one GROUP BY over the entries);
 *   - the affiliate's Payouts page (`GET /api/affiliate/payouts`) of the affiliate with the most entries, over
 *     HTTP and in process.
 * Targets: a new run's list p95 ≤ 2 s; the Payouts page p95 < 50 ms. Seeding is timed and printed too.
 *
 *   npx --yes pnpm@10 --filter bench exec tsx payout-run.bench.ts [scale=$SEED_SCALE or 250] [runs=5] [pageRuns=100]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (same command): PostgreSQL, in a throwaway schema.
 *   SEED_SCALE=1 … : a quick run (200 affiliates, 4k orders) that checks the whole path in a minute.
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { AffiliatePayoutsResponse, PayoutRunDetail, PayoutRunResponse } from '../contracts/src/api/payouts';
import { businessDay } from '../api-gateway/src/lib/business-time';
import { issueSession } from '../api-gateway/src/http/session';
import { affiliatePayouts } from '../api-gateway/src/modules/payouts/affiliate-payouts';
import { seedDemoData } from '../api-gateway/src/seed/seed';
import { volumeFor } from '../api-gateway/src/seed/volume';
import { createStaffUser } from '../api-gateway/test-support/affiliate-fixtures';
import { createTestApp } from '../api-gateway/test-support/test-app';
import { agent, ms, percentile, send } from './gateway-harness';

const SCALE = Number(process.argv[2] ?? process.env.SEED_SCALE ?? 250);
const RUNS = Number(process.argv[3] ?? 5);
const PAGE_RUNS = Number(process.argv[4] ?? 100);
const RUN_TARGET_MS = 2_000;
const PAGE_TARGET_MS = 50;
const DAY_MS = 86_400_000;

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const line = (name: string, samples: number[], target?: number) => {
  if (!samples.length) return `${name.padEnd(62)} not measured`;
  const p95 = percentile(samples, 95);
  const verdict = target === undefined ? '' : p95 <= target ? '  (met)' : '  (MISSED)';
  return `${name.padEnd(62)} p50 ${ms(percentile(samples, 50)).padStart(10)}  p95 ${ms(p95).padStart(10)}${verdict}`;
};

async function main(): Promise<void> {
  const t = await createTestApp();
  const { ctx } = t;
  const db = ctx.db;
  try {
    console.log(`payout-run bench: scale ${SCALE}, driver ${db.driver}, load ${load()}`);

    // ---- seed ----------------------------------------------------------------------------------------
    let started = performance.now();
    const counts = { ...volumeFor(SCALE), logins: 0 };
    const demo = await db.transaction((tx) => seedDemoData(tx, { now: ctx.now(), counts }));
    const seeded = seconds(started);
    // The bulk seed holds every order's commission from the seed (none available for 14 days). As if it had
    // been seeded a month ago, two entries in three are moved back 30 days (the ledger's trigger forbids
    // rewriting dates, so it is paused for this one statement), and every KYC Complete affiliate's account is
    // resolved (eligibility needs it).
    started = performance.now();
    await db.transaction(async (tx) => {
      await tx.exec(`
        ALTER TABLE commission_entries DISABLE TRIGGER commission_entries_append_only;
        UPDATE commission_entries
           SET qualified_at = qualified_at - interval '30 days', available_at = available_at - interval '30 days'
         WHERE entry_id % 3 <> 0;
        ALTER TABLE commission_entries ENABLE TRIGGER commission_entries_append_only;
        UPDATE affiliates
           SET bank_account_name = upper(full_name), bank_name_match_score = 100,
               bank_resolution_ref = 'bench-' || affiliate_id, bank_resolved_at = now()
         WHERE status = 'KYC Complete' AND bank_resolved_at IS NULL;
      `);
    });
    await db.exec('VACUUM ANALYZE commission_entries');
    await db.exec('VACUUM ANALYZE affiliates');
    const { rows: sizes } = await db.query<{ affiliates: string; orders: string; entries: string }>(
      `SELECT (SELECT count(*) FROM affiliates)::text AS affiliates, (SELECT count(*) FROM orders)::text AS orders,
              (SELECT count(*) FROM commission_entries)::text AS entries`,
    );
    console.log(
      `seeded ${sizes[0].affiliates} affiliates, ${sizes[0].orders} orders, ${sizes[0].entries} ledger entries in ${seeded}` +
        ` (+ ${seconds(started)} to age the ledger and resolve accounts); load ${load()}`,
    );

    // ---- the gateway --------------------------------------------------------------------------------
    const server = t.app.listen(0, '127.0.0.1');
    server.keepAliveTimeout = 600_000;
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    const secondAdmin = await createStaffUser(db, 1, 'Bola Approver');
    const creator = { Authorization: `Bearer ${(await issueSession(ctx, db, demo.adminUserId, {})).token}` };
    const approver = { Authorization: `Bearer ${(await issueSession(ctx, db, secondAdmin, {})).token}` };
    const call = async (
      method: 'GET' | 'POST',
      path: string,
      headers: Record<string, string>,
      body?: unknown,
    ) => {
      const res = await send(`${base}${path}`, { method, headers, body });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body}`);
      return JSON.parse(res.body) as unknown;
    };

    // The bare aggregate: every affiliate's balances at the cutoff, one GROUP BY over the entries, no run.
    const cutoff = businessDay(ctx.now());
    const bareAggregate = () =>
      db.query(
        `SELECT e.affiliate_id,
                sum(e.amount) FILTER (WHERE p.entry_id IS NULL AND e.available_at < $1) AS available_at_cutoff,
                sum(e.amount) FILTER (WHERE p.entry_id IS NULL AND e.available_at > now()) AS pending,
                sum(e.amount) FILTER (WHERE p.line_status IN ('pending', 'sending', 'processing')) AS in_payout,
                sum(e.amount) FILTER (WHERE p.line_status = 'paid') AS paid
           FROM commission_entries e
           LEFT JOIN payout_line_entries p ON p.entry_id = e.entry_id
                                          AND p.line_status IN ('pending', 'sending', 'processing', 'paid')
          GROUP BY e.affiliate_id`,
        [new Date(new Date(`${cutoff}T00:00:00+01:00`).getTime() + DAY_MS)],
      );

    const create: number[] = [];
    const eligiblePage: number[] = [];
    const ineligiblePage: number[] = [];
    const bare: number[] = [];
    const submit: number[] = [];
    const decide: number[] = [];
    let lastRun: PayoutRunResponse['run'] | undefined;
    for (let i = 0; i < RUNS; i += 1) {
      let start = performance.now();
      await bareAggregate();
      bare.push(performance.now() - start);

      start = performance.now();
      const created = PayoutRunResponse.parse(await call('POST', '/admin/payouts/runs', creator, { cutoff }));
      create.push(performance.now() - start);
      lastRun = created.run;
      const id = created.run.runId;
      start = performance.now();
      const eligible = PayoutRunDetail.parse(
        await call('GET', `/admin/payouts/runs/${id}?kind=eligible`, creator),
      );
      eligiblePage.push(performance.now() - start);
      start = performance.now();
      await call('GET', `/admin/payouts/runs/${id}?kind=ineligible`, creator);
      ineligiblePage.push(performance.now() - start);
      if (i === 0)
        console.log(
          `run #${id}: ${eligible.run.totals.count} lines to pay, gross ₦${eligible.run.totals.gross}, ` +
            `net ₦${eligible.run.totals.net}; lines by status ${JSON.stringify(eligible.run.lineCounts)}`,
        );
      // Submission locks the entries, brings the lines up to date and attaches the entries (a row each), then
      // the gateway analyses the payout tables: timed and printed, no target.
      start = performance.now();
      await call('POST', `/admin/payouts/runs/${id}/submit`, creator, {});
      submit.push(performance.now() - start);
      // The last run is approved and paid (bank file, every line paid by SQL): the affiliate then has a payout.
      start = performance.now();
      if (i < RUNS - 1)
        await call('POST', `/admin/payouts/runs/${id}/reject`, approver, { remark: 'Bench: measured only' });
      else await call('POST', `/admin/payouts/runs/${id}/approve`, approver, {});
      decide.push(performance.now() - start);
      // The reject deleted the run's ~480k links. Autovacuum, off on the test server, would have reclaimed them
      // before a real next run; without it every later turn scans them dead (the bare aggregate too).
      if (i < RUNS - 1) await db.exec('VACUUM payout_line_entries, payout_lines');
      console.log(
        `run ${i + 1}/${RUNS}: create ${ms(create[i])}, eligible page ${ms(eligiblePage[i])}, ineligible page ` +
          `${ms(ineligiblePage[i])}, bare aggregate ${ms(bare[i])}, submit ${ms(submit[i])}, ` +
          `${i < RUNS - 1 ? 'reject' : 'approve'} ` +
          `${ms(decide[i])}; load ${load()}`,
      );
    }
    // Without runs (or before the run calls exist), the aggregate alone.
    for (let i = bare.length; i < 5; i += 1) {
      const start = performance.now();
      await bareAggregate();
      bare.push(performance.now() - start);
    }
    if (lastRun) {
      await db.query(
        // Recorded by the approver: a bank-file result is never the creator's (migration 079).
        `UPDATE payout_lines SET status = 'paid', paid_at = now(),
                result_by = (SELECT decided_by FROM payout_runs WHERE payout_run_id = $1)
          WHERE payout_run_id = $1 AND status IN ('pending', 'sending', 'processing')`,
        [lastRun.runId],
      );
    }

    // ---- the affiliate's Payouts page ------------------------------------------------------------------
    const { rows: busiest } = await db.query<{ affiliate_id: string; user_id: string; entries: string }>(
      `SELECT a.affiliate_id::text, a.user_id::text, count(*)::text AS entries
         FROM commission_entries e JOIN affiliates a ON a.affiliate_id = e.affiliate_id
        WHERE a.status = 'KYC Complete'
        GROUP BY a.affiliate_id, a.user_id ORDER BY count(*) DESC, a.affiliate_id LIMIT 1`,
    );
    const affiliate = busiest[0];
    const { token } = await issueSession(ctx, db, Number(affiliate.user_id), {});
    const headers = { Authorization: `Bearer ${token}` };
    const sample = AffiliatePayoutsResponse.parse(await call('GET', '/affiliate/payouts', headers));
    const pageOverHttp: number[] = [];
    for (let i = 0; i < 5; i += 1) await call('GET', '/affiliate/payouts', headers);
    for (let i = 0; i < PAGE_RUNS; i += 1) {
      const start = performance.now();
      await call('GET', '/affiliate/payouts', headers);
      pageOverHttp.push(performance.now() - start);
    }
    agent.destroy();
    server.close();
    const session = { userId: Number(affiliate.user_id), affiliateId: Number(affiliate.affiliate_id) };
    const inProcess: number[] = [];
    for (let i = 0; i < PAGE_RUNS; i += 1) {
      const start = performance.now();
      await affiliatePayouts(ctx, session as Parameters<typeof affiliatePayouts>[1], {});
      inProcess.push(performance.now() - start);
    }

    console.log(`\nscale ${SCALE}, ${db.driver}; ${RUNS} runs, cutoff ${cutoff}; load ${load()}`);
    console.log(line('new run: POST /admin/payouts/runs (balances and lines)', create, RUN_TARGET_MS));
    console.log(line('its list: GET /admin/payouts/runs/:id, eligible page', eligiblePage, RUN_TARGET_MS));
    console.log(
      line('its list: GET /admin/payouts/runs/:id, ineligible page', ineligiblePage, RUN_TARGET_MS),
    );
    console.log(line('bare SQL aggregate of the same balances (same turns)', bare));
    console.log(line('submitted by its creator (entries locked and attached)', submit));
    console.log(line('then rejected (approved the last time) by the second admin', decide));
    console.log(
      `affiliate ${affiliate.affiliate_id}: ${affiliate.entries} entries, ${sample.payouts.totalCount} payouts, ` +
        `${sample.explanations.totalCount} explanations; ${PAGE_RUNS} calls after 5 warm-ups`,
    );
    console.log(line('GET /api/affiliate/payouts over HTTP', pageOverHttp, PAGE_TARGET_MS));
    console.log(line('affiliatePayouts() in process (no HTTP)', inProcess));
    console.log(`load average at the end: ${load()}`);
  } finally {
    await t.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
