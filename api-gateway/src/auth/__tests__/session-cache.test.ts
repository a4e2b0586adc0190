import request from 'supertest';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../seed/demo-accounts';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { tokenFor } from '../../modules/auth/test-fixtures';
import { authCacheFor } from '../session-cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccounts(t.ctx.db);
});
afterAll(() => t.close());

const profile = (token: string) =>
  request(t.app).get('/api/user/profile').set('Authorization', `Bearer ${token}`);

test('a cached profile is dropped the moment the data under it changes', async () => {
  const token = await tokenFor(t.app, DEMO_ACCOUNTS.affiliate.email, DEMO_ACCOUNTS.affiliate.password);
  await profile(token);
  const first = await profile(token);
  expect(first.body.bankInfo.accountNumber).toBe('0123456789');

  await t.ctx.db.query(`UPDATE affiliates SET account_number = '9876543210' WHERE email = $1`, [
    DEMO_ACCOUNTS.affiliate.email,
  ]);
  expect((await profile(token)).body.bankInfo.accountNumber).toBe('9876543210');

  await t.ctx.db.query(`UPDATE banks SET bank_name = 'GTBank' WHERE bank_name = 'Guaranty Trust Bank'`);
  expect((await profile(token)).body.bankInfo.bankName).toBe('GTBank');
});

test('a write rolled back changes nothing and keeps serving', async () => {
  const token = await tokenFor(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  expect((await profile(token)).status).toBe(200);
  await t.ctx.db
    .transaction(async (tx) => {
      await tx.query(`UPDATE users SET is_active = false WHERE email = $1`, [DEMO_ACCOUNTS.admin.email]);
      throw new Error('abandon');
    })
    .catch(() => undefined);
  expect((await profile(token)).status).toBe(200);
});

test('a read that started before a change does not store what it read', async () => {
  const cache = authCacheFor(t.ctx);
  expect(cache.enabled).toBe(true);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const stale = {
    fullName: 'Old',
    email: 'old@example.com',
    phoneCode: null,
    mobileNumber: null,
    identityType: null,
    ninOrBVN: null,
    bankInfo: null,
  };
  const read = cache.profile(424242, async () => {
    await gate;
    return stale;
  });
  cache.clear(); // a change lands while the read is in flight
  release();
  expect(await read).toBe(stale);
  const fresh = { ...stale, fullName: 'New' };
  expect(await cache.profile(424242, async () => fresh)).toBe(fresh);
});
