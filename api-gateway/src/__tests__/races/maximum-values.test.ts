import { INTEGRATION_BATCH_MAX } from '@portal/contracts';
import { createAffiliate, type TestAffiliate } from '../../../test-support/affiliate-fixtures';
import { affiliateCommissionTotals } from '../../modules/commission';
import { oneGateway, type RacePortal } from '../../../test-support/race-portals';

/**
 * Issue 25, item 5: orders at the largest value the API accepts, many of them in one affiliate's month. Every
 * batch is answered 2xx or 400 naming the item, never 5xx, and the summaries (affiliate_commission_months,
 * order_daily_counts) still add up to the orders, and the dashboards that read them still answer.
 */
jest.setTimeout(600_000);

const MAX_ORDER_VALUE = '999999999999.99';
// Ten batches fill one month to 9,999,999,999,999,900.00, the most numeric(18, 2) held; the summary
// overflowed in the eleventh (a 500).
const BATCHES = 12;

let portal: RacePortal;
let affiliate: TestAffiliate;

beforeAll(async () => {
  portal = await oneGateway();
  affiliate = await createAffiliate(portal.db, { status: 'KYC Complete' });
  const shop = {
    externalId: 'MAX-R1',
    affiliateCode: affiliate.affiliateCode,
    businessName: 'Big Shop',
    faoName: 'Ngozi Okafor',
    faoMobileNo: '08031234567',
    clusterManager: 'Bisi Adewale',
    location: 'Ikeja, Lagos',
  };
  expect((await portal.callers[0].ingest('retailers', [shop])).status).toBe(200);
  // 100 %: the commission is as large as the order.
  const upload = await portal.callers[0].uploadRates([
    [affiliate.affiliateCode, 100, 'Beverages', 0, '2026-01-01'],
  ]);
  expect(upload.status).toBe(200);
});
afterAll(() => portal?.close());

const count = async (sql: string) => Number((await portal.db.query<{ n: string | number }>(sql)).rows[0].n);

test('batches of maximum-value orders in one month: 2xx or 400 naming the item, never 5xx; summaries add up', async () => {
  for (let b = 0; b < BATCHES; b++) {
    const orders = Array.from({ length: INTEGRATION_BATCH_MAX }, (_, k) => ({
      externalId: `MAX-O${b * INTEGRATION_BATCH_MAX + k}`,
      retailerExternalId: 'MAX-R1',
      orderDate: '2026-10-15',
      productCategory: 'Beverages',
      orderValue: MAX_ORDER_VALUE,
      buyerName: 'Kemi Alade',
      status: 'Delivered',
    }));
    const res = await portal.callers[0].ingest('orders', orders);
    if (res.status === 400) {
      expect(Object.keys(res.body.errors as object)[0]).toMatch(/^orders\[\d+\]\.orderValue$/);
    } else {
      expect(res).toEqual({
        status: 200,
        body: { created: INTEGRATION_BATCH_MAX, updated: 0, unchanged: 0 },
      });
    }
  }

  const stored = await count('SELECT count(*) AS n FROM orders');
  expect(stored).toBe(BATCHES * INTEGRATION_BATCH_MAX);
  // The monthly summary holds exactly the sums of the stored orders.
  expect(
    await count(
      `SELECT count(*) AS n FROM (
         SELECT affiliate_id, date_trunc('month', order_date)::date AS month, count(*) AS q,
                sum(order_value) AS value, sum(commission_amount) AS commission
           FROM orders WHERE status IN ('Delivered', 'Completed') GROUP BY 1, 2) o
       FULL JOIN affiliate_commission_months m USING (affiliate_id, month)
      WHERE (o.q, o.value, o.commission, o.commission)
            IS DISTINCT FROM (m.qualified_orders, m.qualified_order_value, m.qualified_commission,
                              m.projected_commission)`,
    ),
  ).toBe(0);
  // What the affiliate dashboard reads: exact, to the kobo (12,000 orders of 999,999,999,999.99 at 100 %).
  expect(await affiliateCommissionTotals(portal.db, affiliate.affiliateId, '2026-10-01')).toMatchObject({
    qualifiedOrdersThisMonth: '11999999999999880.00',
    projectedCommission: '11999999999999880.00',
    qualifiedCommission: '11999999999999880.00',
    qualifiedOrders: stored,
  });
  expect(
    await count(
      `SELECT count(*) AS n FROM (SELECT order_date, status, count(*) AS total FROM orders GROUP BY 1, 2) o
        FULL JOIN (SELECT * FROM order_daily_counts WHERE total <> 0) d USING (order_date, status)
        WHERE o.total IS DISTINCT FROM d.total`,
    ),
  ).toBe(0);
});
