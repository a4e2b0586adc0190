import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { IntegrationMessages } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import {
  bearer,
  createAffiliate,
  createStaffUser,
  type TestAffiliate,
} from '../../../../test-support/affiliate-fixtures';
import { createApiKey, revokeApiKey } from '../../../auth/api-keys';

jest.setTimeout(60_000);

const CONFIGURED_KEY = 'configured-integration-key-for-tests-0001';

let t: TestApp;
let affiliate: TestAffiliate;
let other: TestAffiliate;

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_API_KEY: CONFIGURED_KEY });
  affiliate = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
  other = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
});
afterAll(() => t.close());

/** `null` sends no X-API-Key header at all. */
const post = (path: 'retailers' | 'orders', body: unknown, key: string | null = CONFIGURED_KEY) => {
  const call = request(t.app).post(`/api/integration/${path}`);
  if (key !== null) call.set('X-API-Key', key);
  return call.send(body as object);
};

const retailer = (n: number, overrides: Record<string, unknown> = {}) => ({
  externalId: `R-${n}`,
  affiliateCode: affiliate.affiliateCode,
  businessName: `Shop ${n}`,
  faoName: `Fao ${n}`,
  faoMobileNo: `0803000${String(n).padStart(4, '0')}`,
  clusterManager: 'Bisi Adewale',
  location: 'Ikeja, Lagos',
  ...overrides,
});

const order = (n: number, overrides: Record<string, unknown> = {}) => ({
  externalId: `O-${n}`,
  retailerExternalId: 'R-1',
  orderDate: '2026-10-15',
  productCategory: 'Beverages',
  orderValue: '10000.00',
  buyerName: `Buyer ${n}`,
  status: 'Pending',
  ...overrides,
});

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.ctx.db.query<{ n: string | number }>(sql, params)).rows[0].n);

/** Summary tables recomputed from the orders; both must match what the triggers kept. */
async function summariesAgree(): Promise<void> {
  expect(
    await count(
      `SELECT count(*) AS n FROM (SELECT order_date, status, count(*) AS total FROM orders GROUP BY 1, 2) o
        FULL JOIN (SELECT * FROM order_daily_counts WHERE total <> 0) d USING (order_date, status)
        WHERE o.total IS DISTINCT FROM d.total`,
    ),
  ).toBe(0);
  expect(
    await count(
      `SELECT count(*) AS n FROM (
         SELECT affiliate_id, date_trunc('month', order_date)::date AS month,
                count(*) FILTER (WHERE status IN ('Delivered', 'Completed')) AS q,
                count(*) FILTER (WHERE status IN ('Pending', 'Processing')) AS open,
                coalesce(sum(commission_amount) FILTER (WHERE status <> 'Rejected'), 0) AS projected,
                coalesce(sum(commission_amount) FILTER (WHERE status IN ('Delivered', 'Completed')), 0) AS qualified
           FROM orders GROUP BY 1, 2) o
       FULL JOIN (SELECT * FROM affiliate_commission_months
                   WHERE qualified_orders <> 0 OR open_orders <> 0 OR projected_commission <> 0) m
         USING (affiliate_id, month)
       WHERE (o.q, o.open, o.projected, o.qualified)
             IS DISTINCT FROM (m.qualified_orders, m.open_orders, m.projected_commission, m.qualified_commission)`,
    ),
  ).toBe(0);
}

