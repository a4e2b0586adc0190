import request from 'supertest';
import {
  ADMIN_RIGHTS,
  AFFILIATE_COMPLETE_RIGHTS,
  AFFILIATE_REJECTED_RIGHTS,
  BACKOFFICE_RIGHTS,
  LoginResponse,
  OurMessages,
} from '@portal/contracts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../../seed/demo-accounts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { createAffiliateUser, signIn } from '../../../../test-support/auth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'loopback' });
  await seedDemoAccounts(t.ctx.db);
});
afterAll(() => t.close());

const lastHistory = async () =>
  (
    await t.ctx.db.query<{
      user_id: string | number | null;
      user_name: string;
      ip: string | null;
      user_agent: string | null;
      latitude: number | null;
      longitude: number | null;
      success: boolean;
      failure_reason: string | null;
    }>('SELECT * FROM login_history ORDER BY login_id DESC LIMIT 1')
  ).rows[0];

describe('POST /api/login/auth', () => {
  test.each([
    ['admin', DEMO_ACCOUNTS.admin, 1, 'Admin', ADMIN_RIGHTS],
    ['backoffice', DEMO_ACCOUNTS.backoffice, 2, 'Backoffice', BACKOFFICE_RIGHTS],
    ['affiliate (KYC Complete)', DEMO_ACCOUNTS.affiliate, 3, 'Affiliate', AFFILIATE_COMPLETE_RIGHTS],
  ])(
    'the %s demo account signs in with the rights of its role',
    async (_name, account, roleID, userRole, rights) => {
      const res = await signIn(t.app, account.email, account.password);
      expect(res.status).toBe(200);
      const body = LoginResponse.parse(res.body);
      expect(body).toMatchObject({
        roleID,
        userRole,
        email: account.email,
        fullName: account.fullName,
        forcePasswordUpdate: false,
      });
      expect([...body.userRights].sort()).toEqual([...rights].sort());
      expect(body.token.split('.')).toHaveLength(3);
      expect(new Date(body.expiresAt).getTime()).toBeGreaterThan(Date.now());
    },
  );

  // An affiliate's: staff read whether they have a second factor too (one more query, see second-factor.test.ts).
  test('a sign-in counts its attempt in one statement before the check; a success writes once after it', async () => {
    const transaction = jest.spyOn(t.ctx.db, 'transaction');
    const queried = jest.spyOn(t.ctx.db, 'query');
    try {
      const ok = await signIn(t.app, DEMO_ACCOUNTS.affiliate.email, DEMO_ACCOUNTS.affiliate.password);
      expect(ok.status).toBe(200);
      expect(queried).toHaveBeenCalledTimes(2);
      queried.mockClear();
      // A wrong password was written as one when its attempt was counted: nothing follows the check.
      const wrong = await signIn(t.app, DEMO_ACCOUNTS.affiliate.email, 'not-the-password');
      expect(wrong.status).toBe(401);
      expect(queried).toHaveBeenCalledTimes(1);
      expect(transaction).not.toHaveBeenCalled();
    } finally {
      queried.mockRestore();
      transaction.mockRestore();
    }
    // Both rows of the success were written: the token opens its session, the history has the attempt.
    const { token } = LoginResponse.parse(
      (await signIn(t.app, DEMO_ACCOUNTS.affiliate.email, DEMO_ACCOUNTS.affiliate.password)).body,
    );
    const profile = await request(t.app).get('/api/user/profile').set('Authorization', `Bearer ${token}`);
    expect(profile.status).toBe(200);
    expect(await lastHistory()).toMatchObject({ user_name: DEMO_ACCOUNTS.affiliate.email, success: true });
  });

  test('the email is matched without regard to case or surrounding spaces', async () => {
    const res = await signIn(t.app, '  ADMIN@Example.com ', DEMO_ACCOUNTS.admin.password);
    expect(res.status).toBe(200);
  });

  test('every attempt is written to login history, with IP, user agent and position when sent', async () => {
    const ok = await request(t.app)
      .post('/api/login/auth')
      .set('User-Agent', 'history-agent')
      .set('X-Forwarded-For', '41.58.1.2')
      .send({
        userName: DEMO_ACCOUNTS.backoffice.email,
        password: DEMO_ACCOUNTS.backoffice.password,
        latitude: 6.5244,
        longitude: 3.3792,
      });
    expect(ok.status).toBe(200);
    expect(await lastHistory()).toMatchObject({
      user_name: DEMO_ACCOUNTS.backoffice.email,
      ip: '41.58.1.2',
      user_agent: 'history-agent',
      latitude: 6.5244,
      longitude: 3.3792,
      success: true,
      failure_reason: null,
    });

    const bad = await signIn(t.app, DEMO_ACCOUNTS.backoffice.email, 'wrong-password', '41.58.1.3');
    expect(bad.status).toBe(401);
    expect(await lastHistory()).toMatchObject({
      success: false,
      failure_reason: 'invalid_credentials',
      latitude: null,
    });

    await signIn(t.app, 'nobody@example.com', 'whatever1', '41.58.1.3');
    expect(await lastHistory()).toMatchObject({
      user_id: null,
      user_name: 'nobody@example.com',
      success: false,
    });
  });

  test('a wrong password and an unknown email get the same 401 answer', async () => {
    const wrong = await signIn(t.app, DEMO_ACCOUNTS.backoffice.email, 'Backoffice@1234', '41.58.2.1');
    const unknown = await signIn(t.app, 'unknown@example.com', 'Backoffice@12345', '41.58.2.1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: OurMessages.invalidCredentials });
    expect(unknown.body).toEqual(wrong.body);
  });

  test.each([
    [{ password: 'x' }, OurMessages.userNameRequired, 'userName'],
    [{ userName: '   ', password: 'x' }, OurMessages.userNameRequired, 'userName'],
    [{ userName: 'a@b.co' }, OurMessages.passwordRequired, 'password'],
    [{ userName: 'a@b.co', password: '' }, OurMessages.passwordRequired, 'password'],
  ])('bad input %j answers 400 with its message', async (body, message, field) => {
    const res = await request(t.app).post('/api/login/auth').send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[field]).toBe(message);
  });

  test('a user name longer than any email is refused with 400: no history row', async () => {
    const before = await lastHistory();
    for (const userName of ['a'.repeat(255), ` ${'a'.repeat(255)} `, `${'x'.repeat(90_000)}@example.com`]) {
      const res = await request(t.app).post('/api/login/auth').send({ userName, password: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(OurMessages.userNameTooLong);
      expect(res.body.errors.userName).toBe(OurMessages.userNameTooLong);
    }
    expect(await lastHistory()).toEqual(before);
    // The longest email there can be is still a user name (an unknown one here).
    const longest = await request(t.app)
      .post('/api/login/auth')
      .send({ userName: `${'a'.repeat(242)}@example.com`, password: 'x' });
    expect(longest.status).toBe(401);
  });

  test('an out-of-range latitude is refused', async () => {
    const res = await request(t.app)
      .post('/api/login/auth')
      .send({ userName: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password, latitude: 123 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('latitude');
  });

  test('malformed JSON and oversized bodies get JSON errors', async () => {
    const malformed = await request(t.app)
      .post('/api/login/auth')
      .set('Content-Type', 'application/json')
      .send('{"userName":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'The request body is not valid JSON.' });
    const huge = await request(t.app)
      .post('/api/login/auth')
      .send({ userName: 'a@b.co', password: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'The request body is too large.' });
  });

  test('an affiliate with KYC Rejected signs in with re-kyc only', async () => {
    const affiliate = await createAffiliateUser(t.ctx.db, 'KYC Rejected', 'Rejected@123');
    const res = await signIn(t.app, affiliate.email, 'Rejected@123');
    expect(res.status).toBe(200);
    expect(res.body.userRights).toEqual([...AFFILIATE_REJECTED_RIGHTS]);
  });

  test('an affiliate waiting for KYC (no password yet) is told so, whatever password it tries', async () => {
    const affiliate = await createAffiliateUser(t.ctx.db, 'KYC Pending', null);
    const res = await signIn(t.app, affiliate.email, 'anything-at-all');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: OurMessages.kycPending });
    expect(await lastHistory()).toMatchObject({ success: false, failure_reason: 'kyc_pending' });
  });

  test('an inactive affiliate is refused with the inactive message, but only with the right password', async () => {
    const affiliate = await createAffiliateUser(t.ctx.db, 'Inactive', 'Inactive@123');
    const right = await signIn(t.app, affiliate.email, 'Inactive@123');
    expect(right.status).toBe(403);
    expect(right.body).toEqual({ message: OurMessages.accountInactive });
    const wrong = await signIn(t.app, affiliate.email, 'Inactive@124');
    expect(wrong.status).toBe(401);
  });

  test('a deactivated staff user is refused', async () => {
    await t.ctx.db.query(`UPDATE users SET is_active = false WHERE email = 'backoffice@example.com'`);
    try {
      const res = await signIn(t.app, DEMO_ACCOUNTS.backoffice.email, DEMO_ACCOUNTS.backoffice.password);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: OurMessages.accountInactive });
    } finally {
      await t.ctx.db.query(`UPDATE users SET is_active = true WHERE email = 'backoffice@example.com'`);
    }
  });

  test('the stored hash is argon2id with m=19456, t=2, p=1', async () => {
    const { rows } = await t.ctx.db.query<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE email = 'admin@example.com'`,
    );
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
