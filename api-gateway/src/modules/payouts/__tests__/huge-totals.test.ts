import request from 'supertest';
import {
  AffiliatePayoutsResponse,
  PAYOUT_LINE_MAX,
  PayoutIneligibleReasons,
  PayoutRunDetail,
  PayoutRunResponse,
  PayoutRunsPage,
  type IntegrationOrder,
} from '@portal/contracts';
import { businessDay } from '../../../lib/business-time';
import { ingestOrders } from '../../integration';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { fundedAffiliate, PAYOUT_CATEGORY } from '../../../../test-support/payout-fixtures';

// Issue 48 item 2: one affiliate's huge total never stops a run. Ingestion accepts orders up to
// 999,999,999,999.99; 1,002 of them earn more than numeric(16, 2) held (the run answered 500 for everyone, and
// the affiliate's Payouts page too). Now the run lists that affiliate ineligible with the reason and pays the
// others; every figure stays exact.

const LARGEST_ORDER = '999999999999.99';
const RUNS = '/api/admin/payouts/runs';
let t: TestApp;
let creator: string;
let approver: string;

beforeAll(async () => {
  t = await createTestApp();
  creator = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Ada Creator'));
  approver = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1, 'Bayo Approver'));
});
afterAll(() => t?.close());

const post = (path: string, auth: string, body: object = {}) =>
  request(t.app).post(path).set('Authorization', auth).send(body);

test('1,002 orders at the largest accepted value: the run is 2xx, that affiliate ineligible with the reason, the others paid', async () => {
  const huge = await fundedAffiliate(t.ctx.db, ['100.00']);
  const orders: IntegrationOrder[] = Array.from({ length: 1002 }, (_, i) => ({
    externalId: `HUGE-${huge.affiliateId}-${i}`,
    retailerExternalId: huge.retailer,
    orderDate: '2026-05-10',
    productCategory: PAYOUT_CATEGORY,
    orderValue: LARGEST_ORDER,
    buyerName: 'Kemi Alade',
    status: 'Delivered',
  }));
  for (let i = 0; i < orders.length; i += 501) {
    await t.ctx.db.transaction(async (tx) => {
      await tx.query("SELECT set_config('portal.ledger_now', $1, true)", [
        new Date(Date.now() - 30 * 86_400_000).toISOString(),
      ]);
      await ingestOrders(tx, orders.slice(i, i + 501));
    });
  }
  const others = [await fundedAffiliate(t.ctx.db, ['1500.00']), await fundedAffiliate(t.ctx.db, ['2500.50'])];
  const { rows } = await t.ctx.db.query<{ total: string; over: boolean }>(
    `SELECT sum(amount)::text AS total, sum(amount) > 99999999999999.99 AS over
       FROM commission_entries WHERE affiliate_id = $1`,
    [huge.affiliateId],
  );
  // More than numeric(16, 2) holds: what made every run 500.
  expect(rows[0].over).toBe(true);

  // The affiliate's own page answers, with the exact sum.
  const page = await request(t.app)
    .get('/api/affiliate/payouts')
    .set('Authorization', await bearer(t.ctx, huge.userId));
  expect(page.status).toBe(200);
  expect(AffiliatePayoutsResponse.parse(page.body).cards.available).toBe(rows[0].total);

  const created = await post(RUNS, creator, { cutoff: businessDay(new Date()) });
  expect(created.status).toBe(201);
  const runId = PayoutRunResponse.parse(created.body).run.runId;
  const detail = PayoutRunDetail.parse(
    (await request(t.app).get(`${RUNS}/${runId}?pageSize=100`).set('Authorization', creator)).body,
  );
  const lineOf = (code: string) => detail.lines.results.find((line) => line.affiliateCode === code);
  expect(lineOf(huge.affiliateCode)).toMatchObject({
    status: 'ineligible',
    reason: PayoutIneligibleReasons.tooLarge,
    gross: rows[0].total,
  });
  expect(Number(PAYOUT_LINE_MAX)).toBeLessThan(Number(rows[0].total));
  for (const other of others) expect(lineOf(other.affiliateCode)?.status).toBe('pending');
  expect(detail.run.totals).toMatchObject({ count: 2, gross: '4000.50' });

  expect((await post(`${RUNS}/${runId}/submit`, creator)).status).toBe(200);
  expect((await post(`${RUNS}/${runId}/approve`, approver)).status).toBe(200);
  for (const other of others) {
    const line = lineOf(other.affiliateCode)!;
    const marked = await post(`${RUNS}/${runId}/lines/${line.lineId}/mark`, approver, {
      status: 'paid',
      reason: 'Bank statement',
    });
    expect(marked.status).toBe(200);
  }
  const list = PayoutRunsPage.parse((await request(t.app).get(RUNS).set('Authorization', creator)).body);
  expect(list.results[0]).toMatchObject({ runId, status: 'completed', totals: { net: '4000.50' } });

  // A paying line above the most one payout pays is refused by the database too.
  await expect(
    t.ctx.db.query(
      `INSERT INTO payout_lines (affiliate_id, status, gross, net) VALUES ($1, 'pending', $2, $2)`,
      [huge.affiliateId, '1000000000000.00'],
    ),
  ).rejects.toThrow(/payout_lines_payable_at_most/);
  // And an amount finer than a kobo is never rounded away.
  await expect(
    t.ctx.db.query(
      `INSERT INTO payout_lines (affiliate_id, status, gross, net) VALUES ($1, 'ineligible', 1.005, 1.005)`,
      [huge.affiliateId],
    ),
  ).rejects.toThrow(/finer than a kobo/);
}, 240_000);