describe('the API key', () => {
  test.each([
    ['no key', null],
    ['an empty key', ''],
    ['a wrong key', 'not-the-key'],
    ['a 10 KB key', 'k'.repeat(10_000)],
  ])('%s: 401 with a JSON message, nothing stored', async (_label, key) => {
    for (const path of ['retailers', 'orders'] as const) {
      const res = await post(
        path,
        path === 'retailers' ? { retailers: [retailer(900)] } : { orders: [] },
        key,
      );
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: IntegrationMessages.unauthorized });
    }
    expect(await count(`SELECT count(*) AS n FROM retailers WHERE external_id = 'R-900'`)).toBe(0);
  });

  test("a user's bearer token is not a key, even an admin's, nor the key sent as a bearer token", async () => {
    const admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
    for (const authorization of [admin, `Bearer ${CONFIGURED_KEY}`]) {
      const res = await request(t.app)
        .post('/api/integration/retailers')
        .set('Authorization', authorization)
        .send({ retailers: [retailer(901)] });
      expect(res.status).toBe(401);
    }
    const tokenAsKey = await post('retailers', { retailers: [retailer(901)] }, admin.slice('Bearer '.length));
    expect(tokenAsKey.status).toBe(401);
  });

  test('a created key works, is stored only hashed, and stops working once revoked', async () => {
    const key = await createApiKey(t.ctx, 'retail-platform');
    expect(key).toMatch(/^apk_[A-Za-z0-9_-]{43}$/);
    expect(await count('SELECT count(*) AS n FROM integration_api_keys WHERE key_hash = $1', [key])).toBe(0);
    expect(
      await count(
        `SELECT count(*) AS n FROM integration_api_keys WHERE name = 'retail-platform' AND key_hash <> ''`,
      ),
    ).toBe(1);
    await expect(createApiKey(t.ctx, 'retail-platform')).rejects.toThrow(/revoke it first/);
    expect((await post('retailers', { retailers: [] }, key)).status).toBe(200);
    expect(await revokeApiKey(t.ctx, 'retail-platform')).toBe(true);
    expect((await post('retailers', { retailers: [] }, key)).status).toBe(401);
    expect(await revokeApiKey(t.ctx, 'retail-platform')).toBe(false);
  });
});

describe('retailers', () => {
  test('created, then the same batch again is unchanged, a changed one updated', async () => {
    const batch = [retailer(1), retailer(2), retailer(3)];
    expect((await post('retailers', { retailers: batch })).body).toEqual({
      created: 3,
      updated: 0,
      unchanged: 0,
    });
    expect((await post('retailers', { retailers: batch })).body).toEqual({
      created: 0,
      updated: 0,
      unchanged: 3,
    });
    const changed = [retailer(1), retailer(2, { location: 'Yaba, Lagos' }), retailer(4)];
    expect((await post('retailers', { retailers: changed })).body).toEqual({
      created: 1,
      updated: 1,
      unchanged: 1,
    });
    const { rows } = await t.ctx.db.query<{
      location: string;
      affiliate_id: string | number;
      retailer_code: string;
    }>(`SELECT location, affiliate_id, retailer_code FROM retailers WHERE external_id = 'R-2'`);
    expect(rows[0]).toMatchObject({ location: 'Yaba, Lagos', affiliate_id: affiliate.affiliateId });
    expect(rows[0].retailer_code).toMatch(/^RTL\d{7}$/);
  });

  test('an invalid batch is refused whole: 400, each item named by index and field, nothing stored', async () => {
    const before = await count('SELECT count(*) AS n FROM retailers');
    const res = await post('retailers', {
      retailers: [
        retailer(10),
        retailer(11, { businessName: '' }),
        retailer(12, { faoMobileNo: 12345 }),
        retailer(13, { location: 'x'.repeat(201) }),
        'not an object',
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      'retailers[1].businessName': IntegrationMessages.text('businessName', 200),
      'retailers[2].faoMobileNo': IntegrationMessages.text('faoMobileNo', 32),
      'retailers[3].location': IntegrationMessages.text('location', 200),
      'retailers[4]': IntegrationMessages.item,
    });
    expect(await count('SELECT count(*) AS n FROM retailers')).toBe(before);
  });

  test('unknown affiliates, duplicates in the batch (400) and a retailer changing affiliate (409) are refused whole', async () => {
    const before = await count('SELECT count(*) AS n FROM retailers');
    const duplicate = await post('retailers', { retailers: [retailer(20), retailer(21), retailer(20)] });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors).toEqual({
      'retailers[2].externalId': IntegrationMessages.duplicate('retailers[0]'),
    });
    const references = await post('retailers', {
      retailers: [retailer(22), retailer(23, { affiliateCode: 'AFF999999' }), retailer(24)],
    });
    expect(references.status).toBe(400);
    expect(references.body).toEqual({
      message: IntegrationMessages.invalidBatch(1, 'retailers'),
      errors: { 'retailers[1].affiliateCode': IntegrationMessages.unknownAffiliate },
    });
    // A retailer stored under another affiliate: a conflict with what is stored, 409.
    const changed = await post('retailers', {
      retailers: [retailer(25), retailer(1, { affiliateCode: other.affiliateCode })],
    });
    expect(changed.status).toBe(409);
    expect(changed.body).toEqual({
      message: IntegrationMessages.ownerConflict('retailers', ['R-1']),
      errors: { 'retailers[1].affiliateCode': IntegrationMessages.affiliateChanged },
    });
    expect(changed.body.message).toBe('Retailer R-1 belongs to another affiliate; nothing was stored.');
    expect(await count('SELECT count(*) AS n FROM retailers')).toBe(before);
    expect(
      await count(`SELECT count(*) AS n FROM retailers WHERE affiliate_id = $1`, [other.affiliateId]),
    ).toBe(0);
  });
});

