import request from 'supertest';
import express from 'express';
import { ProfileResponse } from '@portal/contracts';
import { DEMO_ACCOUNTS, DEMO_AFFILIATE_KYC, seedDemoAccounts } from '../../../seed/demo-accounts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { tokenFor } from '../../../../test-support/auth-fixtures';

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

test('an affiliate sees its identity and bank details, the numbers masked (issue 29)', async () => {
  expect(await profileOf(DEMO_ACCOUNTS.affiliate)).toEqual({
    fullName: DEMO_ACCOUNTS.affiliate.fullName,
    email: DEMO_ACCOUNTS.affiliate.email,
    phoneCode: '+234',
    mobileNumber: DEMO_AFFILIATE_KYC.mobileNumber,
    identityType: 'BVN',
    ninOrBVN: `••••••••${DEMO_AFFILIATE_KYC.ninOrBVN.slice(-3)}`,
    bankInfo: {
      bankName: DEMO_AFFILIATE_KYC.bankName,
      accountNumber: `•••••••${DEMO_AFFILIATE_KYC.accountNumber.slice(-3)}`,
    },
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

test('the profile goes out exactly as res.json would send it, ETag and conditional GET included', async () => {
  const token = await tokenFor(t.app, DEMO_ACCOUNTS.affiliate.email, DEMO_ACCOUNTS.affiliate.password);
  const call = () => request(t.app).get('/api/user/profile').set('Authorization', `Bearer ${token}`);
  const first = await call();
  const second = await call(); // from the session and profile cache on PGlite
  const reference = express();
  reference.get('/', (_req, res) => {
    res.json(JSON.parse(first.text));
  });
  const expected = await request(reference).get('/');
  for (const answer of [first, second]) {
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(expected.text);
    for (const name of ['content-type', 'content-length', 'etag']) {
      expect([name, answer.headers[name]]).toEqual([name, expected.headers[name]]);
    }
  }
  const unchanged = await call().set('If-None-Match', first.headers.etag);
  expect(unchanged.status).toBe(304);
  expect(unchanged.text).toBe('');
  const head = await request(t.app).head('/api/user/profile').set('Authorization', `Bearer ${token}`);
  expect(head.status).toBe(200);
  expect(head.headers.etag).toBe(first.headers.etag);
  expect(head.text).toBeUndefined();
});
