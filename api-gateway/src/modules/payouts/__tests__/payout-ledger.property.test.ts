import { businessDay } from '../../../lib/business-time';
import fc from 'fast-check';
import type { IntegrationOrder } from '@portal/contracts';
import type { SessionUser } from '../../../http/session';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { fundedAffiliate, type FundedAffiliate } from '../../../../test-support/payout-fixtures';
import { storeRates } from '../../commission-upload/upload-rates';
import { reconcileLedger, unreconciledOrders } from '../../../../test-support/ledger-reconciliation';
import { ingestOrders } from '../../integration';
import { affiliateBalances } from '../ledger/balances';
import { markLineByHand } from '../bank-result';
import { createRun } from '../create-run';
import { approveRun, excludeLine, rejectRun, submitRun } from '../run-steps';
import { markLineReversed } from '../status-moves';
import { savePayoutSettings } from '../settings';

// The ledger property of commission-ledger.test.ts, extended to payout runs (issue 28, "Done when"): random
// sequences of orders ingested and changed (returns after payment included), backdated rate uploads, and runs
// created, lines excluded, runs approved or rejected, lines paid, failed and reversed, through the product's
// own functions. After every step, per affiliate: pending + available + in payout + paid (clawbacks and
// adjustments counted as the entries they are) = the engine's commission of its qualified orders, to the
// kobo; no entry in two live lines; every live line's gross is the sum of its entries.

jest.setTimeout(300_000);

let t: TestApp;
let creator: SessionUser;
let approver: SessionUser;
let admin: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaffUser(t.ctx.db, 1, 'Ada Creator');
  creator = { userId: admin } as SessionUser;
  approver = { userId: await createStaffUser(t.ctx.db, 1, 'Bayo Approver') } as SessionUser;
  // A minimum the second affiliate starts below, and a withholding, so deductions are exercised.
  await savePayoutSettings(t.ctx, creator, { minimumPayout: '100.00', withholdingPercent: '7.50' });
});
afterAll(() => t?.close());

const STATUSES = ['Pending', 'Processing', 'Delivered', 'Completed', 'Rejected'] as const;
const CATEGORIES = ['Payout Beverages', 'Payout Snacks'] as const;
const DAY = 86_400_000;
type Step =
  | {
      kind: 'ingest';
      who: number;
      order: number;
      status: (typeof STATUSES)[number];
      value: number;
      category: number;
      held: boolean;
    }
  | { kind: 'status'; who: number; order: number; status: (typeof STATUSES)[number] }
  | { kind: 'rate'; who: number; category: number; percent: number; month: number }
  | { kind: 'create' }
  | { kind: 'exclude'; pick: number }
  | { kind: 'decide'; approve: boolean }
  | { kind: 'result'; pick: number; paid: boolean }
  | { kind: 'reverse'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('ingest' as const),
      who: fc.nat(1),
      order: fc.nat(3),
      status: fc.constantFrom(...STATUSES),
      value: fc.integer({ min: 0, max: 5_000_000 }),
      category: fc.nat(1),
      held: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      who: fc.nat(1),
      order: fc.nat(3),
      status: fc.constantFrom(...STATUSES),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rate' as const),
      who: fc.nat(1),
      category: fc.nat(1),
      percent: fc.integer({ min: 0, max: 5_000 }),
      month: fc.integer({ min: 1, max: 12 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'create' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('exclude' as const), pick: fc.nat(3) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('decide' as const), approve: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('result' as const), pick: fc.nat(3), paid: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat(3) }) },
);

const kobo = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
const cents = (amount: string) => {
  const negative = amount.startsWith('-');
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return negative ? -value : value;
};
// The business day (Lagos), as the gateway judges a cutoff: UTC's date is the day before from 23:00 UTC.
const today = () => businessDay(new Date());

async function openRun(): Promise<{ id: number; status: string } | undefined> {
  const { rows } = await t.ctx.db.query<{ id: string; status: string }>(
    `SELECT payout_run_id::text AS id, status FROM payout_runs
      WHERE status IN ('draft', 'submitted', 'approved', 'executing')`,
  );
  return rows[0] ? { id: Number(rows[0].id), status: rows[0].status } : undefined;
}

async function linesIn(runId: number, status: string): Promise<number[]> {
  const { rows } = await t.ctx.db.query<{ id: string }>(
    `SELECT payout_line_id::text AS id FROM payout_lines WHERE payout_run_id = $1 AND status = $2
      ORDER BY payout_line_id`,
    [runId, status],
  );
  return rows.map((row) => Number(row.id));
}

