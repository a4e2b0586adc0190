import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import {
  bearer,
  createAffiliate,
  createStaffUser,
  type TestAffiliate,
} from '../../../../test-support/affiliate-fixtures';

let t: TestApp;
let mine: TestAffiliate;
let theirs: TestAffiliate;
let myToken: string;
let theirToken: string;

const STATUSES = ['Delivered', 'Completed', 'Pending', 'Processing', 'Rejected'] as const;
const MY_ORDERS = 60;

async function retailer(
  affiliateId: number,
  code: string,
  business: string,
  location: string,
): Promise<number> {
  const { rows } = await t.ctx.db.query<{ retailer_id: string | number }>(
    `INSERT INTO retailers (external_id, retailer_code, affiliate_id, business_name, fao_name, fao_mobile_no, cluster_manager, location)
     VALUES ($1, $1, $2, $3, $4, $5, 'Kunle Ade', $6) RETURNING retailer_id`,
    [
      code,
      affiliateId,
      business,
      `FAO of ${business}`,
      `80${code.replace(/\D/g, '').padStart(8, '0')}`,
      location,
    ],
  );
  return Number(rows[0].retailer_id);
}

beforeAll(async () => {
  t = await createTestApp();
  mine = await createAffiliate(t.ctx.db, {
    status: 'KYC Complete',
    passwordHash: 'x',
    fullName: 'Amaka Eze',
  });
  theirs = await createAffiliate(t.ctx.db, {
    status: 'KYC Complete',
    passwordHash: 'x',
    fullName: 'Bayo Ojo',
  });
  myToken = await bearer(t.ctx, mine.userId);
  theirToken = await bearer(t.ctx, theirs.userId);
  const shop = await retailer(mine.affiliateId, 'RET001', 'Mama Put Stores', 'Ikeja, Lagos');
  await retailer(mine.affiliateId, 'RET002', 'Chop Life Kiosk', 'Wuse, Abuja');
  await retailer(mine.affiliateId, 'RET003', 'Iya Basira Provisions', 'Yaba, Lagos');
  const theirShop = await retailer(theirs.affiliateId, 'RET900', 'Their Secret Shop', 'Kano');
  // 60 orders of mine, 12 a status, one a day from 2025-03-01 (newest last); 5 of theirs.
  await t.ctx.db.query(
    `INSERT INTO orders (external_id, order_code, retailer_id, affiliate_id, order_date, buyer_name, order_value,
                         product_category, status, fao_name, fao_mobile_no)
     SELECT 'EXT' || n, 'ORD' || lpad(n::text, 4, '0'), $1, $2, date '2025-03-01' + (n - 1), 'Buyer', 1000 + n * 10.5,
            'Beverages', ($3::text[])[1 + (n - 1) % 5], CASE WHEN n = 7 THEN 'Zainab Musa' ELSE 'Tunde Bello' END,
            '803000' || lpad(n::text, 4, '0')
       FROM generate_series(1, $4::int) AS n`,
    [shop, mine.affiliateId, STATUSES, MY_ORDERS],
  );
  await t.ctx.db.query(
    `INSERT INTO orders (external_id, order_code, retailer_id, affiliate_id, order_date, buyer_name, order_value,
                         product_category, status, fao_name, fao_mobile_no)
     SELECT 'XT' || n, 'THEIRS' || n, $1, $2, date '2025-03-10', 'Buyer', 99, 'Beverages', 'Delivered', 'Zainab Musa',
            '8039999999'
       FROM generate_series(1, 5) AS n`,
    [theirShop, theirs.affiliateId],
  );
});
afterAll(() => t.close());

const orders = (token: string, query: Record<string, string | number> = {}) =>
  request(t.app).get('/api/affiliate/myorder').query(query).set('Authorization', token);
const retailers = (token: string, query: Record<string, string | number> = {}) =>
  request(t.app).get('/api/affiliate/retiler-network').query(query).set('Authorization', token);

