import request from 'supertest';
import type { AppContext } from '../../../context';
import { bearer, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { reconcileLedger, unreconciledOrders } from '../../../../test-support/ledger-reconciliation';
import {
  addOrders,
  addRetailer,
  changeStatus,
  type Planted,
  riskAffiliate,
  setNumbers,
} from '../../../../test-support/risk-fixtures';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { affiliateBalances } from '../../payouts/ledger/balances';
import { affiliateReason } from '../../payouts/ledger/ledger-words';
import { raiseMarkedSignals, scanAllSignals } from '../risk-scan';

/**
 * Issue 49, "Done when": each of the eight signals planted beside a clean control affiliate (ordinary volume, a
 * return, values well above the minimum), raised by ingestion (the marks) and the scan; each pattern opens exactly
 * one case per affiliate it names, with its evidence; the control none; scans twice open nothing. Then the money:
 * confirming withdraws the commission of the case's orders through the ledger (reversed while unpaid, clawed back
 * once paid), reconciled to the kobo, in one transaction that two reviewers cannot both win; dismissing releases.
 * PGlite, and PostgreSQL with DATABASE_URL.
 */
jest.setTimeout(300_000);

let t: TestApp;
let ctx: AppContext;
let admin: string;
let backoffice: string;
const planted: Record<string, Planted> = {};
const plantedOrders: Record<string, Awaited<ReturnType<typeof addOrders>>> = {};

interface CaseRow {
  case_id: number;
  affiliate_id: number;
  kind: string;
  severity: number;
  state: string;
  evidence: { rows: Array<Record<string, unknown>>; figures?: Record<string, unknown> };
}

async function cases(): Promise<CaseRow[]> {
  const { rows } = await ctx.db.query<CaseRow>(
    'SELECT case_id::int, affiliate_id::int, kind, severity, state, evidence FROM risk_cases ORDER BY case_id',
  );
  return rows;
}

const caseOf = async (name: string) =>
  (await cases()).find((row) => row.affiliate_id === planted[name].affiliateId) as CaseRow;

const cents = (amount: string) => {
  const negative = amount.startsWith('-');
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return negative ? -value : value;
};

/** pending + available + in payout + paid = the sum of the affiliate's entries = the oracle's commission. */
async function expectReconciled(affiliateIds: number[]) {
  expect(await reconcileLedger(ctx.db, affiliateIds)).toEqual([]);
  for (const id of affiliateIds) {
    const b = await affiliateBalances(ctx.db, id, new Date());
    const { rows } = await ctx.db.query<{ sum: string }>(
      'SELECT coalesce(sum(amount), 0)::text AS sum FROM commission_entries WHERE affiliate_id = $1',
      [id],
    );
    expect(cents(b.pending) + cents(b.available) + cents(b.inPayout) + cents(b.paid)).toBe(
      cents(rows[0].sum),
    );
    expect(cents(b.total)).toBe(cents(rows[0].sum));
  }
}

/** The affiliate's live earned entries of the first `count` orders, paid in a line outside any run. */
async function payFirstOrders(affiliate: Planted, count: number): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const { rows: entries } = await tx.query<{ entry_id: string; amount: string }>(
      `SELECT entry_id::text, amount::text FROM commission_entries
        WHERE affiliate_id = $1 AND kind = 'earned' AND NOT reversed ORDER BY order_id LIMIT $2`,
      [affiliate.affiliateId, count],
    );
    const gross = entries.reduce((sum, e) => sum + cents(e.amount), 0);
    const amount = `${Math.floor(gross / 100)}.${String(gross % 100).padStart(2, '0')}`;
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO payout_lines (affiliate_id, status, gross, net) VALUES ($1, 'paid', $2, $2)
       RETURNING payout_line_id::text AS id`,
      [affiliate.affiliateId, amount],
    );
    for (const entry of entries)
      await tx.query(
        "INSERT INTO payout_line_entries (payout_line_id, line_status, entry_id) VALUES ($1, 'paid', $2)",
        [rows[0].id, entry.entry_id],
      );
    return amount;
  });
}

const daily = (days: number[], perDay: number, value: (i: number) => string) =>
  days.flatMap((daysAgo) =>
    Array.from({ length: perDay }, (_, i) => ({ daysAgo, value: value(daysAgo * 7 + i) })),
  );

beforeAll(async () => {
  t = await createTestApp();
  ctx = t.ctx;
  admin = await bearer(ctx, await createStaffUser(ctx.db, 1));
  backoffice = await bearer(ctx, await createStaffUser(ctx.db, 2));

  // Control: two retailers, two orders a day for five weeks, values spread well above the minimum, one return.
  const control = (planted.control = await riskAffiliate(ctx, { minimum: 100 }));
  await addRetailer(ctx, control);
  await addRetailer(ctx, control);
  plantedOrders.control = await addOrders(
    ctx,
    control,
    daily(
      Array.from({ length: 35 }, (_, i) => i),
      2,
      (i) => `${500 + ((i * 389) % 4000)}.00`,
    ).map((order, i) => ({ ...order, retailer: control.retailers[i % 2] })),
  );
  await changeStatus(ctx, plantedOrders.control.slice(0, 1), 'Rejected');

  // Self-dealing: the retailer's contact mobile is the affiliate's own; three orders through it.
  const selfDealer = (planted.selfDealer = await riskAffiliate(ctx));
  const { rows } = await ctx.db.query<{ mobile_number: string }>(
    'SELECT mobile_number FROM affiliates WHERE affiliate_id = $1',
    [selfDealer.affiliateId],
  );
  await addRetailer(ctx, selfDealer, { faoMobileNo: `0${rows[0].mobile_number}` });
  plantedOrders.selfDealer = await addOrders(ctx, selfDealer, [
    { daysAgo: 2, value: '800.00' },
    { daysAgo: 3, value: '1234.56' },
    { daysAgo: 5, value: '99.99' },
  ]);

  // One payout account on two affiliates; one BVN/NIN on two others; one mobile on two more.
  planted.accountA = await riskAffiliate(ctx, { accountNumber: '5550001111' });
  planted.accountB = await riskAffiliate(ctx, { accountNumber: '5550001111' });
  planted.identityA = await riskAffiliate(ctx);
  planted.identityB = await riskAffiliate(ctx);
  for (const [side, account] of [
    [planted.identityA, '5550002221'],
    [planted.identityB, '5550002222'],
  ] as const)
    await setNumbers(ctx, side.affiliateId, { ninOrBVN: '38888888888', accountNumber: account });
  planted.mobileA = await riskAffiliate(ctx);
  planted.mobileB = await riskAffiliate(ctx);
  await ctx.db.query(
    'UPDATE affiliates SET mobile_number = (SELECT mobile_number FROM affiliates WHERE affiliate_id = $1) WHERE affiliate_id = $2',
    [planted.mobileA.affiliateId, planted.mobileB.affiliateId],
  );

  // Half of the orders that earned commission returned.
  const canceller = (planted.canceller = await riskAffiliate(ctx));
  await addRetailer(ctx, canceller);
  plantedOrders.canceller = await addOrders(
    ctx,
    canceller,
    daily([3], 10, () => '900.00'),
  );
  await changeStatus(ctx, plantedOrders.canceller.slice(0, 5), 'Rejected');

  // A burst: one order a day for four weeks, then thirty in a day.
  const burster = (planted.burster = await riskAffiliate(ctx));
  await addRetailer(ctx, burster);
  plantedOrders.burster = await addOrders(ctx, burster, [
    ...daily(
      Array.from({ length: 28 }, (_, i) => 8 + i),
      1,
      () => '700.00',
    ),
    ...daily([1], 30, () => '700.10'),
  ]);

  // Twelve orders between the rate's minimum (1,000) and 5 % above it.
  const gamer = (planted.gamer = await riskAffiliate(ctx, { minimum: 1000 }));
  await addRetailer(ctx, gamer);
  plantedOrders.gamer = await addOrders(
    ctx,
    gamer,
    Array.from({ length: 12 }, (_, i) => ({ daysAgo: 1 + i, value: `${1000 + i * 4}.37` })),
  );

  // The same shop (contact mobile) entered under two affiliates, orders on both sides.
  planted.homeA = await riskAffiliate(ctx);
  planted.homeB = await riskAffiliate(ctx);
  for (const side of [planted.homeA, planted.homeB]) {
    await addRetailer(ctx, side, { faoMobileNo: '07011112222' });
    await addOrders(ctx, side, [{ daysAgo: 4, value: '650.00' }]);
  }

  // Ingestion raised them (the marks); the scan then finds the same.
  while ((await raiseMarkedSignals(ctx)) > 0);
  await scanAllSignals(ctx);
}, 300_000);

afterAll(() => t?.close());

const EXPECTED: Record<string, string> = {
  selfDealer: 'selfDealing',
  accountA: 'sharedAccount',
  accountB: 'sharedAccount',
  identityA: 'sharedIdentity',
  identityB: 'sharedIdentity',
  mobileA: 'sharedMobile',
  mobileB: 'sharedMobile',
  canceller: 'cancellations',
  burster: 'orderBurst',
  gamer: 'thresholdGaming',
  homeA: 'retailerRehoming',
  homeB: 'retailerRehoming',
};

test('each planted pattern opens exactly one case with its evidence; the control opens none', async () => {
  const opened = await cases();
  const kindsOf = (id: number) => opened.filter((row) => row.affiliate_id === id).map((row) => row.kind);
  expect(kindsOf(planted.control.affiliateId)).toEqual([]);
  for (const [name, kind] of Object.entries(EXPECTED))
    expect({ name, kinds: kindsOf(planted[name].affiliateId) }).toEqual({ name, kinds: [kind] });
  expect(opened).toHaveLength(Object.keys(EXPECTED).length);

  const of = (name: string) => opened.find((row) => row.affiliate_id === planted[name].affiliateId)!;
  expect(of('selfDealer').evidence.rows).toEqual([
    expect.objectContaining({ type: 'retailer', matched: 'ownMobile' }),
  ]);
  expect(of('accountA').evidence.rows).toEqual([
    expect.objectContaining({ type: 'affiliate', affiliateId: planted.accountB.affiliateId }),
  ]);
  expect(of('identityB').evidence.rows).toEqual([
    expect.objectContaining({ type: 'affiliate', affiliateId: planted.identityA.affiliateId }),
  ]);
  expect(of('identityA').severity).toBe(3);
  expect(of('mobileA').evidence.rows).toEqual([
    expect.objectContaining({ affiliateId: planted.mobileB.affiliateId }),
  ]);
  expect(of('canceller').evidence.figures).toEqual(
    expect.objectContaining({ earnedOrders: 10, lostOrders: 5 }),
  );
  expect(of('burster').evidence.rows).toEqual(
    expect.arrayContaining([expect.objectContaining({ type: 'burst', span: 'day', orders: 30 })]),
  );
  expect(of('gamer').evidence.rows).toHaveLength(12);
  expect(of('homeB').evidence.rows).toEqual([
    expect.objectContaining({ matched: 'sameContact', otherAffiliateId: planted.homeA.affiliateId }),
  ]);
});

test('running the scan twice opens nothing new', async () => {
  const before = await cases();
  expect(await scanAllSignals(ctx)).toEqual({ opened: 0, refreshed: 0 });
  expect(await scanAllSignals(ctx)).toEqual({ opened: 0, refreshed: 0 });
  expect(await cases()).toEqual(before);
});

test('a scan in chunks of any size (PGlite chunks, PostgreSQL does not) agrees with one pass over everyone', async () => {
  const before = await cases();
  for (const chunk of [1, 2, 3, 'all'] as const) {
    const refreshed: string[] = [];
    const outcome = await scanAllSignals(ctx, {
      chunk,
      onUnit: (unit) => {
        if (unit.refreshed) refreshed.push(unit.kind);
      },
    });
    expect({ chunk, outcome, refreshed }).toEqual({
      chunk,
      outcome: { opened: 0, refreshed: 0 },
      refreshed: [],
    });
  }
  expect(await cases()).toEqual(before);
});

describe('confirming abuse withdraws the commission of the case’s orders', () => {
  test('paid money is clawed back, unpaid reversed, the case named; reconciled to the kobo; deactivated', async () => {
    const gamer = planted.gamer;
    const paid = await payFirstOrders(gamer, 4);
    const before = await affiliateBalances(ctx.db, gamer.affiliateId, new Date());
    expect(before.paid).toBe(paid);
    const gaming = await caseOf('gamer');

    const res = await request(t.app)
      .post(`/api/risk/cases/${gaming.case_id}/confirm`)
      .set('Authorization', admin)
      .send({ note: 'Values placed on the minimum on purpose', deactivate: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Case confirmed.',
      withdrawnOrders: 12,
      withdrawnAmount: before.total,
      deactivated: true,
    });

    const after = await affiliateBalances(ctx.db, gamer.affiliateId, new Date());
    // What was paid stays paid; its clawback is owed (available goes below 0 by it); the rest is reversed.
    expect(after.paid).toBe(paid);
    expect(cents(after.total)).toBe(0);
    expect(cents(after.available) + cents(after.pending)).toBe(-cents(paid));
    await expectReconciled([gamer.affiliateId, planted.control.affiliateId]);

    const { rows: entries } = await ctx.db.query<{ kind: string; reason: string }>(
      `SELECT kind, reason FROM commission_entries WHERE affiliate_id = $1 AND kind IN ('clawback', 'reversal')
        ORDER BY entry_id`,
      [gamer.affiliateId],
    );
    expect(entries.filter((e) => e.kind === 'clawback')).toHaveLength(4);
    expect(entries.filter((e) => e.kind === 'reversal')).toHaveLength(8);
    for (const entry of entries)
      expect(entry.reason).toMatch(
        new RegExp(
          `^Order \\S+: Commission (taken back from your next payout|withdrawn) after a review of this order \\(case ${gaming.case_id}\\)$`,
        ),
      );

    // The affiliate reads them without the order code (ledger-words.ts keeps a reason it does not know as it is).
    const clawback = entries.find((e) => e.kind === 'clawback')!;
    expect(
      affiliateReason({
        kind: 'clawback',
        stored: clawback.reason,
        amount: '-1.00',
        orderValue: '1000.37',
        category: 'Risk Beverages',
        ratePercent: '10',
        rateDate: null,
        paid: true,
      }),
    ).toBe(
      `Commission taken back from your next payout after a review of this order (case ${gaming.case_id})`,
    );

    const { rows: affiliate } = await ctx.db.query<{ status: string }>(
      'SELECT status FROM affiliates WHERE affiliate_id = $1',
      [gamer.affiliateId],
    );
    expect(affiliate[0].status).toBe('Inactive');
    const { rows: audits } = await ctx.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity_type = 'affiliate' AND entity_id = $1 AND action <> 'risk.case_opened'
        ORDER BY audit_id`,
      [String(gamer.affiliateId)],
    );
    expect(audits.map((a) => a.action)).toEqual(['affiliate.inactivate', 'risk.case_confirmed']);
  });

  test('a withheld order earns nothing again: not on a later status change, not on a recompute', async () => {
    const gamer = planted.gamer;
    await changeStatus(ctx, plantedOrders.gamer, 'Completed');
    await changeStatus(ctx, plantedOrders.gamer, 'Rejected');
    await changeStatus(ctx, plantedOrders.gamer, 'Delivered');
    await ctx.db.query(
      'UPDATE orders SET commission_amount = commission_amount + 1 WHERE affiliate_id = $1',
      [gamer.affiliateId],
    );
    expect(cents((await affiliateBalances(ctx.db, gamer.affiliateId, new Date())).total)).toBe(0);
    await expectReconciled([gamer.affiliateId]);
  });

  test('self-dealing and burst cases withdraw their own orders only; reconciled', async () => {
    const selfDealing = await caseOf('selfDealer');
    const res = await request(t.app)
      .post(`/api/risk/cases/${selfDealing.case_id}/confirm`)
      .set('Authorization', backoffice)
      .send({ note: 'His own shop' });
    expect(res.status).toBe(200);
    // 10 % of 800.00 + 1234.56 + 99.99.
    expect(res.body).toMatchObject({ withdrawnOrders: 3, withdrawnAmount: '213.46', deactivated: false });

    const burst = await caseOf('burster');
    const burstRes = await request(t.app)
      .post(`/api/risk/cases/${burst.case_id}/confirm`)
      .set('Authorization', admin)
      .send({ note: 'Thirty orders in one day from one shop' });
    // The thirty orders of the burst day, not the twenty-eight ordinary ones before it.
    expect(burstRes.body).toMatchObject({ withdrawnOrders: 30, withdrawnAmount: '2100.30' });
    const b = await affiliateBalances(ctx.db, planted.burster.affiliateId, new Date());
    expect(b.total).toBe('1960.00');
    await expectReconciled([planted.selfDealer.affiliateId, planted.burster.affiliateId]);
    expect(await unreconciledOrders(ctx.db)).toEqual([]);
  });

  test('an identity case names no orders: confirming withdraws nothing', async () => {
    const identity = await caseOf('identityB');
    const res = await request(t.app)
      .post(`/api/risk/cases/${identity.case_id}/confirm`)
      .set('Authorization', admin)
      .send({ note: 'Same person twice' });
    expect(res.body).toMatchObject({ withdrawnOrders: 0, withdrawnAmount: '0.00', deactivated: false });
  });

  test('all or nothing: a failure after the withdrawal leaves the case open and the ledger untouched', async () => {
    const rehoming = await caseOf('homeA');
    const { rows: entriesBefore } = await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM commission_entries',
    );
    // The note is written after the withdrawal: make the database refuse it.
    await ctx.db.query(`CREATE FUNCTION risk_test_refuse_note() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await ctx.db.query(`CREATE TRIGGER risk_test_refuse_note BEFORE INSERT ON risk_case_notes
      FOR EACH ROW EXECUTE FUNCTION risk_test_refuse_note()`);
    try {
      const res = await request(t.app)
        .post(`/api/risk/cases/${rehoming.case_id}/confirm`)
        .set('Authorization', admin)
        .send({ note: 'Moved the shop', deactivate: true });
      expect(res.status).toBe(500);
    } finally {
      await ctx.db.query('DROP TRIGGER risk_test_refuse_note ON risk_case_notes');
      await ctx.db.query('DROP FUNCTION risk_test_refuse_note()');
    }
    expect((await caseOf('homeA')).state).toBe('open');
    const { rows: after } = await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM commission_entries',
    );
    expect(after[0].n).toBe(entriesBefore[0].n);
    const { rows: withheld } = await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM risk_withheld_orders WHERE case_id = $1',
      [rehoming.case_id],
    );
    expect(withheld[0].n).toBe(0);
    const { rows: status } = await ctx.db.query<{ status: string }>(
      'SELECT status FROM affiliates WHERE affiliate_id = $1',
      [planted.homeA.affiliateId],
    );
    expect(status[0].status).toBe('KYC Complete');
  });

  test('two reviewers at once, one confirming and one dismissing: one outcome, withdrawn once', async () => {
    const rehoming = await caseOf('homeA');
    const [confirm, dismiss] = await Promise.all([
      request(t.app)
        .post(`/api/risk/cases/${rehoming.case_id}/confirm`)
        .set('Authorization', admin)
        .send({ note: 'Moved the shop' }),
      request(t.app)
        .post(`/api/risk/cases/${rehoming.case_id}/dismiss`)
        .set('Authorization', backoffice)
        .send({ reason: 'Shop sold, both fine' }),
    ]);
    expect([confirm.status, dismiss.status].sort()).toEqual([200, 409]);
    const loser = confirm.status === 409 ? confirm : dismiss;
    expect(loser.body).toEqual({ message: 'This case is already closed.' });
    const state = (await caseOf('homeA')).state;
    expect(state).toBe(confirm.status === 200 ? 'confirmed' : 'dismissed');
    const { rows } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM commission_entries WHERE affiliate_id = $1 AND kind IN ('reversal', 'clawback')`,
      [planted.homeA.affiliateId],
    );
    expect(rows[0].n).toBe(state === 'confirmed' ? 1 : 0);
    await expectReconciled([planted.homeA.affiliateId]);
  });
});