/** Runs a step's call; the refusals a random sequence meets (409 and the like) are part of the game. */
async function tolerate(fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === undefined || status >= 500) throw error;
  }
}

async function checkInvariants(affiliates: FundedAffiliate[]) {
  const ids = affiliates.map((a) => a.affiliateId);
  // The entries are the engine's commission of the qualified orders, to the kobo.
  expect(await reconcileLedger(t.ctx.db, ids)).toEqual([]);
  for (const affiliate of affiliates) {
    const b = await affiliateBalances(t.ctx.db, affiliate.affiliateId, new Date());
    const { rows } = await t.ctx.db.query<{ engine: string }>(
      `SELECT coalesce(sum(commission_amount) FILTER (WHERE status IN ('Delivered', 'Completed')), 0)::text AS engine
         FROM orders WHERE affiliate_id = $1`,
      [affiliate.affiliateId],
    );
    expect(cents(b.pending) + cents(b.available) + cents(b.inPayout) + cents(b.paid)).toBe(
      cents(rows[0].engine),
    );
    expect(cents(b.total)).toBe(cents(rows[0].engine));
  }
  // No entry in two live lines; a live line pays exactly its entries (a draft's lines hold none); net = gross -
  // deductions.
  const { rows: twice } = await t.ctx.db.query<{ entry_id: string }>(
    `SELECT entry_id::text FROM payout_line_entries
      WHERE line_status IN ('pending', 'sending', 'processing', 'paid') GROUP BY entry_id HAVING count(*) > 1`,
  );
  expect(twice).toEqual([]);
  const { rows: lines } = await t.ctx.db.query<{
    id: string;
    gross: string;
    held: string;
    net: string;
    d: string;
    in_draft: boolean;
  }>(
    `SELECT l.payout_line_id::text AS id, l.net::text, l.deductions::text AS d,
            l.gross::text, r.status = 'draft' AS in_draft,
            coalesce((SELECT sum(e.amount) FROM payout_line_entries p JOIN commission_entries e USING (entry_id)
                       WHERE p.payout_line_id = l.payout_line_id), 0)::text AS held
       FROM payout_lines l JOIN payout_runs r USING (payout_run_id)
      WHERE l.affiliate_id = ANY ($1::bigint[]) AND l.status IN ('pending', 'sending', 'processing', 'paid')`,
    [ids],
  );
  for (const line of lines) {
    expect(cents(line.held)).toBe(line.in_draft ? 0 : cents(line.gross));
    expect(cents(line.net)).toBe(cents(line.gross) - cents(line.d));
  }
}

