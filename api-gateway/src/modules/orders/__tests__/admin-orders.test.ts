import request from 'supertest';
import type { AdminOrder, OrderStatus } from '@portal/contracts';
import {
  ADMIN_STATUS_OF,
  AdminOrderListResponse,
  OrderMessages,
  ORDER_STATUSES,
  storedStatusesOf,
} from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';

let t: TestApp;
let admin: string;
let backoffice: string;
let affiliate: string;

const STATUSES: OrderStatus[] = ['Pending', 'Processing', 'Delivered', 'Completed', 'Rejected'];
const ORDER_COUNT = 70;

interface Seeded {
  id: number;
  code: string;
  date: string;
  status: OrderStatus;
  value: string;
}
const seeded: Seeded[] = [];

const day = (n: number) => new Date(Date.UTC(2025, 2, 1 + n)).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.ctx.db;
  admin = await bearer(t.ctx, await createStaffUser(db, 1));
  backoffice = await bearer(t.ctx, await createStaffUser(db, 2));
  const owner = await createAffiliate(db, { status: 'KYC Complete' });
  affiliate = await bearer(t.ctx, owner.userId);
  const { rows } = await db.query<{ retailer_id: string | number }>(
    `INSERT INTO retailers (external_id, retailer_code, affiliate_id, business_name, fao_name, fao_mobile_no,
                            cluster_manager, location)
     VALUES ('T-R1', 'RTLT0001', $1, 'Mama Put Stores', 'Femi Ade', '08031234567', 'Bisi Adewale', 'Ikeja')
     RETURNING retailer_id`,
    [owner.affiliateId],
  );
  // Inserted out of date order, so the order of ids and of dates differ; 12 days, 5 or 6 orders a day.
  for (let i = 0; i < ORDER_COUNT; i++) {
    const order = {
      code: `ORDT${String(i + 1).padStart(5, '0')}`,
      date: day((i * 7) % 12),
      status: STATUSES[i % 5],
      value: (1000 + i * 250.5).toFixed(2),
    };
    const inserted = await db.query<{ order_id: string | number }>(
      `INSERT INTO orders (external_id, order_code, retailer_id, affiliate_id, order_date, buyer_name, order_value,
                           product_category, status, fao_name, fao_mobile_no)
       VALUES ($1, $1, $2, $3, $4, 'Kemi Alade', $5, 'Beverages', $6, 'Femi Ade', '08031234567')
       RETURNING order_id`,
      [order.code, rows[0].retailer_id, owner.affiliateId, order.date, order.value, order.status],
    );
    seeded.push({ ...order, id: Number(inserted.rows[0].order_id) });
  }
});
afterAll(() => t.close());

const get = (path: string, token = admin) => request(t.app).get(path).set('Authorization', token);

/** The answer worked out from the seeded rows: newest day first, then newest id. */
function expected(filter: { from?: string; to?: string; status?: 'pending' | 'completed' }) {
  return seeded
    .filter((o) => (!filter.from || o.date >= filter.from) && (!filter.to || o.date <= filter.to))
    .filter((o) => !filter.status || ADMIN_STATUS_OF[o.status] === filter.status)
    .sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1))
    .map((o) => o.code);
}

function cards(from?: string, to?: string) {
  const inRange = seeded.filter((o) => (!from || o.date >= from) && (!to || o.date <= to));
  const pending = inRange.filter((o) => ADMIN_STATUS_OF[o.status] === 'pending').length;
  return { totalOrders: inRange.length, pendingOrders: pending, completedOrders: inRange.length - pending };
}

const codes = (results: AdminOrder[]) => results.map((o) => o.orderID);

