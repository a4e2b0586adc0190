import request from 'supertest';
import type { AppContext } from '../../../context';
import { bearer, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import {
  addOrders,
  addRetailer,
  changeStatus,
  type Planted,
  riskAffiliate,
  setNumbers,
} from '../../../../test-support/risk-fixtures';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { raiseMarkedSignals, scanAllSignals } from '../risk-scan';

/**
 * Issue 49, the scenario: each planted pattern opens exactly one case (per affiliate it names) with its evidence,
 * raised by the data change itself (the marks), a clean control affiliate opens none, and scans after that open
 * nothing new. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */

let t: TestApp;
let ctx: AppContext;
const planted: Record<string, Planted> = {};

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

async function drainMarks() {
  while ((await raiseMarkedSignals(ctx)) > 0);
}

const daily = (days: number[], perDay: number, value: (i: number) => string) =>
  days.flatMap((daysAgo) =>
    Array.from({ length: perDay }, (_, i) => ({ daysAgo, value: value(daysAgo * 7 + i) })),
  );

beforeAll(async () => {
  t = await createTestApp();
  ctx = t.ctx;

  // Control: two retailers, two orders a day for five weeks, values spread well above the minimum, one return.
  const control = (planted.control = await riskAffiliate(ctx, { minimum: 100 }));
  await addRetailer(ctx, control);
  await addRetailer(ctx, control);
  const days = Array.from({ length: 35 }, (_, i) => i);
  const controlOrders = await addOrders(
    ctx,
    control,
    daily(days, 2, (i) => `${500 + ((i * 389) % 4000)}.00`).map((order, i) => ({
      ...order,
      retailer: control.retailers[i % 2],
    })),
  );
  await changeStatus(ctx, controlOrders.slice(0, 1), 'Rejected');

  // Self-dealing: the retailer's contact mobile is the affiliate's own.
  const selfDealer = (planted.selfDealer = await riskAffiliate(ctx));
  const { rows } = await ctx.db.query<{ mobile_number: string }>(
    'SELECT mobile_number FROM affiliates WHERE affiliate_id = $1',
    [selfDealer.affiliateId],
  );
  await addRetailer(ctx, selfDealer, { faoMobileNo: `0${rows[0].mobile_number}` });
  await addOrders(ctx, selfDealer, [{ daysAgo: 2, value: '800.00' }]);

  // One payout account on two affiliates.
  planted.accountA = await riskAffiliate(ctx, { accountNumber: '5550001111' });
  planted.accountB = await riskAffiliate(ctx, { accountNumber: '5550001111' });

  // One mobile on two affiliates.
  planted.mobileA = await riskAffiliate(ctx);
  planted.mobileB = await riskAffiliate(ctx);
  await ctx.db.query(
    'UPDATE affiliates SET mobile_number = (SELECT mobile_number FROM affiliates WHERE affiliate_id = $1) WHERE affiliate_id = $2',
    [planted.mobileA.affiliateId, planted.mobileB.affiliateId],
  );

  // Half of the orders that earned commission returned.
  const canceller = (planted.canceller = await riskAffiliate(ctx));
  await addRetailer(ctx, canceller);
  const earned = await addOrders(
    ctx,
    canceller,
    daily([3], 10, () => '900.00'),
  );
  await changeStatus(ctx, earned.slice(0, 5), 'Rejected');

  // A burst: one order a day for four weeks, then thirty in a day.
  const burster = (planted.burster = await riskAffiliate(ctx));
  await addRetailer(ctx, burster);
  await addOrders(ctx, burster, [
    ...daily(
      Array.from({ length: 28 }, (_, i) => 8 + i),
      1,
      () => '700.00',
    ),
    ...daily([1], 30, () => '700.00'),
  ]);

  // Twelve orders between the rate's minimum (1,000) and 5 % above it.
  const gamer = (planted.gamer = await riskAffiliate(ctx, { minimum: 1000 }));
  await addRetailer(ctx, gamer);
  await addOrders(
    ctx,
    gamer,
    Array.from({ length: 12 }, (_, i) => ({ daysAgo: 1 + i, value: `${1000 + i * 4}.00` })),
  );

  // The same shop (contact mobile) entered under two affiliates, orders on both sides.
  planted.homeA = await riskAffiliate(ctx);
  planted.homeB = await riskAffiliate(ctx);
  for (const side of [planted.homeA, planted.homeB]) {
    await addRetailer(ctx, side, { faoMobileNo: '07011112222' });
    await addOrders(ctx, side, [{ daysAgo: 4, value: '650.00' }]);
  }

  // Raised by the changes themselves.
  await drainMarks();
}, 120_000);

afterAll(() => t.close());

const EXPECTED: Record<string, string> = {
  selfDealer: 'selfDealing',
  accountA: 'sharedAccount',
  accountB: 'sharedAccount',
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
  const byAffiliate = new Map<number, CaseRow[]>();
  for (const row of opened)
    byAffiliate.set(row.affiliate_id, [...(byAffiliate.get(row.affiliate_id) ?? []), row]);

  expect(byAffiliate.get(planted.control.affiliateId)).toBeUndefined();
  for (const [name, kind] of Object.entries(EXPECTED)) {
    const found = byAffiliate.get(planted[name].affiliateId) ?? [];
    expect({ name, kinds: found.map((row) => row.kind) }).toEqual({ name, kinds: [kind] });
  }
  expect(opened).toHaveLength(Object.keys(EXPECTED).length);

  const of = (name: string) =>
    opened.find((row) => row.affiliate_id === planted[name].affiliateId) as CaseRow;
  expect(of('selfDealer').evidence.rows).toEqual([
    expect.objectContaining({
      type: 'retailer',
      matched: 'ownMobile',
      otherAffiliateId: planted.selfDealer.affiliateId,
    }),
  ]);
  expect(of('selfDealer').severity).toBe(3);
  expect(of('accountA').evidence.rows).toEqual([
    expect.objectContaining({ type: 'affiliate', affiliateId: planted.accountB.affiliateId }),
  ]);
  expect(of('mobileB').evidence.rows).toEqual([
    expect.objectContaining({ affiliateId: planted.mobileA.affiliateId }),
  ]);
  expect(of('canceller').evidence.rows).toHaveLength(5);
  expect(of('canceller').evidence.figures).toEqual(
    expect.objectContaining({ earnedOrders: 10, lostOrders: 5 }),
  );
  expect(of('burster').evidence.rows).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ type: 'burst', span: 'day', orders: 30, retailerId: null }),
      expect.objectContaining({ type: 'burst', span: 'day', orders: 30 }),
    ]),
  );
  expect(of('gamer').evidence.rows).toHaveLength(12);
  expect(of('homeA').evidence.rows).toEqual([
    expect.objectContaining({ matched: 'sameContact', otherAffiliateId: planted.homeB.affiliateId }),
  ]);
  // Every opened case is in the affiliate's history.
  const { rows: audits } = await ctx.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM audit_log WHERE action = 'risk.case_opened' AND entity_type = 'affiliate'",
  );
  expect(audits[0].n).toBe(opened.length);
});

