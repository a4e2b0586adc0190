import request from 'supertest';
import { AdminDashboard, BackofficeDashboard } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { recordAudit } from '../../audit/audit-log';
import {
  bearer,
  createAffiliate,
  createStaffUser,
  type TestAffiliate,
} from '../../../../test-support/affiliate-fixtures';
import { activityOn, businessTimestamp, startOfBusinessDay } from '../../../lib/business-time';
import { growthPercent } from '../dashboard-queries';

let t: TestApp;
let admin: string;
let backoffice: string;
let adminUserId: number;
let seller: TestAffiliate;
// The app's clock stands at noon in Lagos on 15 June 2025.
const NOW = new Date('2025-06-15T11:00:00Z');

async function order(
  affiliateId: number,
  retailerId: number,
  n: number,
  value: string,
  date: string,
  status: string,
  category: string,
) {
  await t.ctx.db.query(
    `INSERT INTO orders (external_id, order_code, retailer_id, affiliate_id, order_date, buyer_name, order_value,
                         product_category, status, fao_name, fao_mobile_no)
     VALUES ($1, $1, $2, $3, $4, 'Buyer', $5, $6, $7, 'FAO', '8030000000')`,
    [`ORD-${n}`, retailerId, affiliateId, date, value, category, status],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  t.advanceClock(NOW.getTime() - Date.now());
  adminUserId = await createStaffUser(t.ctx.db, 1);
  admin = await bearer(t.ctx, adminUserId);
  backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
  seller = await createAffiliate(t.ctx.db, {
    fullName: 'Amaka Eze',
    status: 'KYC Complete',
    passwordHash: 'x',
    firstDecisionAt: NOW,
    createdDate: new Date('2025-06-02T09:00:00Z'),
  });
  await bearer(t.ctx, seller.userId); // the affiliate's live session: three in all with the staff's two
  // Registrations: 3 in June (seller + 2), 2 in May, 1 in April.
  await createAffiliate(t.ctx.db, { status: 'KYC Pending', createdDate: new Date('2025-06-10T09:00:00Z') });
  await createAffiliate(t.ctx.db, { status: 'KYC Pending', createdDate: new Date('2025-05-31T23:30:00Z') }); // 1 June in Lagos
  await createAffiliate(t.ctx.db, { status: 'KYC Rejected', createdDate: new Date('2025-05-31T22:30:00Z') }); // 31 May in Lagos
  await createAffiliate(t.ctx.db, { status: 'Inactive', createdDate: new Date('2025-05-03T09:00:00Z') });
  await createAffiliate(t.ctx.db, { status: 'KYC Complete', createdDate: new Date('2025-04-03T09:00:00Z') });

  // Sessions: three live (above), one revoked, one expired.
  await bearer(t.ctx, adminUserId);
  await t.ctx.db.query(
    `UPDATE sessions SET revoked_at = $1 WHERE session_id = (SELECT session_id FROM sessions ORDER BY created_at DESC LIMIT 1)`,
    [NOW],
  );
  await t.ctx.db.query(
    `INSERT INTO sessions (session_id, user_id, created_at, expires_at) VALUES (gen_random_uuid(), $1, $2, $3)`,
    [adminUserId, new Date('2025-06-14T00:00:00Z'), new Date('2025-06-14T08:00:00Z')],
  );

  const retailer = await t.ctx.db.query<{ retailer_id: string | number }>(
    `INSERT INTO retailers (external_id, retailer_code, affiliate_id, business_name, fao_name, fao_mobile_no, cluster_manager, location)
     VALUES ('R-1', 'RET1', $1, 'Shop', 'FAO', '8030000000', 'CM', 'Lagos') RETURNING retailer_id`,
    [seller.affiliateId],
  );
  const retailerId = Number(retailer.rows[0].retailer_id);
  await t.ctx.db.query(
    `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, minimum_order_value, effective_date) VALUES
       ($1, 'Beverages', 2.5, 1000, '2025-01-01'),
       ($1, 'Beverages', 5, 0, '2025-06-01'),
       ($1, 'Snacks', 10, 0, '2025-07-01'),
       ('AFF-SOMEONE-ELSE', 'Snacks', 50, 0, '2025-01-01')`,
    [seller.affiliateCode],
  );
  await order(seller.affiliateId, retailerId, 1, '2000.00', '2025-05-20', 'Delivered', 'Beverages'); // 2.5% = 50.00
  await order(seller.affiliateId, retailerId, 2, '500.00', '2025-05-21', 'Completed', 'Beverages'); // below minimum
  await order(seller.affiliateId, retailerId, 3, '1000.00', '2025-06-10', 'Completed', 'Beverages'); // 5% = 50.00
  await order(seller.affiliateId, retailerId, 4, '3000.00', '2025-06-11', 'Pending', 'Beverages'); // 150.00 projected
  await order(seller.affiliateId, retailerId, 5, '4000.00', '2025-06-12', 'Rejected', 'Beverages'); // never counts
  await order(seller.affiliateId, retailerId, 6, '700.00', '2025-06-12', 'Processing', 'Snacks'); // no rate yet
  await order(seller.affiliateId, retailerId, 7, '333.33', '2025-06-13', 'Delivered', 'Beverages'); // 16.67

  await t.ctx.db.query(
    `INSERT INTO notifications (notification_id, title, message_text, created_at) VALUES
       (1, 'For everyone', '<p>Hello all</p>', '2025-06-01T00:00:00Z'),
       (2, 'For Nigeria', '<p onclick="x()">Promo <b>now</b><script>alert(1)</script></p>', '2025-06-02T00:00:00Z'),
       (3, 'For Ghana', '<p>Ghana only</p>', '2025-06-03T00:00:00Z')`,
  );
  await t.ctx.db.query(
    `INSERT INTO notification_countries (notification_id, country_id) VALUES (1, 0), (2, 1), (3, 2)`,
  );
});
afterAll(() => t.close());

