import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { createAffiliate, type TestAffiliate } from '../../../../test-support/affiliate-fixtures';
import {
  affiliateCommissionTotals,
  recomputeCommissionForOrders,
  recomputeCommissionForRates,
} from '../index';

// DESIGN §5 with answers worked out by hand. Rates of affiliate A:
//   beverages1  Beverages  2.5 %  minimum  5,000   from 2026-03-01
//   beverages2  Beverages  3   %  minimum 10,000   from 2026-06-01
//   snacks      Snacks     5   %  minimum      0   from 2026-01-01
// and one for affiliate B (Beverages 10 % from 2020-01-01) that must never touch A's orders.

let t: TestApp;
let a: TestAffiliate;
let b: TestAffiliate;
/** Each rate row by its name here: its effective date, which (with the order's affiliate and category) names it. */
const rate: Record<string, string> = {};
const order: Record<string, number> = {};

async function addRate(
  name: string,
  affiliateCode: string,
  category: string,
  percent: string,
  minimum: string,
  from: string,
) {
  const { rows } = await t.ctx.db.query<{ effective_date: string }>(
    // An upload's row for a key already held replaces that rate (migration 015: one row per key).
    `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, minimum_order_value, effective_date)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (affiliate_code, product_category, effective_date)
     DO UPDATE SET rate_percent = EXCLUDED.rate_percent, minimum_order_value = EXCLUDED.minimum_order_value
     RETURNING to_char(effective_date, 'YYYY-MM-DD') AS effective_date`,
    [affiliateCode, category, percent, minimum, from],
  );
  rate[name] = rows[0].effective_date;
}

async function addOrder(
  name: string,
  who: TestAffiliate,
  retailerId: number,
  category: string,
  date: string,
  value: string,
  status: string,
) {
  const { rows } = await t.ctx.db.query<{ order_id: string }>(
    `INSERT INTO orders (external_id, order_code, retailer_id, affiliate_id, order_date, buyer_name, order_value,
                         product_category, status, fao_name, fao_mobile_no)
     VALUES ($1, $1, $2, $3, $4, 'Buyer', $5, $6, $7, 'Fao', '08030000000') RETURNING order_id`,
    [`engine-${name}`, retailerId, who.affiliateId, date, value, category, status],
  );
  order[name] = Number(rows[0].order_id);
}

async function stored(name: string): Promise<{ amount: string; rateDate: string | null }> {
  const { rows } = await t.ctx.db.query<{ amount: string; rate_date: string | null }>(
    `SELECT commission_amount::text AS amount, to_char(commission_rate_date, 'YYYY-MM-DD') AS rate_date
       FROM orders WHERE order_id = $1`,
    [order[name]],
  );
  return { amount: rows[0].amount, rateDate: rows[0].rate_date };
}

async function month(who: TestAffiliate, first: string) {
  const { rows } = await t.ctx.db.query<Record<string, string | number>>(
    `SELECT qualified_orders, open_orders, qualified_order_value::text AS qualified_value,
            qualified_commission::text AS qualified, projected_commission::text AS projected
       FROM affiliate_commission_months WHERE affiliate_id = $1 AND month = $2`,
    [who.affiliateId, first],
  );
  return rows[0];
}

const retailerFor = async (who: TestAffiliate, externalId: string) =>
  Number(
    (
      await t.ctx.db.query<{ retailer_id: string }>(
        `INSERT INTO retailers (external_id, retailer_code, affiliate_id, business_name, fao_name, fao_mobile_no,
                                cluster_manager, location)
         VALUES ($1, $1, $2, 'Shop', 'Fao', '08030000000', 'Manager', 'Ikeja') RETURNING retailer_id`,
        [externalId, who.affiliateId],
      )
    ).rows[0].retailer_id,
  );

