import request from 'supertest';
import { AffiliateDashboard, ReportMessages } from '@portal/contracts';
import { workbookClass } from '../../../lib/excel-workbook';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import {
  bearer,
  createAffiliate,
  createStaffUser,
  type TestAffiliate,
} from '../../../../test-support/affiliate-fixtures';

const Workbook = workbookClass();

jest.setTimeout(60_000);

// Figures here are computed by hand from the rates and orders below (DESIGN §5, docs/decisions.md
// "Affiliate dashboard"), and the orders arrive through the retail platform's feed, as in production.
const KEY = 'affiliate-dashboard-test-integration-key-01';
const HELP_DESK = 'help@portal.example';
// Noon in Lagos on 15 June 2025.
const NOW = new Date('2025-06-15T11:00:00Z');

let t: TestApp;
let seller: TestAffiliate;
let sellerToken: string;
let other: TestAffiliate;
let otherToken: string;
let newcomerToken: string;

const feed = (path: 'retailers' | 'orders', body: object) =>
  request(t.app).post(`/api/integration/${path}`).set('X-API-Key', KEY).send(body);

const order = (
  n: number,
  retailer: string,
  orderDate: string,
  orderValue: string,
  status: string,
  productCategory = 'Beverages',
) => ({
  externalId: `AD-${n}`,
  retailerExternalId: retailer,
  orderDate,
  productCategory,
  orderValue,
  buyerName: `Buyer ${n}`,
  status,
});

const SELLER_ORDERS = [
  order(1, 'AD-R1', '2025-05-20', '2000.00', 'Delivered'), // 2.5% (May rate, minimum 1000 met) = 50.00
  order(2, 'AD-R1', '2025-05-21', '500.00', 'Completed'), // below the 1000 minimum: 0.00
  order(3, 'AD-R1', '2025-06-10', '1000.00', 'Completed'), // 5% (June rate, no minimum) = 50.00
  order(4, 'AD-R1', '2025-06-11', '3000.00', 'Pending'), // 5% = 150.00, projected only
  order(5, 'AD-R1', '2025-06-12', '4000.00', 'Rejected'), // earns nothing
  order(6, 'AD-R1', '2025-06-12', '700.00', 'Processing', 'Snacks'), // Snacks rate starts in July: 0.00
  order(7, 'AD-R1', '2025-06-13', '333.33', 'Delivered'), // 5% of 333.33 = 16.6665, rounded to 16.67
  order(8, 'AD-R1', '2025-07-02', '1234.56', 'Delivered'), // dated next month: 5% = 61.728 -> 61.73
];

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_API_KEY: KEY, HELP_DESK_EMAIL: HELP_DESK });
  t.advanceClock(NOW.getTime() - Date.now());
  seller = await createAffiliate(t.ctx.db, {
    fullName: 'Amaka Eze',
    status: 'KYC Complete',
    passwordHash: 'x',
  });
  other = await createAffiliate(t.ctx.db, {
    fullName: 'Tunde Bello',
    status: 'KYC Complete',
    passwordHash: 'x',
  });
  const newcomer = await createAffiliate(t.ctx.db, {
    fullName: 'New Comer',
    status: 'KYC Complete',
    passwordHash: 'x',
  });
  sellerToken = await bearer(t.ctx, seller.userId);
  otherToken = await bearer(t.ctx, other.userId);
  newcomerToken = await bearer(t.ctx, newcomer.userId);
  // The newcomer lives in Benin, where no notice is addressed.
  await t.ctx.db.query('UPDATE affiliates SET country_id = 3 WHERE affiliate_id = $1', [
    newcomer.affiliateId,
  ]);

  await t.ctx.db.query(
    `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, minimum_order_value, effective_date) VALUES
       ($1, 'Beverages', 2.5, 1000, '2025-01-01'),
       ($1, 'Beverages', 5, 0, '2025-06-01'),
       ($1, 'Snacks', 10, 0, '2025-07-01'),
       ($2, 'Beverages', 50, 0, '2025-01-01')`,
    [seller.affiliateCode, other.affiliateCode],
  );
  const shop = (externalId: string, affiliateCode: string) => ({
    externalId,
    affiliateCode,
    businessName: `Shop ${externalId}`,
    faoName: 'Ngozi Okafor',
    faoMobileNo: '08031234567',
    clusterManager: 'Bisi Adewale',
    location: 'Ikeja, Lagos',
  });
  expect(
    (
      await feed('retailers', {
        retailers: [shop('AD-R1', seller.affiliateCode), shop('AD-R2', other.affiliateCode)],
      })
    ).status,
  ).toBe(200);
  expect((await feed('orders', { orders: SELLER_ORDERS })).status).toBe(200);
  // The other affiliate's big orders (50%) must never show on the seller's dashboard or statement.
  expect(
    (
      await feed('orders', {
        orders: [
          order(100, 'AD-R2', '2025-06-05', '10000.00', 'Completed'),
          order(101, 'AD-R2', '2025-06-06', '80.00', 'Pending'),
        ],
      })
    ).status,
  ).toBe(200);

  await t.ctx.db.query(
    `INSERT INTO notifications (notification_id, title, message_text, created_at) VALUES
       (1, 'Older for Nigeria', '<p>old</p>', '2025-06-01T00:00:00Z'),
       (2, 'For Nigeria', '<p onclick="x()">Promo <b>now</b><script>alert(1)</script></p>', '2025-06-02T00:00:00Z'),
       (3, 'For Ghana', '<p>Ghana only</p>', '2025-06-03T00:00:00Z')`,
  );
  await t.ctx.db.query(
    `INSERT INTO notification_countries (notification_id, country_id) VALUES (1, 1), (2, 1), (3, 2)`,
  );
});
afterAll(() => t.close());

