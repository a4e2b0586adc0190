import { OurMessages } from '@portal/contracts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../../seed/demo-accounts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { ACCOUNT_FAILURE_LIMIT, IP_FAILURE_LIMIT } from '../lockout';
import { signIn } from '../../../../test-support/auth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'loopback' });
  await seedDemoAccounts(t.ctx.db);
});
afterAll(() => t.close());

const { admin, backoffice, affiliate } = DEMO_ACCOUNTS;
const OFFICE_IP = '197.210.10.10';

async function failTimes(email: string, times: number, ip: string) {
  for (let i = 0; i < times; i++) {
    const res = await signIn(t.app, email, `wrong-${i}`, ip);
    expect(res.status).toBe(401);
  }
}

test('10 failures lock the account for 15 minutes; another account from the same IP still signs in', async () => {
  await failTimes(backoffice.email, ACCOUNT_FAILURE_LIMIT, OFFICE_IP);

  // Locked: even the right password is refused, with when to try again.
  const locked = await signIn(t.app, backoffice.email, backoffice.password, OFFICE_IP);
  expect(locked.status).toBe(429);
  expect(locked.body).toEqual({ message: OurMessages.tooManyAttempts(15) });
  expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
  expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

  // The lock is per account and does not depend on the IP or the case of the email.
  const elsewhere = await signIn(t.app, backoffice.email.toUpperCase(), backoffice.password, '102.89.0.1');
  expect(elsewhere.status).toBe(429);

  // A colleague behind the same office IP is not affected.
  const colleague = await signIn(t.app, admin.email, admin.password, OFFICE_IP);
  expect(colleague.status).toBe(200);

  // Refused attempts do not extend the lock: it lifts 15 minutes after the 10th failure.
  t.advanceClock(10 * 60_000);
  const stillLocked = await signIn(t.app, backoffice.email, backoffice.password, OFFICE_IP);
  expect(stillLocked.status).toBe(429);
  expect(stillLocked.body).toEqual({ message: OurMessages.tooManyAttempts(5) });
  t.advanceClock(5 * 60_000 + 1_000);
  const unlocked = await signIn(t.app, backoffice.email, backoffice.password, OFFICE_IP);
  expect(unlocked.status).toBe(200);
});

test('a successful sign-in starts the count afresh', async () => {
  t.advanceClock(60 * 60_000);
  await failTimes(affiliate.email, ACCOUNT_FAILURE_LIMIT - 1, '102.89.0.2');
  expect((await signIn(t.app, affiliate.email, affiliate.password, '102.89.0.2')).status).toBe(200);
  await failTimes(affiliate.email, ACCOUNT_FAILURE_LIMIT - 1, '102.89.0.2');
  expect((await signIn(t.app, affiliate.email, affiliate.password, '102.89.0.2')).status).toBe(200);
});

test('an unknown email locks the same way, so a lockout tells nothing about which accounts exist', async () => {
  await failTimes('ghost@example.com', ACCOUNT_FAILURE_LIMIT, '102.89.0.3');
  const res = await signIn(t.app, 'ghost@example.com', 'anything', '102.89.0.3');
  expect(res.status).toBe(429);
  expect(res.body.message).toBe(OurMessages.tooManyAttempts(15));
});

test(`an IP spraying passwords over many accounts is stopped after ${IP_FAILURE_LIMIT} failures`, async () => {
  t.advanceClock(60 * 60_000);
  const sprayer = '45.1.2.3';
  // The failures the rule reads, written directly: 100 sign-ins over HTTP would cost 100 password hashes.
  await t.ctx.db.query(
    `INSERT INTO login_history (user_name, logged_at, ip, success, failure_reason)
     SELECT 'victim' || n || '@example.com', $1::timestamptz - n * interval '1 second', $2, false, 'invalid_credentials'
       FROM generate_series(1, $3::int - 1) AS n`,
    [t.ctx.now(), sprayer, IP_FAILURE_LIMIT],
  );
  // One more failure over HTTP reaches the limit.
  expect((await signIn(t.app, 'victim0@example.com', 'Password1', sprayer)).status).toBe(401);
  const blocked = await signIn(t.app, admin.email, admin.password, sprayer);
  expect(blocked.status).toBe(429);
  expect(blocked.headers['retry-after']).toBeDefined();
  // The same account from another IP is fine.
  expect((await signIn(t.app, admin.email, admin.password, '102.89.0.4')).status).toBe(200);
});