beforeAll(async () => {
  t = await createTestApp();
  a = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
  b = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
  await addRate('beverages1', a.affiliateCode, 'Beverages', '2.5', '5000', '2026-03-01');
  await addRate('beverages2', a.affiliateCode, 'Beverages', '3', '10000', '2026-06-01');
  await addRate('snacks', a.affiliateCode, 'Snacks', '5', '0', '2026-01-01');
  await addRate('otherAffiliate', b.affiliateCode, 'Beverages', '10', '0', '2020-01-01');
  const shopA = await retailerFor(a, 'engine-shop-a');
  const shopB = await retailerFor(b, 'engine-shop-b');
  await addOrder('beforeAnyRate', a, shopA, 'Beverages', '2026-02-28', '20000.00', 'Delivered');
  await addOrder('onEffectiveDate', a, shopA, 'Beverages', '2026-03-01', '20000.00', 'Delivered');
  await addOrder('belowMinimum', a, shopA, 'Beverages', '2026-05-31', '4999.99', 'Delivered');
  await addOrder('belowNewMinimum', a, shopA, 'Beverages', '2026-06-01', '9999.99', 'Completed');
  await addOrder('afterNewRate', a, shopA, 'Beverages', '2026-06-02', '12345.67', 'Delivered');
  await addOrder('snacks', a, shopA, 'Snacks', '2026-05-01', '1000.10', 'Completed');
  await addOrder('rejected', a, shopA, 'Snacks', '2026-05-02', '8000.00', 'Rejected');
  await addOrder('noRateForCategory', a, shopA, 'Groceries', '2026-05-03', '50000.00', 'Delivered');
  await addOrder('pending', a, shopA, 'Beverages', '2026-06-10', '30000.00', 'Pending');
  await addOrder('otherAffiliate', b, shopB, 'Beverages', '2026-06-10', '1000.00', 'Delivered');
  // Inserted with no commission; the engine writes the 8 that gain an amount or a rate row (beforeAnyRate and
  // noRateForCategory keep 0 and no row).
  expect(await recomputeCommissionForOrders(t.ctx.db, Object.values(order))).toBe(8);
});
afterAll(() => t.close());

test('effective dates: before the first rate nothing, on its date and after it that rate', async () => {
  expect(await stored('beforeAnyRate')).toEqual({ amount: '0.00', rateDate: null });
  // 20,000 x 2.5 % = 500
  expect(await stored('onEffectiveDate')).toEqual({ amount: '500.00', rateDate: rate.beverages1 });
  // From 2026-06-01 the newer row: 12,345.67 x 3 % = 370.3701
  expect(await stored('afterNewRate')).toEqual({ amount: '370.37', rateDate: rate.beverages2 });
});

test('the minimum: a value below the minimum of the row that applies earns nothing (the row is still named)', async () => {
  expect(await stored('belowMinimum')).toEqual({ amount: '0.00', rateDate: rate.beverages1 });
  // On 2026-06-01 the 3 % row applies and its minimum is 10,000.
  expect(await stored('belowNewMinimum')).toEqual({ amount: '0.00', rateDate: rate.beverages2 });
});

test('two categories each take their own rate; a category without rates earns nothing', async () => {
  // 1,000.10 x 5 % = 50.005, rounded to kobo half away from zero.
  expect(await stored('snacks')).toEqual({ amount: '50.01', rateDate: rate.snacks });
  expect(await stored('noRateForCategory')).toEqual({ amount: '0.00', rateDate: null });
});

test('Rejected earns nothing; another affiliate earns by its own rates only', async () => {
  expect(await stored('rejected')).toEqual({ amount: '0.00', rateDate: rate.snacks });
  expect(await stored('otherAffiliate')).toEqual({ amount: '100.00', rateDate: rate.otherAffiliate });
});

test('the monthly summary holds the same money', async () => {
  expect(await month(a, '2026-02-01')).toEqual({
    qualified_orders: 1,
    open_orders: 0,
    qualified_value: '20000.00',
    qualified: '0.00',
    projected: '0.00',
  });
  // belowMinimum, snacks and noRateForCategory qualify; the rejected order counts nowhere.
  expect(await month(a, '2026-05-01')).toEqual({
    qualified_orders: 3,
    open_orders: 0,
    qualified_value: '56000.09',
    qualified: '50.01',
    projected: '50.01',
  });
  // 0 + 370.37 qualified; the pending 30,000 x 3 % = 900 only projected.
  expect(await month(a, '2026-06-01')).toEqual({
    qualified_orders: 2,
    open_orders: 1,
    qualified_value: '22345.66',
    qualified: '370.37',
    projected: '1270.37',
  });
  expect(await affiliateCommissionTotals(t.ctx.db, a.affiliateId, '2026-06-01')).toEqual({
    qualifiedOrdersThisMonth: '22345.66',
    projectedCommission: '1820.38',
    qualifiedCommission: '920.38',
    qualifiedCommissionThisMonth: '370.37',
    qualifiedOrders: 7,
    openOrders: 1,
  });
});