const dashboard = (token: string) => request(t.app).get('/api/user/dashboard').set('Authorization', token);

test('back office: applications, KYC completed, live sessions and recent activity', async () => {
  const pending = await createAffiliate(t.ctx.db, {
    fullName: 'Bisi Ade',
    status: 'KYC Pending',
    createdDate: new Date('2025-06-01T09:00:00Z'),
  });
  await recordAudit(t.ctx.db, {
    actorUserId: adminUserId,
    action: 'affiliate.reject',
    entityType: 'affiliate',
    entityId: pending.affiliateId,
    fromStatus: 'KYC Pending',
    toStatus: 'KYC Rejected',
    remark: 'Blurred selfie',
    at: new Date('2025-06-12T10:00:00Z'),
  });
  await recordAudit(t.ctx.db, {
    actorUserId: adminUserId,
    action: 'affiliate.approve',
    entityType: 'affiliate',
    entityId: seller.affiliateId,
    fromStatus: 'KYC Pending',
    toStatus: 'KYC Complete',
    at: new Date('2025-06-14T22:30:00Z'), // 23:30 on the 14th in Lagos: yesterday
  });
  await recordAudit(t.ctx.db, {
    actorUserId: null,
    action: 'user.create',
    entityType: 'user',
    entityId: 42,
    at: new Date('2025-06-14T23:30:00Z'), // 00:30 on the 15th in Lagos: today
  });

  const res = await dashboard(backoffice);
  expect(res.status).toBe(200);
  const body = BackofficeDashboard.parse(res.body);
  expect(body.applications).toEqual({ pending: 3, active: 2, total: 7 });
  expect(body.systemOverview).toEqual({ totalUsers: 2, activeSessions: 3 });
  expect(body.activities).toEqual([
    { title: 'User created', description: 'user 42', activityOn: 'Today' },
    {
      title: 'KYC approved',
      description: `${seller.affiliateCode} Amaka Eze (KYC Pending → KYC Complete) by Ada Admin`,
      activityOn: 'Yesterday',
    },
    {
      title: 'KYC rejected',
      description: `${pending.affiliateCode} Bisi Ade (KYC Pending → KYC Rejected) by Ada Admin: Blurred selfie`,
      activityOn: '2025-06-12',
    },
  ]);
});

