import type express from 'express';
import request from 'supertest';
import { OurMessages } from '@portal/contracts';
import { createApp } from '../../../app';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../../seed/demo-accounts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { TEMPORARY_PASSWORD_MINUTES } from '../password-reset';
import { RESET_IP_LIMIT, RESET_WINDOW_MINUTES } from '../reset-requests';
import { createAffiliateUser, signIn } from '../../../../test-support/auth-fixtures';

// Issue 9 item 4: an anonymous forgot-password request never changes the account.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'loopback' });
  await seedDemoAccounts(t.ctx.db);
});
afterAll(() => t.close());

let ipSequence = 0;
/** Each test asks from its own IP, so the per-IP limit of one test does not reach another. */
const nextIp = () => `198.51.100.${++ipSequence}`;

const reset = (userName: string, ip: string, app: express.Express = t.app) =>
  request(app).post('/api/login/reset').set('X-Forwarded-For', ip).send({ userName });

async function latestTemporaryPassword(email: string): Promise<string> {
  const { rows } = await t.ctx.db.query<{ body: string }>(
    'SELECT body FROM outbox WHERE lower(recipient) = lower($1) ORDER BY message_id DESC LIMIT 1',
    [email],
  );
  const password = /temporary password is: (\S+)/.exec(rows[0]?.body ?? '')?.[1];
  if (!password) throw new Error(`no temporary password was sent to ${email}`);
  return password;
}

const update = (token: string, currentPassword: string, newPassword: string) =>
  request(t.app)
    .post('/api/users/passwordUpdate')
    .set('Authorization', `Bearer ${token}`)
    .send({ currentPassword, newPassword, confirmPassword: newPassword });

describe('forgot password leaves the account as it was', () => {
  test("the owner's password still answers 200 after a reset, with no forced update", async () => {
    const owner = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'Owner kept this one 7');
    const before = await t.ctx.db.query(
      'SELECT password_hash, force_password_update FROM users WHERE user_id = $1',
      [owner.userId],
    );
    expect((await reset(owner.email, nextIp())).body).toEqual({ message: OurMessages.resetSent });
    await latestTemporaryPassword(owner.email);

    const after = await t.ctx.db.query(
      'SELECT password_hash, force_password_update FROM users WHERE user_id = $1',
      [owner.userId],
    );
    expect(after.rows).toEqual(before.rows);
    const login = await signIn(t.app, owner.email, 'Owner kept this one 7');
    expect(login.status).toBe(200);
    expect(login.body.forcePasswordUpdate).toBe(false);
  });

  test('the temporary password signs in with a forced update until it expires, then answers 401', async () => {
    const owner = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'Owner kept this one 7');
    await reset(owner.email, nextIp());
    const temporary = await latestTemporaryPassword(owner.email);

    const first = await signIn(t.app, owner.email, temporary);
    expect(first.status).toBe(200);
    expect(first.body.forcePasswordUpdate).toBe(true);
    t.advanceClock((TEMPORARY_PASSWORD_MINUTES - 1) * 60_000);
    expect((await signIn(t.app, owner.email, temporary)).status).toBe(200);

    t.advanceClock(2 * 60_000);
    const expired = await signIn(t.app, owner.email, temporary);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ message: OurMessages.invalidCredentials });
    expect((await signIn(t.app, owner.email, 'Owner kept this one 7')).status).toBe(200);
  });

  test('once a new password is set the temporary one is gone, and so is the old password', async () => {
    const owner = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'Owner kept this one 7');
    await reset(owner.email, nextIp());
    const temporary = await latestTemporaryPassword(owner.email);
    const login = await signIn(t.app, owner.email, temporary);

    const res = await update(login.body.token, temporary, 'A fresh start at 9 sharp');
    expect(res.status).toBe(200);
    expect((await signIn(t.app, owner.email, temporary)).status).toBe(401);
    expect((await signIn(t.app, owner.email, 'Owner kept this one 7')).status).toBe(401);
    const fresh = await signIn(t.app, owner.email, 'A fresh start at 9 sharp');
    expect(fresh.status).toBe(200);
    expect(fresh.body.forcePasswordUpdate).toBe(false);
  });

  test('signing in with the real password cancels a pending temporary password', async () => {
    const owner = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'Owner kept this one 7');
    await reset(owner.email, nextIp());
    const temporary = await latestTemporaryPassword(owner.email);
    expect((await signIn(t.app, owner.email, 'Owner kept this one 7')).status).toBe(200);
    expect((await signIn(t.app, owner.email, temporary)).status).toBe(401);
  });

  test('a later reset replaces the pending temporary password', async () => {
    const owner = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'Owner kept this one 7');
    const ip = nextIp();
    await reset(owner.email, ip);
    const first = await latestTemporaryPassword(owner.email);
    await reset(owner.email, ip);
    const second = await latestTemporaryPassword(owner.email);
    expect(second).not.toBe(first);
    expect((await signIn(t.app, owner.email, first)).status).toBe(401);
    expect((await signIn(t.app, owner.email, second)).status).toBe(200);
  });

  test('an affiliate without a password yet (bulk seed, KYC Complete) signs in with the temporary one', async () => {
    const owner = await createAffiliateUser(t.ctx.db, 'KYC Complete', null);
    await reset(owner.email, nextIp());
    const login = await signIn(t.app, owner.email, await latestTemporaryPassword(owner.email));
    expect(login.status).toBe(200);
    expect(login.body.forcePasswordUpdate).toBe(true);
  });
});

describe('forgot password is limited per IP, in the database, without telling which accounts exist', () => {
  test(`after ${RESET_IP_LIMIT} requests an hour from one IP, known and unknown addresses both get 429`, async () => {
    // A second gateway on the same database: the count is shared, not per process.
    const second = await createApp({ ...t.ctx, routeDocs: [] });
    const ip = nextIp();
    for (let i = 0; i < RESET_IP_LIMIT; i++) {
      const userName = i % 2 ? DEMO_ACCOUNTS.backoffice.email : `nobody${i}@example.com`;
      const res = await reset(userName, ip, i % 2 ? second : t.app);
      expect({ i, status: res.status, body: res.body }).toEqual({
        i,
        status: 200,
        body: { message: OurMessages.resetSent },
      });
    }
    const known = await reset(DEMO_ACCOUNTS.backoffice.email, ip);
    const unknown = await reset('nobody-at-all@example.com', ip, second);
    for (const res of [known, unknown]) {
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ message: OurMessages.tooManyResets(RESET_WINDOW_MINUTES) });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another IP is not affected, and asking while limited does not extend the limit.
    expect((await reset(DEMO_ACCOUNTS.backoffice.email, nextIp())).status).toBe(200);
    t.advanceClock(RESET_WINDOW_MINUTES * 60_000 + 1_000);
    expect((await reset('nobody-later@example.com', ip)).status).toBe(200);
  });
});