test('orders, returns after payment, backdated rates, runs created, approved, rejected, lines paid, failed, reversed', async () => {
  let sequence = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 30 }), async (steps) => {
      sequence++;
      const affiliates = [
        await fundedAffiliate(t.ctx.db, ['400.00']),
        await fundedAffiliate(t.ctx.db, ['90.00']),
      ];
      const known = new Map<string, IntegrationOrder>();
      for (const s of steps) {
        if (s.kind === 'ingest' || s.kind === 'status') {
          const affiliate = affiliates[s.who];
          const key = `${s.who}-${s.order}`;
          if (s.kind === 'status' && !known.has(key)) continue;
          const base: IntegrationOrder = known.get(key) ?? {
            externalId: `PP${sequence}-${affiliate.affiliateId}-${s.order}`,
            retailerExternalId: affiliate.retailer,
            orderDate: '2026-05-10',
            productCategory: CATEGORIES[0],
            orderValue: '0.00',
            buyerName: 'Kemi Alade',
            status: 'Pending',
          };
          const next: IntegrationOrder =
            s.kind === 'ingest'
              ? {
                  ...base,
                  status: s.status,
                  orderValue: kobo(s.value),
                  productCategory: CATEGORIES[s.category],
                }
              : { ...base, status: s.status };
          known.set(key, next);
          const held = s.kind === 'ingest' && s.held;
          await t.ctx.db.transaction(async (tx) => {
            // Held from a month ago (available now) unless `held` (pending for two weeks more).
            await tx.query("SELECT set_config('portal.ledger_now', $1, true)", [
              new Date(Date.now() - (held ? 0 : 30) * DAY).toISOString(),
            ]);
            await ingestOrders(tx, [next]);
          });
        } else if (s.kind === 'rate') {
          await storeRates(
            t.ctx,
            [
              {
                row: 2,
                affiliateCode: affiliates[s.who].affiliateCode,
                ratePercent: kobo(s.percent),
                productCategory: CATEGORIES[s.category],
                minimumOrderValue: '0.00',
                effectiveDate: `2026-${String(s.month).padStart(2, '0')}-01`,
              },
            ],
            { fileName: 'rates.xlsx', uploadedBy: admin, at: new Date() },
          );
        } else if (s.kind === 'create') {
          await tolerate(() => createRun(t.ctx, creator, { cutoff: today() }));
        } else if (s.kind === 'reverse') {
          const { rows } = await t.ctx.db.query<{ id: string }>(
            `SELECT payout_line_id::text AS id FROM payout_lines
              WHERE status = 'paid' AND affiliate_id = ANY ($1::bigint[]) ORDER BY payout_line_id`,
            [affiliates.map((a) => a.affiliateId)],
          );
          if (rows.length) {
            const id = Number(rows[s.pick % rows.length].id);
            await t.ctx.db.transaction((tx) =>
              markLineReversed(tx, id, { reason: 'Returned by the bank', at: new Date() }),
            );
          }
        } else {
          const run = await openRun();
          if (!run) continue;
          if (s.kind === 'exclude' && run.status === 'draft') {
            const pending = await linesIn(run.id, 'pending');
            if (pending.length)
              await excludeLine(t.ctx, creator, run.id, pending[s.pick % pending.length], 'Random exclusion');
          } else if (s.kind === 'decide') {
            if (run.status === 'draft') await submitRun(t.ctx, creator, run.id);
            await tolerate(() =>
              s.approve
                ? approveRun(t.ctx, approver, run.id, { remark: 'ok' })
                : rejectRun(t.ctx, approver, run.id, { remark: 'Not now' }),
            );
          } else if (s.kind === 'result' && run.status === 'executing') {
            const processing = await linesIn(run.id, 'processing');
            if (processing.length) {
              const line = processing[s.pick % processing.length];
              await markLineByHand(t.ctx, approver, run.id, line, {
                status: s.paid ? 'paid' : 'failed',
                reason: s.paid ? 'Bank statement' : 'Account closed',
              });
            }
          }
        }
        await checkInvariants(affiliates);
      }
      // Close what is open, so the next sequence may create runs.
      const run = await openRun();
      if (run?.status === 'draft') await submitRun(t.ctx, creator, run.id);
      if (run && (run.status === 'draft' || run.status === 'submitted'))
        await rejectRun(t.ctx, approver, run.id, { remark: 'End of sequence' });
      if (run?.status === 'executing')
        for (const line of await linesIn(run.id, 'processing'))
          await markLineByHand(t.ctx, approver, run.id, line, {
            status: 'failed',
            reason: 'End of sequence',
          });
      await checkInvariants(affiliates);
      expect(await openRun()).toBeUndefined();
    }),
    {
      seed: 2812,
      numRuns: 20,
      // A return after payment (a clawback) and after a reversal, for certain; the random ones may not.
      examples: [
        [
          [
            {
              kind: 'ingest',
              who: 0,
              order: 0,
              status: 'Delivered',
              value: 1_000_000,
              category: 0,
              held: false,
            },
            { kind: 'rate', who: 0, category: 0, percent: 1_000, month: 3 },
            { kind: 'create' },
            { kind: 'decide', approve: true },
            { kind: 'result', pick: 0, paid: true },
            { kind: 'result', pick: 0, paid: true },
            { kind: 'rate', who: 0, category: 0, percent: 1_500, month: 4 },
            { kind: 'status', who: 0, order: 0, status: 'Rejected' },
            { kind: 'reverse', pick: 0 },
            { kind: 'create' },
          ],
        ],
      ],
    },
  );
  expect(await unreconciledOrders(t.ctx.db)).toEqual([]);
  // The sequences reached every kind of entry and every line status a bank-file run has.
  const { rows: kinds } = await t.ctx.db.query<{ kind: string }>(
    `SELECT DISTINCT kind FROM commission_entries ORDER BY 1`,
  );
  expect(kinds.map((row) => row.kind)).toEqual(['adjustment', 'clawback', 'earned', 'reversal']);
  const { rows: statuses } = await t.ctx.db.query<{ status: string }>(
    `SELECT DISTINCT status FROM payout_lines ORDER BY 1`,
  );
  expect(statuses.map((row) => row.status)).toEqual(
    expect.arrayContaining(['cancelled', 'excluded', 'failed', 'ineligible', 'paid', 'reversed']),
  );
});