test('admin: totals, growth of registrations against last month, orders and retailers', async () => {
  const res = await dashboard(admin);
  expect(res.status).toBe(200);
  const body = AdminDashboard.parse(res.body);
  const june = 4; // seller, one on the 10th, one on 1 June Lagos time, Bisi (created by the test above)
  const may = 2;
  expect(body).toEqual({
    affiliates: { totalAffiliates: 7, monthlyGrowthPercent: growthPercent(june, may) },
    orders: { totalOrders: 7 },
    systemStatistics: { activeAffiliates: 2, pendingApplications: 3, totalRetailers: 1 },
    monthlyActivity: expect.any(Array),
    activities: expect.any(Array),
  });
  // Issue 51: the admins who run payouts read the same Recent Activity as the back office.
  const staffView = BackofficeDashboard.parse((await dashboard(backoffice)).body);
  expect(body.activities).toEqual(staffView.activities);
  expect(body.activities.length).toBeGreaterThan(0);
  expect(body.affiliates.monthlyGrowthPercent).toBe(100);
  // Twelve months, oldest first, ending with this one; months without any are there with zeros.
  expect(body.monthlyActivity.map((m) => m.month)).toEqual([
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
  expect(body.monthlyActivity.slice(-3)).toEqual([
    { month: '2025-04', registrations: 1, orders: 0 },
    { month: '2025-05', registrations: may, orders: 2 },
    { month: '2025-06', registrations: june, orders: 5 },
  ]);
  expect(body.monthlyActivity.slice(0, 9).every((m) => m.registrations === 0 && m.orders === 0)).toBe(true);
});

test('admin: the summary tables follow bulk inserts and deletes of affiliates and retailers', async () => {
  const before = AdminDashboard.parse((await dashboard(admin)).body);
  const extra = await createAffiliate(t.ctx.db, {
    status: 'KYC Pending',
    createdDate: new Date('2025-04-30T23:30:00Z'),
  }); // 1 May in Lagos
  await t.ctx.db.query(
    `INSERT INTO retailers (external_id, retailer_code, affiliate_id, business_name, fao_name, fao_mobile_no, cluster_manager, location)
     SELECT 'R-bulk-' || n, 'RETB' || n, $1, 'Shop', 'FAO', '8030000000', 'CM', 'Lagos' FROM generate_series(1, 3) n`,
    [extra.affiliateId],
  );
  let after = AdminDashboard.parse((await dashboard(admin)).body);
  expect(after.systemStatistics.totalRetailers).toBe(before.systemStatistics.totalRetailers + 3);
  expect(after.monthlyActivity.find((m) => m.month === '2025-05')?.registrations).toBe(
    (before.monthlyActivity.find((m) => m.month === '2025-05')?.registrations ?? 0) + 1,
  );
  await t.ctx.db.query(`DELETE FROM retailers WHERE external_id LIKE 'R-bulk-%'`);
  await t.ctx.db.query('DELETE FROM affiliates WHERE affiliate_id = $1', [extra.affiliateId]);
  after = AdminDashboard.parse((await dashboard(admin)).body);
  expect(after.systemStatistics).toEqual(before.systemStatistics);
  expect(after.monthlyActivity).toEqual(before.monthlyActivity);
});

// The affiliate's figures, by hand against orders from the feed: affiliate-dashboard.test.ts.
test('a rejected affiliate (re-kyc only) has no dashboard; no session is 401', async () => {
  const rejected = await createAffiliate(t.ctx.db, {
    status: 'KYC Rejected',
    passwordHash: 'x',
    firstDecisionAt: NOW,
  });
  expect((await dashboard(await bearer(t.ctx, rejected.userId))).status).toBe(403);
  expect((await request(t.app).get('/api/user/dashboard')).status).toBe(401);
});

describe('business time (Africa/Lagos)', () => {
  test('Today, Yesterday, or the date', () => {
    const now = new Date('2025-06-15T11:00:00Z');
    expect(activityOn(new Date('2025-06-14T23:00:00Z'), now)).toBe('Today');
    expect(activityOn(new Date('2025-06-14T22:59:59Z'), now)).toBe('Yesterday');
    expect(activityOn(new Date('2025-06-13T23:00:00Z'), now)).toBe('Yesterday');
    expect(activityOn(new Date('2025-06-13T22:59:59Z'), now)).toBe('2025-06-13');
  });

  test('day starts and timestamps', () => {
    expect(startOfBusinessDay('2025-06-15').toISOString()).toBe('2025-06-14T23:00:00.000Z');
    expect(businessTimestamp(new Date('2025-12-31T23:59:58Z'))).toBe('2026-01-01 00:59:58');
  });

  test('growth percent', () => {
    expect(growthPercent(3, 2)).toBe(50);
    expect(growthPercent(1, 3)).toBe(-66.7);
    expect(growthPercent(0, 0)).toBe(0);
    expect(growthPercent(5, 0)).toBe(100);
  });
});
