import request from 'supertest';
import {
  ReturnWindowList,
  ReturnWindowMessages,
  SaveReturnWindowResponse,
  TextMessages,
} from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { ingestOrders, ingestRetailers } from '../../integration';

// Return windows per product category (issue 28): GET and POST master/commision/return-windows.

let t: TestApp;
let admin: string;
let adminId: number;
const PATH = '/api/master/commision/return-windows';

beforeAll(async () => {
  t = await createTestApp();
  adminId = await createStaffUser(t.ctx.db, 1, 'Ada Admin');
  admin = await bearer(t.ctx, adminId);
  await t.ctx.db.query(
    `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, minimum_order_value, effective_date)
     VALUES ('AFF-ANY', 'Beverages', 5, 0, '2026-01-01'), ('AFF-ANY', 'Snacks', 5, 0, '2026-01-01')`,
  );
});
afterAll(() => t?.close());

const save = (body: unknown, auth = admin) =>
  request(t.app)
    .post(PATH)
    .set('Authorization', auth)
    .send(body as object);

async function auditRows() {
  const { rows } = await t.ctx.db.query<{ entity_id: string; from_status: string; to_status: string }>(
    `SELECT entity_id, from_status, to_status FROM audit_log WHERE action = 'commission.return_window' ORDER BY audit_id`,
  );
  return rows;
}

test('lists the categories of the rates with the default window until one is set', async () => {
  const res = await request(t.app).get(PATH).set('Authorization', admin);
  expect(res.status).toBe(200);
  const list = ReturnWindowList.parse(res.body);
  expect(list.defaultDays).toBe(14);
  expect(list.results.filter((w) => ['Beverages', 'Snacks'].includes(w.productCategory))).toEqual([
    { productCategory: 'Beverages', returnDays: 14, isDefault: true, updatedAt: null, updatedBy: null },
    { productCategory: 'Snacks', returnDays: 14, isDefault: true, updatedAt: null, updatedBy: null },
  ]);
});

test('a change is saved and audited in Recent Activity; the same value again changes nothing', async () => {
  const res = await save({ productCategory: '  Beverages ', returnDays: 30 });
  expect(res.status).toBe(200);
  expect(SaveReturnWindowResponse.parse(res.body)).toMatchObject({
    message: "Return window of 'Beverages' set to 30 days.",
    changed: true,
    window: { productCategory: 'Beverages', returnDays: 30, isDefault: false, updatedBy: 'Ada Admin' },
  });
  const again = await save({ productCategory: 'Beverages', returnDays: 30 });
  expect(again.body).toMatchObject({
    changed: false,
    message: "Return window of 'Beverages' is already 30 days.",
  });
  // A category no rate names yet may be set ahead of its rates.
  expect((await save({ productCategory: 'Frozen Foods', returnDays: 0 })).body.message).toBe(
    "Return window of 'Frozen Foods' set to 0 days.",
  );
  expect(await auditRows()).toEqual([
    { entity_id: 'Beverages', from_status: '14 days', to_status: '30 days' },
    { entity_id: 'Frozen Foods', from_status: '14 days', to_status: '0 days' },
  ]);
  const backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
  const dashboard = await request(t.app).get('/api/user/dashboard').set('Authorization', backoffice);
  expect(dashboard.body.activities).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        title: 'Return window changed',
        description: "Return window of 'Beverages' (14 days → 30 days) by Ada Admin",
      }),
    ]),
  );
  const list = ReturnWindowList.parse((await request(t.app).get(PATH).set('Authorization', admin)).body);
  expect(list.results.map((w) => [w.productCategory, w.returnDays, w.isDefault])).toEqual(
    expect.arrayContaining([
      ['Beverages', 30, false],
      ['Frozen Foods', 0, false],
      ['Snacks', 14, true],
    ]),
  );
});