describe('GET admin/allorder', () => {
  test('first page of 25, newest first, with the total and the cards; rows as the spec names them', async () => {
    const res = await get('/api/admin/allorder');
    expect(res.status).toBe(200);
    const answer = AdminOrderListResponse.parse(res.body);
    expect(answer.data).toMatchObject({ totalCount: ORDER_COUNT, pageNo: 1, pageSize: 25 });
    expect(codes(answer.data.results)).toEqual(expected({}).slice(0, 25));
    expect(answer.orderCount).toEqual(cards());
    expect(answer.orderCount).toEqual({ totalOrders: 70, pendingOrders: 28, completedOrders: 42 });
    const first = seeded.find((o) => o.code === answer.data.results[0].orderID)!;
    expect(answer.data.results[0]).toEqual({
      orderID: first.code,
      orderDate: first.date,
      buyerName: 'Kemi Alade',
      totalAmount: Number(first.value),
      faoName: 'Femi Ade',
      faoMobileNo: '08031234567',
      status: ADMIN_STATUS_OF[first.status],
      orderStatus: first.status,
    });
  });

  test('pages forward to the last, partial page; a page past the end is empty with the totals', async () => {
    const all = expected({});
    for (const page of [1, 2, 3]) {
      const answer = AdminOrderListResponse.parse((await get(`/api/admin/allorder/${page}`)).body);
      expect(answer.data.pageNo).toBe(page);
      expect(codes(answer.data.results)).toEqual(all.slice((page - 1) * 25, page * 25));
    }
    for (const page of [4, 999999999]) {
      const past = AdminOrderListResponse.parse((await get(`/api/admin/allorder/${page}`)).body);
      expect(past.data).toEqual({ results: [], totalCount: 70, pageNo: page, pageSize: 25 });
      expect(past.orderCount).toEqual(cards());
    }
  });

  test.each([
    ['pending', 'pending'],
    ['completed', 'completed'],
    ['PENDING', 'pending'],
    ['ALL', undefined],
    ['all', undefined],
    ['', undefined],
  ] as const)('status=%s', async (query, status) => {
    const want = expected({ status });
    for (const page of [1, 2]) {
      const res = await get(`/api/admin/allorder/${page}?status=${query}`);
      const answer = AdminOrderListResponse.parse(res.body);
      expect(answer.data.totalCount).toBe(want.length);
      expect(codes(answer.data.results)).toEqual(want.slice((page - 1) * 25, page * 25));
      if (status) expect(answer.data.results.every((o) => o.status === status)).toBe(true);
      // The cards count the range whatever the status.
      expect(answer.orderCount).toEqual(cards());
    }
  });

  test('dates are inclusive business days, with the status too', async () => {
    const from = day(3);
    const to = day(6);
    const answer = AdminOrderListResponse.parse(
      (await get(`/api/admin/allorder?fromDate=${from}&toDate=${to}&status=completed`)).body,
    );
    const want = expected({ from, to, status: 'completed' });
    expect(want.length).toBeGreaterThan(0);
    expect(codes(answer.data.results)).toEqual(want.slice(0, 25));
    expect(answer.data.totalCount).toBe(want.length);
    expect(answer.orderCount).toEqual(cards(from, to));

    const oneDay = AdminOrderListResponse.parse(
      (await get(`/api/admin/allorder?fromDate=${day(5)}&toDate=${day(5)}`)).body,
    );
    expect(codes(oneDay.data.results)).toEqual(expected({ from: day(5), to: day(5) }));
    expect(oneDay.data.results.every((o) => o.orderDate === day(5))).toBe(true);

    const onlyFrom = AdminOrderListResponse.parse(
      (await get(`/api/admin/allorder/2?fromDate=${day(4)}`)).body,
    );
    expect(codes(onlyFrom.data.results)).toEqual(expected({ from: day(4) }).slice(25, 50));
    const onlyTo = AdminOrderListResponse.parse((await get(`/api/admin/allorder?toDate=${day(2)}`)).body);
    expect(codes(onlyTo.data.results)).toEqual(expected({ to: day(2) }));

    const none = AdminOrderListResponse.parse(
      (await get('/api/admin/allorder?fromDate=2030-01-01&toDate=2030-01-31')).body,
    );
    expect(none).toEqual({
      data: { results: [], totalCount: 0, pageNo: 1, pageSize: 25 },
      orderCount: { totalOrders: 0, pendingOrders: 0, completedOrders: 0 },
    });
  });

  test('a status change moves the order between the cards at once', async () => {
    const order = seeded.find((o) => o.status === 'Processing')!;
    await t.ctx.db.query(`UPDATE orders SET status = 'Delivered' WHERE order_id = $1`, [order.id]);
    try {
      const answer = AdminOrderListResponse.parse(
        (await get(`/api/admin/allorder?fromDate=${order.date}&toDate=${order.date}&status=pending`)).body,
      );
      expect(codes(answer.data.results)).not.toContain(order.code);
      const before = cards(order.date, order.date);
      expect(answer.orderCount).toEqual({
        ...before,
        pendingOrders: before.pendingOrders - 1,
        completedOrders: before.completedOrders + 1,
      });
    } finally {
      await t.ctx.db.query(`UPDATE orders SET status = 'Processing' WHERE order_id = $1`, [order.id]);
    }
  });

  test.each([
    ['fromDate=2025-13-01', OrderMessages.invalidDate],
    ['toDate=20250301', OrderMessages.invalidDate],
    ['fromDate=2025-02-30', OrderMessages.invalidDate],
    ['fromDate=1999-12-31', OrderMessages.dateOutOfRange],
    ['fromDate=2025-03-10&toDate=2025-03-01', OrderMessages.dateOrder],
    ['status=open', OrderMessages.invalidStatus],
    ['status=Delivered', OrderMessages.invalidStatus],
    ['status=pending&status=completed', OrderMessages.invalidStatus],
  ])('%s is a 400 with a message', async (query, message) => {
    for (const path of ['/api/admin/allorder', '/api/admin/allorder/2']) {
      const res = await get(`${path}?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  test.each(['0', '-1', 'abc', '1.5', '1e3', '9999999999'])('page %s is a 400', async (page) => {
    const res = await get(`/api/admin/allorder/${page}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(OrderMessages.invalidPage);
  });

  test('401 without a session; 403 for back office and affiliates', async () => {
    for (const path of ['/api/admin/allorder', '/api/admin/allorder/2']) {
      expect((await request(t.app).get(path)).status).toBe(401);
      expect((await get(path, backoffice)).status).toBe(403);
      expect((await get(path, affiliate)).status).toBe(403);
    }
  });

  test('the partial indexes of migration 011 hold the same status lists as ADMIN_STATUS_OF', async () => {
    for (const status of ['pending', 'completed'] as const) {
      const { rows } = await t.ctx.db.query<{ indexdef: string }>(
        'SELECT indexdef FROM pg_indexes WHERE indexname = $1 AND schemaname = current_schema()',
        [`orders_${status}_date_idx`],
      );
      const inIndex = ORDER_STATUSES.filter((stored) => rows[0].indexdef.includes(`'${stored}'`));
      expect(inIndex).toEqual(storedStatusesOf(status));
    }
  });
});