test('dismissing releases: the hold ends with the case, nothing moves', async () => {
  const held = async (name: string) => {
    const { rows } = await ctx.db.query<{ held: boolean }>('SELECT affiliate_risk_hold($1) AS held', [
      planted[name].affiliateId,
    ]);
    return rows[0].held;
  };
  expect(await held('accountA')).toBe(true);
  const account = await caseOf('accountA');
  const res = await request(t.app)
    .post(`/api/risk/cases/${account.case_id}/dismiss`)
    .set('Authorization', backoffice)
    .send({ reason: 'Husband and wife, one account, known' });
  expect(res.status).toBe(200);
  expect(await held('accountA')).toBe(false);
  expect(await held('accountB')).toBe(true);
  await expectReconciled([planted.accountA.affiliateId]);
});

// A held affiliate ineligible in a new run and paid after dismissal, and the lines held after the draft:
// payouts/__tests__/risk-holds.test.ts.

test('hostile input on confirm and dismiss: 4xx JSON { message }, nothing written', async () => {
  const open = await caseOf('mobileA');
  const path = `/api/risk/cases/${open.case_id}`;
  const bodies: unknown[] = [
    { note: 'ok', deactivate: 'yes' },
    { note: 'ok', deactivate: 1 },
    { note: 'x\u0000y' },
    { note: 'x'.repeat(1_000_001) },
    { note: 42 },
    { note: 'ok', extra: true },
    [],
    'note',
  ];
  for (const body of bodies) {
    const res = await request(t.app)
      .post(`${path}/confirm`)
      .set('Authorization', admin)
      .send(body as object);
    expect({ body, status: res.status >= 400 && res.status < 500 }).toEqual({ body, status: true });
    expect(typeof res.body.message).toBe('string');
  }
  for (const id of ['-1', '0', '1e3', '99999999999999999999', '9007199254740993'])
    expect(
      (
        await request(t.app)
          .post(`/api/risk/cases/${id}/confirm`)
          .set('Authorization', admin)
          .send({ note: 'ok' })
      ).status,
    ).toBe(404);
  const affiliate = await bearer(ctx, planted.mobileA.userId);
  expect(
    (await request(t.app).post(`${path}/confirm`).set('Authorization', affiliate).send({ note: 'mine' }))
      .status,
  ).toBe(403);
  expect((await caseOf('mobileA')).state).toBe('open');
});