const dashboard = async (token: string) => {
  const res = await request(t.app).get('/api/user/dashboard').set('Authorization', token);
  expect(res.status).toBe(200);
  return AffiliateDashboard.parse(res.body);
};

const zeroMonths = (from: string[], to = '2025-06') =>
  from.concat(to).map((month) => ({ month, qualifiedCommission: '0.00', projectedCommission: '0.00' }));

test('figures by hand: MTD in Lagos, all-time projected and qualified, this month earned, counts; the newest notice, sanitised', async () => {
  const body = await dashboard(sellerToken);
  expect(body).toEqual({
    affiliateName: 'Amaka Eze',
    affiliateId: seller.affiliateCode,
    kycStatus: 'KYC Complete',
    notice: { title: 'For Nigeria', description: '<p>Promo <b>now</b></p>' },
    commission: {
      qualifiedOrdersMTD: '1333.33', // June's Delivered/Completed values: 1000.00 + 333.33
      projectedCommission: '328.40', // 50 + 0 + 50 + 150 + 0 + 16.67 + 61.73 (Rejected excluded)
      qualifiedCommission: '178.40', // 50 + 0 + 50 + 16.67 + 61.73
      monthlyCommission: '66.67', // June's qualified: 50 + 16.67
    },
    orders: { completeClosedOrders: 5, pendingProcessingOrders: 2 },
    helpDeskEmail: HELP_DESK,
    commissionByMonth: expect.any(Array),
  });
  // Twelve months ending with June, oldest first; the July order is in no bar yet.
  expect(body.commissionByMonth.map((m) => m.month)).toEqual([
    '2024-07',
    '2024-08',
    '2024-09',
    '2024-10',
    '2024-11',
    '2024-12',
    '2025-01',
    '2025-02',
    '2025-03',
    '2025-04',
    '2025-05',
    '2025-06',
  ]);
  expect(body.commissionByMonth.slice(-2)).toEqual([
    { month: '2025-05', qualifiedCommission: '50.00', projectedCommission: '50.00' },
    { month: '2025-06', qualifiedCommission: '66.67', projectedCommission: '216.67' },
  ]);
});

test('status changes from the feed move the figures in the same call', async () => {
  const moved = [
    { ...SELLER_ORDERS[3], status: 'Delivered' }, // 150.00 becomes qualified, this month
    { ...SELLER_ORDERS[2], status: 'Rejected' }, // 50.00 is lost from both
  ];
  expect((await feed('orders', { orders: moved })).body).toMatchObject({ updated: 2 });
  const body = await dashboard(sellerToken);
  expect(body.commission).toEqual({
    qualifiedOrdersMTD: '3333.33', // 3000.00 + 333.33
    projectedCommission: '278.40', // 328.40 - 50.00
    qualifiedCommission: '278.40', // 178.40 + 150.00 - 50.00
    monthlyCommission: '166.67', // 150.00 + 16.67
  });
  expect(body.orders).toEqual({ completeClosedOrders: 5, pendingProcessingOrders: 1 });
  // Back as they were for the tests below.
  expect((await feed('orders', { orders: [SELLER_ORDERS[3], SELLER_ORDERS[2]] })).body).toMatchObject({
    updated: 2,
  });
});

test("'this month' turns at midnight in Lagos, not UTC", async () => {
  // 23:30 UTC on 30 June is 00:30 on 1 July in Lagos: July's figures.
  const shift = new Date('2025-06-30T23:30:00Z').getTime() - NOW.getTime();
  t.advanceClock(shift);
  try {
    // A session of that later time (the one from noon on the 15th has expired by then).
    const body = await dashboard(await bearer(t.ctx, seller.userId));
    expect(body.commission.qualifiedOrdersMTD).toBe('1234.56');
    expect(body.commission.monthlyCommission).toBe('61.73');
    expect(body.commissionByMonth.at(-1)).toEqual({
      month: '2025-07',
      qualifiedCommission: '61.73',
      projectedCommission: '61.73',
    });
    expect(body.commissionByMonth[0].month).toBe('2024-08');
  } finally {
    t.advanceClock(-shift);
  }
});