test('the scan finds the same evidence and opens nothing new, twice', async () => {
  const before = await cases();
  expect(await scanAllSignals(ctx)).toEqual({ opened: 0, refreshed: 0 });
  expect(await scanAllSignals(ctx)).toEqual({ opened: 0, refreshed: 0 });
  expect(await cases()).toEqual(before);
});

test("an account changed later to another affiliate's raises a case on it, and refreshes the open ones", async () => {
  const changer = await riskAffiliate(ctx);
  await drainMarks();
  expect((await cases()).filter((row) => row.affiliate_id === changer.affiliateId)).toEqual([]);

  await setNumbers(ctx, changer.affiliateId, { ninOrBVN: '39999999999', accountNumber: '5550001111' });
  await drainMarks();
  const after = await cases();
  expect(after.filter((row) => row.affiliate_id === changer.affiliateId).map((row) => row.kind)).toEqual([
    'sharedAccount',
  ]);
  const accountA = after.filter((row) => row.affiliate_id === planted.accountA.affiliateId);
  expect(accountA).toHaveLength(1);
  expect(accountA[0].evidence.rows.map((row) => row.affiliateId)).toEqual([
    planted.accountB.affiliateId,
    changer.affiliateId,
  ]);
  expect(await scanAllSignals(ctx)).toEqual({ opened: 0, refreshed: 0 });
});