describe('orders', () => {
  beforeAll(async () => {
    await t.ctx.db.query(
      `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, minimum_order_value, effective_date)
       VALUES ($1, 'Beverages', 2.5, 5000, '2026-01-01')`,
      [affiliate.affiliateCode],
    );
  });

  test("created with the retailer's affiliate and FAO and their commission; again unchanged; a change updates", async () => {
    const batch = [order(1), order(2, { retailerExternalId: 'R-2', status: 'Delivered' }), order(3)];
    expect((await post('orders', { orders: batch })).body).toEqual({ created: 3, updated: 0, unchanged: 0 });
    const { rows } = await t.ctx.db.query<Record<string, string | number>>(
      `SELECT affiliate_id, fao_name, commission_amount::text AS commission, order_code, status
         FROM orders WHERE external_id = 'O-2'`,
    );
    expect(rows[0]).toMatchObject({
      affiliate_id: affiliate.affiliateId,
      fao_name: 'Fao 2',
      commission: '250.00',
      status: 'Delivered',
    });
    expect(rows[0].order_code).toMatch(/^ORD\d{8}$/);
    await summariesAgree();

    expect((await post('orders', { orders: batch })).body).toEqual({ created: 0, updated: 0, unchanged: 3 });
    const changed = [
      order(1, { status: 'Completed' }),
      order(2, { retailerExternalId: 'R-2', status: 'Delivered' }),
      order(3, { orderValue: '20000.50' }),
      order(4),
    ];
    expect((await post('orders', { orders: changed })).body).toEqual({
      created: 1,
      updated: 2,
      unchanged: 1,
    });
    const amounts = await t.ctx.db.query<{ external_id: string; status: string; amount: string }>(
      `SELECT external_id, status, commission_amount::text AS amount FROM orders
        WHERE external_id IN ('O-1', 'O-3') ORDER BY external_id`,
    );
    expect(amounts.rows).toEqual([
      { external_id: 'O-1', status: 'Completed', amount: '250.00' },
      // 20,000.50 x 2.5% = 500.0125, rounded to kobo.
      { external_id: 'O-3', status: 'Pending', amount: '500.01' },
    ]);
    await summariesAgree();
  });

  test('the monthly summary and daily counts follow: Pending to Delivered moves money to qualified', async () => {
    const month = async () =>
      (
        await t.ctx.db.query<{
          q: string;
          p: string;
          qualified_orders: string | number;
          open_orders: string | number;
        }>(
          `SELECT qualified_commission::text AS q, projected_commission::text AS p, qualified_orders, open_orders
             FROM affiliate_commission_months WHERE affiliate_id = $1 AND month = '2026-10-01'`,
          [affiliate.affiliateId],
        )
      ).rows[0];
    // O-1 Completed 250, O-2 Delivered 250, O-3 Pending 500.01, O-4 Pending 250.
    expect(await month()).toEqual({ q: '500.00', p: '1250.01', qualified_orders: 2, open_orders: 2 });
    await post('orders', { orders: [order(4, { status: 'Delivered' })] });
    expect(await month()).toEqual({ q: '750.00', p: '1250.01', qualified_orders: 3, open_orders: 1 });
    await post('orders', { orders: [order(3, { status: 'Rejected' })] });
    expect(await month()).toEqual({ q: '750.00', p: '750.00', qualified_orders: 3, open_orders: 0 });
    expect(
      await count(
        `SELECT total AS n FROM order_daily_counts WHERE order_date = '2026-10-15' AND status = 'Rejected'`,
      ),
    ).toBe(1);
    await summariesAgree();
  });

  test('an invalid batch is refused whole with indexed errors per field; nothing stored', async () => {
    const before = await count('SELECT count(*) AS n FROM orders');
    const months = await count(
      'SELECT sum(projected_commission) * 100 AS n FROM affiliate_commission_months',
    );
    const res = await post('orders', {
      orders: [
        order(30),
        order(31, { orderValue: '12.345' }),
        order(32, { orderDate: '2026-02-30' }),
        order(33, { status: 'Shipped' }),
        order(34, { orderValue: 15000 }),
        order(35, { orderDate: '15/10/2026', buyerName: '' }),
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      'orders[1].orderValue': IntegrationMessages.orderValue,
      'orders[2].orderDate': IntegrationMessages.orderDate,
      'orders[3].status': IntegrationMessages.status,
      'orders[4].orderValue': IntegrationMessages.orderValue,
      'orders[5].orderDate': IntegrationMessages.orderDate,
      'orders[5].buyerName': IntegrationMessages.text('buyerName', 200),
    });
    expect(await count('SELECT count(*) AS n FROM orders')).toBe(before);
    expect(await count('SELECT sum(projected_commission) * 100 AS n FROM affiliate_commission_months')).toBe(
      months,
    );
  });

  test('an unknown retailer, a duplicate (400) and an order changing retailer (409) refuse the batch; nothing stored', async () => {
    const before = await count('SELECT count(*) AS n FROM orders');
    const res = await post('orders', {
      orders: [order(40), order(41, { retailerExternalId: 'R-404' }), order(43)],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: IntegrationMessages.invalidBatch(1, 'orders'),
      errors: { 'orders[1].retailerExternalId': IntegrationMessages.unknownRetailer },
    });
    const changed = await post('orders', {
      orders: [order(44), order(1, { retailerExternalId: 'R-3' }), order(2, { retailerExternalId: 'R-3' })],
    });
    expect(changed.status).toBe(409);
    expect(changed.body).toEqual({
      message: 'Orders O-1, O-2 belong to another retailer; nothing was stored.',
      errors: {
        'orders[1].retailerExternalId': IntegrationMessages.retailerChanged,
        'orders[2].retailerExternalId': IntegrationMessages.retailerChanged,
      },
    });
    const duplicate = await post('orders', { orders: [order(42), order(42, { status: 'Delivered' })] });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.errors).toEqual({
      'orders[1].externalId': IntegrationMessages.duplicate('orders[0]'),
    });
    expect(await count('SELECT count(*) AS n FROM orders')).toBe(before);
  });

  test('1,000 items in one call are fine; 1,001 are a 413, nothing stored', async () => {
    const thousand = Array.from({ length: 1_000 }, (_, i) =>
      order(10_000 + i, { buyerName: 'B'.repeat(200) }),
    );
    const ok = await post('orders', { orders: thousand });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ created: 1_000, updated: 0, unchanged: 0 });
    const tooMany = [...thousand, order(20_000)];
    const before = await count('SELECT count(*) AS n FROM orders');
    const res = await post('orders', { orders: tooMany });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: IntegrationMessages.tooManyItems('orders') });
    const retailers = await post('retailers', {
      retailers: Array.from({ length: 1_001 }, (_, i) => retailer(5_000 + i)),
    });
    expect(retailers.status).toBe(413);
    expect(await count('SELECT count(*) AS n FROM orders')).toBe(before);
    await summariesAgree();
  });

  test('a body over the size limit is a 413; NUL inside an item a 400', async () => {
    const huge = await post('orders', { orders: [order(50, { buyerName: 'x'.repeat(5_000_000) })] });
    expect(huge.status).toBe(413);
    const nul = await post('orders', { orders: [order(51, { buyerName: 'Ada\u0000' })] });
    expect(nul.status).toBe(400);
    expect(await count(`SELECT count(*) AS n FROM orders WHERE external_id IN ('O-50', 'O-51')`)).toBe(0);
  });
});