test('another affiliate sees only its own figures; a new affiliate sees zeros and no notice', async () => {
  const theirs = await dashboard(otherToken);
  expect(theirs.commission).toEqual({
    qualifiedOrdersMTD: '10000.00',
    projectedCommission: '5040.00', // 50% of 10000.00 + 50% of 80.00
    qualifiedCommission: '5000.00',
    monthlyCommission: '5000.00',
  });
  expect(theirs.orders).toEqual({ completeClosedOrders: 1, pendingProcessingOrders: 1 });

  const fresh = await dashboard(newcomerToken);
  expect(fresh).toMatchObject({
    affiliateName: 'New Comer',
    notice: null,
    commission: {
      qualifiedOrdersMTD: '0.00',
      projectedCommission: '0.00',
      qualifiedCommission: '0.00',
      monthlyCommission: '0.00',
    },
    orders: { completeClosedOrders: 0, pendingProcessingOrders: 0 },
  });
  expect(fresh.commissionByMonth).toEqual(
    zeroMonths([
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
    ]),
  );
});

async function downloadSheet(excelPath: string, owner: string) {
  const res = await request(t.app)
    .get(excelPath)
    .set('Authorization', owner)
    .buffer(true)
    .parse((stream, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => callback(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/commission-statement-.+-2025-06\.xlsx/);
  const workbook = new Workbook();
  await workbook.xlsx.load(res.body as ArrayBuffer);
  return workbook.worksheets[0];
}

async function download(excelPath: string, owner: string): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  (await downloadSheet(excelPath, owner)).eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const statement = (token: string, month: string) =>
  request(t.app).get(`/api/report/commission-statement?month=${month}`).set('Authorization', token);

describe('monthly commission statement', () => {
  test("the caller's own orders of the month with what each earned, and the month's totals; the link works once", async () => {
    const res = await statement(sellerToken, '2025-06');
    expect(res.status).toBe(200);
    expect(res.body.excelPath).toMatch(/^\/api\/report\/download\?token=[\w-]{43}$/);
    const rows = await download(res.body.excelPath, sellerToken);
    expect(rows[0]).toEqual([
      'Sr No',
      'Order ID',
      'Order Date',
      'Retailer',
      'Product Category',
      'Order Value (NGN)',
      'Order Status',
      'Commission (NGN)',
      'Qualified Commission (NGN)',
    ]);
    expect(rows.slice(1).map((row) => [row[0], row[2], row[5], row[6], row[7], row[8]])).toEqual([
      [1, '2025-06-10', 1000, 'Completed', 50, 50],
      [2, '2025-06-11', 3000, 'Pending', 150, 0],
      [3, '2025-06-12', 4000, 'Rejected', 0, 0],
      [4, '2025-06-12', 700, 'Processing', 0, 0],
      [5, '2025-06-13', 333.33, 'Delivered', 16.67, 16.67],
      // Totals: commission = the chart's projected for June, qualified = Monthly Commission.
      [undefined, undefined, 9033.33, undefined, 216.67, 66.67],
    ]);
    expect(rows.at(-1)?.[1]).toBe('Total (5 orders)');
    expect((await request(t.app).get(res.body.excelPath).set('Authorization', sellerToken)).status).toBe(410);
  });

  test('amounts are money cells: numbers shown in naira with two decimals', async () => {
    const sheet = await downloadSheet((await statement(sellerToken, '2025-06')).body.excelPath, sellerToken);
    // Order Value, Commission and Qualified Commission, on the orders and on the totals line.
    for (const row of [2, 6, 7])
      for (const column of [6, 8, 9]) {
        expect(typeof sheet.getCell(row, column).value).toBe('number');
        expect(sheet.getCell(row, column).numFmt).toBe('"₦"#,##0.00');
      }
    expect(sheet.getCell(6, 6).value).toBe(333.33);
  });

  test("another affiliate's statement holds none of the seller's orders; an empty month is only its totals", async () => {
    const theirs = await download((await statement(otherToken, '2025-06')).body.excelPath, otherToken);
    expect(theirs.slice(1).map((row) => row[5])).toEqual([10000, 80, 10080]);
    const empty = await statement(newcomerToken, '2025-06');
    const rows = await download(empty.body.excelPath, newcomerToken);
    expect(rows.slice(1)).toEqual([
      [undefined, 'Total (0 orders)', undefined, undefined, undefined, 0, undefined, 0, 0],
    ]);
  });

  test('a month that is not yyyy-MM is refused with the message; staff have no statement', async () => {
    for (const month of ['2025-13', '2025-6', '1999-12', 'June', "2025-06'--"]) {
      const res = await statement(sellerToken, encodeURIComponent(month));
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(ReportMessages.invalidMonth);
    }
    const missing = await request(t.app)
      .get('/api/report/commission-statement')
      .set('Authorization', sellerToken);
    expect(missing.status).toBe(400);
    const admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
    expect((await statement(admin, '2025-06')).status).toBe(403);
  });
});