test('Pending to Delivered moves the money from projected only to qualified', async () => {
  await t.ctx.db.transaction(async (tx) => {
    await tx.query(`UPDATE orders SET status = 'Delivered' WHERE order_id = $1`, [order.pending]);
    // Same rate row, same amount: nothing for the engine to rewrite.
    expect(await recomputeCommissionForOrders(tx, [order.pending])).toBe(0);
  });
  expect(await month(a, '2026-06-01')).toEqual({
    qualified_orders: 3,
    open_orders: 0,
    qualified_value: '52345.66',
    qualified: '1270.37',
    projected: '1270.37',
  });
  expect(await affiliateCommissionTotals(t.ctx.db, a.affiliateId, '2026-06-01')).toMatchObject({
    projectedCommission: '1820.38',
    qualifiedCommission: '1820.38',
    qualifiedOrders: 8,
    openOrders: 0,
  });
});

test('a status change to Rejected takes the money out once recomputed', async () => {
  await t.ctx.db.transaction(async (tx) => {
    await tx.query(`UPDATE orders SET status = 'Rejected' WHERE order_id = $1`, [order.snacks]);
    expect(await recomputeCommissionForOrders(tx, [order.snacks])).toBe(1);
  });
  expect(await stored('snacks')).toEqual({ amount: '0.00', rateDate: rate.snacks });
  expect(await month(a, '2026-05-01')).toMatchObject({
    qualified_orders: 2,
    qualified: '0.00',
    projected: '0.00',
  });
  await t.ctx.db.transaction(async (tx) => {
    await tx.query(`UPDATE orders SET status = 'Completed' WHERE order_id = $1`, [order.snacks]);
    expect(await recomputeCommissionForOrders(tx, [order.snacks])).toBe(1);
  });
  expect(await month(a, '2026-05-01')).toMatchObject({
    qualified_orders: 3,
    qualified: '50.01',
    projected: '50.01',
  });
});

test('a backdated rate changes past orders from its date on, and only those', async () => {
  await addRate('backdated', a.affiliateCode, 'Beverages', '4', '0', '2026-02-01');
  await t.ctx.db.transaction(async (tx) => {
    // Only beforeAnyRate (2026-02-28) has no newer row: 20,000 x 4 % = 800. The rest keep their newer rows.
    expect(
      await recomputeCommissionForRates(tx, [
        { affiliateCode: a.affiliateCode, productCategory: 'Beverages', effectiveDate: '2026-02-01' },
      ]),
    ).toBe(1);
  });
  expect(await stored('beforeAnyRate')).toEqual({ amount: '800.00', rateDate: rate.backdated });
  expect(await stored('onEffectiveDate')).toEqual({ amount: '500.00', rateDate: rate.beverages1 });
  expect(await month(a, '2026-02-01')).toMatchObject({ qualified: '800.00', projected: '800.00' });
  expect(await stored('otherAffiliate')).toEqual({ amount: '100.00', rateDate: rate.otherAffiliate });
});

test('a newer upload replacing the rate of the same date: every order it applies to is recomputed', async () => {
  await addRate('sameDate', a.affiliateCode, 'Beverages', '2', '0', '2026-06-01');
  const changed = await recomputeCommissionForRates(t.ctx.db, [
    // A Date is read as its UTC calendar day; the later row for the same key adds nothing.
    {
      affiliateCode: a.affiliateCode,
      productCategory: 'Beverages',
      effectiveDate: new Date('2026-06-01T00:00:00Z'),
    },
    { affiliateCode: a.affiliateCode, productCategory: 'Beverages', effectiveDate: '2026-06-05' },
  ]);
  expect(changed).toBe(3);
  // 9,999.99 x 2 % = 199.9998; 12,345.67 x 2 % = 246.9134; 30,000 x 2 % = 600.
  expect(await stored('belowNewMinimum')).toEqual({ amount: '200.00', rateDate: rate.sameDate });
  expect(await stored('afterNewRate')).toEqual({ amount: '246.91', rateDate: rate.sameDate });
  expect(await stored('pending')).toEqual({ amount: '600.00', rateDate: rate.sameDate });
  expect(await month(a, '2026-06-01')).toMatchObject({ qualified: '1046.91', projected: '1046.91' });
  expect(await affiliateCommissionTotals(t.ctx.db, a.affiliateId, '2026-06-01')).toMatchObject({
    qualifiedCommission: '2396.92',
    projectedCommission: '2396.92',
  });
  // Nothing left to change: running it again writes nothing.
  expect(
    await recomputeCommissionForRates(t.ctx.db, [
      { affiliateCode: a.affiliateCode, productCategory: 'Beverages', effectiveDate: '2020-01-01' },
    ]),
  ).toBe(0);
  expect(await recomputeCommissionForRates(t.ctx.db, [])).toBe(0);
  expect(await recomputeCommissionForOrders(t.ctx.db, [])).toBe(0);
});