describe('GET affiliate/myorder', () => {
  it('answers the whole list of my orders as the spec shows without parameters, newest first', async () => {
    const res = await orders(myToken);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(MY_ORDERS);
    expect(res.body[0]).toEqual({
      orderId: 'ORD0060',
      orderDate: '2025-04-29',
      orderValue: 1630,
      faoName: 'Tunde Bello',
      faoMobileNo: '8030000060',
      status: 'Rejected',
    });
    expect(res.body.some((order: { orderId: string }) => order.orderId.startsWith('THEIRS'))).toBe(false);
  });

  it('pages with totalCount, pageNo and pageSize; pages do not overlap', async () => {
    const first = await orders(myToken, { page: 1, pageSize: 25 });
    const third = await orders(myToken, { page: 3, pageSize: 25 });
    expect(first.body).toMatchObject({ totalCount: MY_ORDERS, pageNo: 1, pageSize: 25 });
    expect(first.body.results).toHaveLength(25);
    expect(third.body.results).toHaveLength(10);
    expect(third.body.results.at(-1).orderId).toBe('ORD0001');
    const beyond = await orders(myToken, { page: 9 });
    expect(beyond.body).toMatchObject({ results: [], totalCount: MY_ORDERS, pageNo: 9, pageSize: 25 });
  });

  it('filters by status (any case, ALL for every one), date range and search', async () => {
    const pending = await orders(myToken, { page: 1, status: 'pending' });
    expect(pending.body.totalCount).toBe(12);
    expect(new Set(pending.body.results.map((order: { status: string }) => order.status))).toEqual(
      new Set(['Pending']),
    );
    expect((await orders(myToken, { page: 1, status: 'ALL' })).body.totalCount).toBe(MY_ORDERS);

    const march = await orders(myToken, {
      page: 1,
      pageSize: 100,
      fromDate: '2025-03-10',
      toDate: '2025-03-19',
    });
    expect(march.body.totalCount).toBe(10);
    expect(march.body.results[0].orderDate).toBe('2025-03-19');
    expect(march.body.results.at(-1).orderDate).toBe('2025-03-10');

    const both = await orders(myToken, { status: 'Delivered', fromDate: '2025-03-01', toDate: '2025-03-31' });
    expect(both.body.results.map((order: { orderId: string }) => order.orderId)).toEqual([
      'ORD0031',
      'ORD0026',
      'ORD0021',
      'ORD0016',
      'ORD0011',
      'ORD0006',
      'ORD0001',
    ]);

    const byName = await orders(myToken, { search: 'zainab' });
    expect(byName.body.results.map((order: { orderId: string }) => order.orderId)).toEqual(['ORD0007']);
    expect((await orders(myToken, { search: 'ord005' })).body.totalCount).toBe(10);
    expect((await orders(myToken, { search: '100%' })).body.totalCount).toBe(0);
  });

  it("never shows another affiliate's orders, whatever is searched", async () => {
    const theirsSeen = await orders(theirToken, { page: 1, pageSize: 100 });
    expect(theirsSeen.body.totalCount).toBe(5);
    const searched = await orders(myToken, { search: 'THEIRS' });
    expect(searched.body).toMatchObject({ results: [], totalCount: 0 });
    const withId = await orders(myToken, { page: 1, affiliateId: theirs.affiliateId } as never);
    expect(withId.body.totalCount).toBe(MY_ORDERS);
  });

  it('refuses bad parameters with 400 in its own words', async () => {
    for (const [query, message] of [
      [
        { status: 'Shipped' },
        'status must be ALL or one of: Delivered, Completed, Pending, Processing, Rejected.',
      ],
      [{ page: 0 }, 'Page must be a whole number of 1 or more.'],
      [{ pageSize: 1000 }, 'Page size must be a whole number from 1 to 100.'],
      [{ fromDate: '2025-02-30' }, 'Dates must be yyyy-MM-dd.'],
      [{ fromDate: '2025-04-01', toDate: '2025-03-01' }, 'From date must not be after to date.'],
    ] as const) {
      const res = await orders(myToken, query);
      expect({ query, status: res.status, message: res.body.message }).toEqual({
        query,
        status: 400,
        message,
      });
    }
  });
});

describe('GET affiliate/retiler-network', () => {
  it('answers the whole list of my retailers without parameters', async () => {
    const res = await retailers(myToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        retailerId: 'RET001',
        faoName: 'FAO of Mama Put Stores',
        faoMobileNo: '8000000001',
        clusterManager: 'Kunle Ade',
        businessName: 'Mama Put Stores',
        location: 'Ikeja, Lagos',
      },
      expect.objectContaining({ retailerId: 'RET002' }),
      expect.objectContaining({ retailerId: 'RET003' }),
    ]);
  });

  it('pages and searches by business name, location or retailer ID, only within my network', async () => {
    const page = await retailers(myToken, { page: 2, pageSize: 2 });
    expect(page.body).toMatchObject({ totalCount: 3, pageNo: 2, pageSize: 2 });
    expect(page.body.results.map((r: { retailerId: string }) => r.retailerId)).toEqual(['RET003']);
    const lagos = await retailers(myToken, { search: 'lagos' });
    expect(lagos.body.results.map((r: { retailerId: string }) => r.retailerId)).toEqual(['RET001', 'RET003']);
    expect((await retailers(myToken, { search: 'secret' })).body.totalCount).toBe(0);
    expect((await retailers(theirToken, { page: 1 })).body.results).toEqual([
      expect.objectContaining({ retailerId: 'RET900' }),
    ]);
  });
});

describe('who may call', () => {
  it('refuses staff and affiliates without the rights (403), and anyone signed out (401)', async () => {
    const admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
    const backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
    const rejected = await createAffiliate(t.ctx.db, { status: 'KYC Rejected', passwordHash: 'x' });
    const rejectedToken = await bearer(t.ctx, rejected.userId);
    for (const token of [admin, backoffice, rejectedToken]) {
      expect((await orders(token)).status).toBe(403);
      expect((await retailers(token)).status).toBe(403);
    }
    expect((await request(t.app).get('/api/affiliate/myorder')).status).toBe(401);
    expect((await request(t.app).get('/api/affiliate/retiler-network')).status).toBe(401);
  });
});