describe('the review queue', () => {
  let backoffice: string;
  let admin: string;
  const caseOf = async (name: string) =>
    (await cases()).find(
      (row) => row.affiliate_id === planted[name].affiliateId && row.state === 'open',
    ) as CaseRow;

  beforeAll(async () => {
    backoffice = await bearer(ctx, await createStaffUser(ctx.db, 2));
    admin = await bearer(ctx, await createStaffUser(ctx.db, 1));
  });

  test('lists open cases by severity then age, with the affiliate', async () => {
    const res = await request(t.app).get('/api/risk/cases').set('Authorization', backoffice);
    expect(res.status).toBe(200);
    const severities = res.body.results.map((row: { severity: number }) => row.severity);
    expect(severities).toEqual([...severities].sort((a, b) => b - a));
    expect(res.body.totalCount).toBe(11);
    expect(res.body.results[0]).toEqual(
      expect.objectContaining({ state: 'open', affiliateCode: expect.stringMatching(/^AFF/) }),
    );
  });

  test('a case shows masked numbers, the ledger and recent orders', async () => {
    const selfDealing = await caseOf('selfDealer');
    const res = await request(t.app)
      .get(`/api/risk/cases/${selfDealing.case_id}`)
      .set('Authorization', backoffice);
    expect(res.status).toBe(200);
    expect(res.body.evidence.rows[0].faoMobile).toMatch(/^•+\d{3}$/);
    expect(res.body.evidence.rows[0].otherAccountNumber).toMatch(/^•+\d{3}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/\d{10}/);
    expect(res.body.recentOrders).toHaveLength(1);
    expect(res.body.ledger).toEqual(expect.objectContaining({ earned: '80.00', total: '80.00' }));
  });

  test('dismiss with a reason closes it once, is audited, and the same evidence does not reopen it', async () => {
    const selfDealing = await caseOf('selfDealer');
    const path = `/api/risk/cases/${selfDealing.case_id}/dismiss`;
    expect(
      (await request(t.app).post(path).set('Authorization', backoffice).send({ reason: '  ' })).status,
    ).toBe(400);
    const res = await request(t.app)
      .post(path)
      .set('Authorization', backoffice)
      .send({ reason: 'Family shop, known' });
    expect(res.status).toBe(200);
    expect(
      (await request(t.app).post(path).set('Authorization', backoffice).send({ reason: 'again' })).status,
    ).toBe(409);
    expect(await scanAllSignals(ctx)).toEqual({ opened: 0, refreshed: 0 });
    const { rows } = await ctx.db.query<{ action: string; remark: string }>(
      `SELECT action, remark FROM audit_log WHERE entity_type = 'affiliate' AND entity_id = $1 AND action LIKE 'risk.%'
        ORDER BY audit_id`,
      [String(planted.selfDealer.affiliateId)],
    );
    expect(rows.map((row) => row.action)).toEqual(['risk.case_opened', 'risk.case_dismissed']);
    expect(rows[1].remark).toBe('Family shop, known');
  });

  test('confirm and note are audited; other roles and ids are refused', async () => {
    const cancellations = await caseOf('canceller');
    const base = `/api/risk/cases/${cancellations.case_id}`;
    expect(
      (
        await request(t.app)
          .post(`${base}/notes`)
          .set('Authorization', admin)
          .send({ note: 'Called the shop' })
      ).status,
    ).toBe(201);
    expect(
      (
        await request(t.app)
          .post(`${base}/confirm`)
          .set('Authorization', admin)
          .send({ note: 'Ghost orders' })
      ).status,
    ).toBe(200);
    const detail = await request(t.app).get(base).set('Authorization', admin);
    expect(detail.body.case.state).toBe('confirmed');
    expect(detail.body.history.map((h: { action: string }) => h.action)).toEqual([
      'risk.case_opened',
      'risk.case_noted',
      'risk.case_confirmed',
    ]);
    const affiliate = await bearer(ctx, planted.canceller.userId);
    expect((await request(t.app).get('/api/risk/cases').set('Authorization', affiliate)).status).toBe(403);
    for (const id of ['abc', '0', '99999999999999999999', '999999']) {
      expect((await request(t.app).get(`/api/risk/cases/${id}`).set('Authorization', admin)).status).toBe(
        404,
      );
    }
  });

  test('thresholds are changed by admins only, audited', async () => {
    expect(
      (
        await request(t.app)
          .post('/api/risk/settings')
          .set('Authorization', backoffice)
          .send({ burstFactor: 9 })
      ).status,
    ).toBe(403);
    expect(
      (await request(t.app).post('/api/risk/settings').set('Authorization', admin).send({ burstFactor: -1 }))
        .status,
    ).toBe(400);
    expect(
      (await request(t.app).post('/api/risk/settings').set('Authorization', admin).send({ nope: 1 })).status,
    ).toBe(400);
    const res = await request(t.app)
      .post('/api/risk/settings')
      .set('Authorization', admin)
      .send({ burstFactor: 9 });
    expect(res.status).toBe(200);
    expect(res.body.settings.burstFactor).toBe(9);
    const { rows } = await ctx.db.query<{ details: unknown }>(
      "SELECT details FROM audit_log WHERE action = 'risk.settings'",
    );
    expect(rows.map((row) => row.details)).toEqual([
      { before: { burstFactor: 5 }, after: { burstFactor: 9 } },
    ]);
  });
});
