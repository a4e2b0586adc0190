import request from 'supertest';
import { AffiliatePage, BackofficeDashboard, businessDay } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { recordAudit } from '../../audit/audit-log';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';

// Issue 10 "One registration, two dates": 23:56 UTC is 00:56 the next day in Lagos. Recent Activity (a day the
// server formats) and the affiliate list (an instant the screens format with the same businessDay) must agree.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  t.advanceClock(new Date('2025-06-20T11:00:00Z').getTime() - Date.now());
});
afterAll(() => t.close());

test('an affiliate registered at 23:56 UTC is on the next day in Recent Activity and in the list', async () => {
  const registeredAt = new Date('2025-06-10T23:56:00Z');
  const affiliate = await createAffiliate(t.ctx.db, {
    fullName: 'Late Registrant',
    status: 'KYC Pending',
    createdDate: registeredAt,
  });
  await recordAudit(t.ctx.db, {
    actorUserId: null,
    action: 'affiliate.register',
    entityType: 'affiliate',
    entityId: affiliate.affiliateId,
    toStatus: 'KYC Pending',
    at: registeredAt,
  });
  const token = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));

  const dashboard = await request(t.app).get('/api/user/dashboard').set('Authorization', token);
  expect(dashboard.status).toBe(200);
  const activity = BackofficeDashboard.parse(dashboard.body).activities.find((item) =>
    item.description.includes(affiliate.affiliateCode),
  );
  expect(activity?.activityOn).toBe('2025-06-11');

  const list = await request(t.app)
    .get('/api/backoffice/affiliate')
    .query({ page: 1, search: affiliate.affiliateCode })
    .set('Authorization', token);
  expect(list.status).toBe(200);
  const [row] = AffiliatePage.parse(list.body).results;
  expect(businessDay(new Date(row.createdDate))).toBe('2025-06-11');
});
