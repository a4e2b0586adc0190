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

const onPostgres = process.env.DATABASE_URL ? test : test.skip;

onPostgres('while the listening connection is down nothing is cached; back, it starts empty', async () => {
  const cache = authCacheFor(t.ctx);
  expect(cache.enabled).toBe(true);
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 250 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(check()).toBe(true);
  };
  const profileOf = (fullName: string) => ({
    fullName,
    email: 'cached@example.com',
    phoneCode: null,
    mobileNumber: null,
    identityType: null,
    ninOrBVN: null,
    bankInfo: null,
  });
  await cache.profile(515151, async () => profileOf('Before'));
  expect((await cache.profile(515151, async () => profileOf('Unread'))).fullName).toBe('Before');

  await t.ctx.db.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
    `portal-listen-${process.pid}`,
  ]);
  await until(() => !cache.enabled);
  // Off: every call loads, and nothing it loads is kept.
  expect((await cache.profile(515151, async () => profileOf('While down'))).fullName).toBe('While down');
  expect((await cache.profile(515151, async () => profileOf('Still down'))).fullName).toBe('Still down');

  await until(() => cache.enabled);
  expect((await cache.profile(515151, async () => profileOf('After'))).fullName).toBe('After');
  expect((await cache.profile(515151, async () => profileOf('Unread'))).fullName).toBe('After');
});
