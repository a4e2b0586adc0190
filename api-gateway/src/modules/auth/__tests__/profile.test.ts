import request from 'supertest';
import { ProfileResponse } from '@portal/contracts';
import { DEMO_ACCOUNTS, DEMO_AFFILIATE_KYC, seedDemoAccounts } from '../../../seed/demo-accounts';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { tokenFor } from '../test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccounts(t.ctx.db);
});
afterAll(() => t.close());

const profileOf = async (account: { email: string; password: string }) => {
  const token = await tokenFor(t.app, account.email, account.password);
  const res = await request(t.app).get('/api/user/profile').set('Authorization', `Bearer ${token}`);
  expect(res.status).toBe(200);
  return ProfileResponse.parse(res.body);
};

test('an affiliate sees its identity and bank details', async () => {
  expect(await profileOf(DEMO_ACCOUNTS.affiliate)).toEqual({
    fullName: DEMO_ACCOUNTS.affiliate.fullName,
    email: DEMO_ACCOUNTS.affiliate.email,
    phoneCode: '+234',
    mobileNumber: DEMO_AFFILIATE_KYC.mobileNumber,
    identityType: 'BVN',
    ninOrBVN: DEMO_AFFILIATE_KYC.ninOrBVN,
    bankInfo: { bankName: DEMO_AFFILIATE_KYC.bankName, accountNumber: DEMO_AFFILIATE_KYC.accountNumber },
  });
});

test('staff see their personal details and no identity or bank', async () => {
  expect(await profileOf(DEMO_ACCOUNTS.admin)).toEqual({
    fullName: DEMO_ACCOUNTS.admin.fullName,
    email: DEMO_ACCOUNTS.admin.email,
    phoneCode: '+234',
    mobileNumber: '8020000001',
    identityType: null,
    ninOrBVN: null,
    bankInfo: null,
  });
});

test('without a session: 401', async () => {
  expect((await request(t.app).get('/api/user/profile')).status).toBe(401);
});