describe('invalid UTF-8 in the body', () => {
  /** The JSON text of a batch with `bytes` spliced into one of its strings in place of the marker `@@`. */
  const rawBody = (body: object, bytes: number[]) => {
    const [before, after] = JSON.stringify(body).split('@@');
    return Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);
  };
  // supertest would serialise a Buffer as JSON; the bytes go as they are through a listening server.
  let server: Server;
  beforeAll(() => new Promise<void>((resolve) => (server = t.app.listen(0, '127.0.0.1', () => resolve()))));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const postRaw = async (path: 'retailers' | 'orders', raw: Buffer) => {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/integration/${path}`, {
      method: 'POST',
      headers: { 'x-api-key': CONFIGURED_KEY, 'content-type': 'application/json' },
      body: raw,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  test.each([
    ['a lone continuation byte', [0x80]],
    ['a truncated sequence', [0xe2, 0x82]],
    ['an overlong encoding of "/"', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a byte never in UTF-8', [0xff]],
  ])('%s is refused with 400 naming the field; nothing stored', async (_label, bytes) => {
    const before = await count('SELECT count(*) AS n FROM orders');
    const res = await postRaw(
      'orders',
      rawBody({ orders: [order(60), order(61, { buyerName: 'Ada @@ Obi' })] }, bytes),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: IntegrationMessages.invalidUtf8('orders[1].buyerName'),
      errors: { 'orders[1].buyerName': IntegrationMessages.invalidUtf8Field },
    });
    expect(await count('SELECT count(*) AS n FROM orders')).toBe(before);
  });

  test('in a retailer, and in a key; valid text (even U+FFFD itself) is stored as sent', async () => {
    const retailers = await postRaw(
      'retailers',
      rawBody({ retailers: [retailer(70, { location: '@@' })] }, [0xfe]),
    );
    expect(retailers.body.errors).toEqual({ 'retailers[0].location': IntegrationMessages.invalidUtf8Field });
    const key = await postRaw('retailers', rawBody({ retailers: [{ '@@': 1 }] }, [0xc3]));
    expect(key.body.errors).toEqual({ 'retailers[0]': IntegrationMessages.invalidUtf8Field });
    const good = await postRaw(
      'retailers',
      rawBody(
        { retailers: [retailer(71, { location: 'Ọ̀yọ́ @@' })] },
        [0xef, 0xbf, 0xbd, 0xf0, 0x9f, 0x9b, 0x92],
      ),
    );
    expect(good.status).toBe(200);
    const { rows } = await t.ctx.db.query<{ location: string }>(
      `SELECT location FROM retailers WHERE external_id = 'R-71'`,
    );
    expect(rows[0].location).toBe('Ọ̀yọ́ \uFFFD\u{1F6D2}');
  });
});

test('the OpenAPI document describes the key: X-API-Key, 401, 400 with indexed errors, 409, 413, 429', async () => {
  const doc = (await request(t.app).get('/api/openapi.json')).body;
  expect(doc.components.securitySchemes.apiKeyAuth).toEqual({
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
  });
  for (const path of ['/integration/retailers', '/integration/orders']) {
    const operation = doc.paths[path].post;
    expect(operation.security).toEqual([{ apiKeyAuth: [] }]);
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400', '401', '409', '413', '429']);
  }
});