test('orders qualifying after the change are held for the new window', async () => {
  const affiliate = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
  await save({ productCategory: 'Snacks', returnDays: 7 });
  await t.ctx.db.transaction(async (tx) => {
    await ingestRetailers(tx, [
      {
        externalId: 'RW-R',
        affiliateCode: affiliate.affiliateCode,
        businessName: 'Shop',
        faoName: 'Fao',
        faoMobileNo: '08031000000',
        clusterManager: 'Bisi Adewale',
        location: 'Ikeja',
      },
    ]);
    await ingestOrders(tx, [
      {
        externalId: 'RW-O',
        retailerExternalId: 'RW-R',
        orderDate: '2026-05-01',
        productCategory: 'Snacks',
        orderValue: '100.00',
        buyerName: 'Ada Obi',
        status: 'Completed',
      },
    ]);
  });
  const { rows } = await t.ctx.db.query<{ days: number }>(
    `SELECT (extract(epoch FROM available_at - qualified_at) / 86400)::int AS days
       FROM commission_entries e JOIN orders o USING (order_id) WHERE o.external_id = 'RW-O'`,
  );
  expect(rows).toEqual([{ days: 7 }]);
});

test.each([
  ['no category', { returnDays: 10 }, ReturnWindowMessages.categoryRequired],
  ['a blank category', { productCategory: '   ', returnDays: 10 }, ReturnWindowMessages.categoryRequired],
  [
    '101 characters',
    { productCategory: 'x'.repeat(101), returnDays: 10 },
    ReturnWindowMessages.categoryTooLong,
  ],
  [
    '100k characters',
    { productCategory: 'x'.repeat(100_000), returnDays: 10 },
    ReturnWindowMessages.categoryTooLong,
  ],
  ['a NUL byte', { productCategory: 'Bev\u0000erages', returnDays: 10 }, TextMessages.controlCharacters],
  [
    'a number for the category',
    { productCategory: 42, returnDays: 10 },
    ReturnWindowMessages.categoryRequired,
  ],
  ['no days', { productCategory: 'Beverages' }, ReturnWindowMessages.daysRequired],
  ['null days', { productCategory: 'Beverages', returnDays: null }, ReturnWindowMessages.daysRequired],
  ['days as text', { productCategory: 'Beverages', returnDays: '30' }, ReturnWindowMessages.daysWhole],
  ['2.5 days', { productCategory: 'Beverages', returnDays: 2.5 }, ReturnWindowMessages.daysWhole],
  ['-1 days', { productCategory: 'Beverages', returnDays: -1 }, ReturnWindowMessages.daysRange],
  ['366 days', { productCategory: 'Beverages', returnDays: 366 }, ReturnWindowMessages.daysRange],
])('%s is refused with its message and changes nothing', async (_label, body, message) => {
  const before = await auditRows();
  const res = await save(body);
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(message);
  expect(await auditRows()).toEqual(before);
});

test('a 1 MB body is refused as too large, with a JSON message', async () => {
  const res = await save({ productCategory: 'x'.repeat(1_100_000), returnDays: 10 });
  expect(res.status).toBe(413);
  expect(typeof res.body.message).toBe('string');
});

test('1e400 (Infinity once parsed), an array or an object of days is not a whole number of days', async () => {
  for (const days of ['1e400', '[30]', '{"days":30}', 'true']) {
    const res = await request(t.app)
      .post(PATH)
      .set('Authorization', admin)
      .set('Content-Type', 'application/json')
      .send(`{"productCategory":"Beverages","returnDays":${days}}`);
    expect({ days, status: res.status, message: res.body.message }).toEqual({
      days,
      status: 400,
      message: ReturnWindowMessages.daysWhole,
    });
  }
});

test('the edges 0 and 365 are accepted', async () => {
  expect((await save({ productCategory: 'Edge', returnDays: 0 })).status).toBe(200);
  expect((await save({ productCategory: 'Edge', returnDays: 365 })).body.window.returnDays).toBe(365);
});

test('only uploadcommission_master may read or set windows', async () => {
  const backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
  const affiliate = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
  const asAffiliate = await bearer(t.ctx, affiliate.userId);
  for (const auth of [backoffice, asAffiliate]) {
    expect((await request(t.app).get(PATH).set('Authorization', auth)).status).toBe(403);
    expect((await save({ productCategory: 'Beverages', returnDays: 1 }, auth)).status).toBe(403);
  }
  expect((await request(t.app).post(PATH).send({ productCategory: 'Beverages', returnDays: 1 })).status).toBe(
    401,
  );
  const { rows } = await t.ctx.db.query<{ return_days: number }>(
    `SELECT return_days FROM product_category_return_windows WHERE product_category = 'Beverages'`,
  );
  expect(rows).toEqual([{ return_days: 30 }]);
});
