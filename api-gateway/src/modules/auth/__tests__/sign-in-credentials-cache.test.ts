import request from 'supertest';
import { OurMessages } from '@portal/contracts';
import { hashPassword } from '../../../auth/password';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../../seed/demo-accounts';
import { signInStatementName } from '../../../test-support/sign-in-statements';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { IP_FAILURE_LIMIT } from '../lockout';
import { createAffiliateUser, signIn, tokenFor } from '../test-fixtures';

/**
 * Sign-in keeps what it read about an account in memory (the session cache): every change that could
 * change the answer must empty it, so each test first signs in (the account is then known) and then changes
 * the account behind the cache's back, through the API or straight in the database.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'loopback' });
  await seedDemoAccounts(t.ctx.db);
});
afterAll(() => t.close());

/** Signs in until the account is surely in memory (the first sign-in reads it, the second uses it). */
async function warm(email: string, password: string) {
  for (let i = 0; i < 2; i++) expect((await signIn(t.app, email, password)).status).toBe(200);
}

test('after a password change the old password is refused and the new one works', async () => {
  const account = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'Old@pass1234');
  await warm(account.email, 'Old@pass1234');
  const token = await tokenFor(t.app, account.email, 'Old@pass1234');
  const changed = await request(t.app)
    .post('/api/users/passwordUpdate')
    .set('Authorization', `Bearer ${token}`)
    .send({
      currentPassword: 'Old@pass1234',
      newPassword: 'Brand#new5678',
      confirmPassword: 'Brand#new5678',
    });
  expect(changed.status).toBe(200);
  const old = await signIn(t.app, account.email, 'Old@pass1234');
  expect(old.status).toBe(401);
  expect(old.body).toEqual({ message: OurMessages.invalidCredentials });
  expect((await signIn(t.app, account.email, 'Brand#new5678')).status).toBe(200);
});

test('a password set in the database (another program, a restore) is seen at once', async () => {
  const account = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'Before@12345');
  await warm(account.email, 'Before@12345');
  await t.ctx.db.query('UPDATE users SET password_hash = $1 WHERE user_id = $2', [
    await hashPassword('After@123456'),
    account.userId,
  ]);
  expect((await signIn(t.app, account.email, 'Before@12345')).status).toBe(401);
  expect((await signIn(t.app, account.email, 'After@123456')).status).toBe(200);
});

test('a deactivated user and an affiliate made inactive are refused at once', async () => {
  const staff = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'Staff@123456');
  await warm(staff.email, 'Staff@123456');
  await t.ctx.db.query('UPDATE users SET is_active = false WHERE user_id = $1', [staff.userId]);
  const refused = await signIn(t.app, staff.email, 'Staff@123456');
  expect(refused.status).toBe(403);
  expect(refused.body).toEqual({ message: OurMessages.accountInactive });

  const affiliate = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'Affil@123456');
  await warm(affiliate.email, 'Affil@123456');
  await t.ctx.db.query(`UPDATE affiliates SET status = 'Inactive' WHERE affiliate_id = $1`, [
    affiliate.affiliateId,
  ]);
  const inactive = await signIn(t.app, affiliate.email, 'Affil@123456');
  expect(inactive.status).toBe(403);
  expect(inactive.body).toEqual({ message: OurMessages.accountInactive });
});

test('a forgot-password temporary password works at once, and no longer once it expires', async () => {
  const { email, password } = DEMO_ACCOUNTS.backoffice;
  await warm(email, password);
  expect((await request(t.app).post('/api/login/reset').send({ userName: email })).status).toBe(200);
  const { rows } = await t.ctx.db.query<{ body: string }>(
    'SELECT body FROM outbox WHERE lower(recipient) = lower($1) ORDER BY message_id DESC LIMIT 1',
    [email],
  );
  const temporary = /temporary password is: (\S+)/.exec(rows[0].body)![1];
  const withTemporary = await signIn(t.app, email, temporary);
  expect(withTemporary.status).toBe(200);
  expect(withTemporary.body.forcePasswordUpdate).toBe(true);
  // Known now, temporary password included: it must still expire on time (30 minutes).
  expect((await signIn(t.app, email, temporary)).status).toBe(200);
  t.advanceClock(31 * 60_000);
  expect((await signIn(t.app, email, temporary)).status).toBe(401);
  expect((await signIn(t.app, email, password)).status).toBe(200);
});

test('signing in with the real password drops a pending temporary one, in memory too', async () => {
  const { email, password } = DEMO_ACCOUNTS.affiliate;
  expect((await request(t.app).post('/api/login/reset').send({ userName: email })).status).toBe(200);
  const { rows } = await t.ctx.db.query<{ body: string }>(
    'SELECT body FROM outbox WHERE lower(recipient) = lower($1) ORDER BY message_id DESC LIMIT 1',
    [email],
  );
  const temporary = /temporary password is: (\S+)/.exec(rows[0].body)![1];
  await warm(email, password);
  expect((await signIn(t.app, email, temporary)).status).toBe(401);
});

test('an address that named no account signs in as soon as the account exists', async () => {
  const email = 'arrives-later@example.test';
  for (let i = 0; i < 2; i++) {
    const unknown = await signIn(t.app, email, 'Later@123456');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: OurMessages.invalidCredentials });
  }
  await t.ctx.db.query(
    `INSERT INTO users (full_name, email, password_hash, role_id, phone_code, mobile_number, country_id)
     VALUES ('Arrives Later', $1, $2, 2, '+234', '8199999999', 1)`,
    [email, await hashPassword('Later@123456')],
  );
  expect((await signIn(t.app, email, 'Later@123456')).status).toBe(200);
});

test('a locked account whose credentials are known is refused without a session, and the lock is remembered', async () => {
  const account = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'Locked@12345');
  await warm(account.email, 'Locked@12345');
  for (let i = 0; i < 10; i++) expect((await signIn(t.app, account.email, `wrong-${i}`)).status).toBe(401);
  const sessionsBefore = await t.ctx.db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM sessions WHERE user_id = $1',
    [account.userId],
  );
  for (let i = 0; i < 2; i++) {
    const locked = await signIn(t.app, account.email, 'Locked@12345');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: OurMessages.tooManyAttempts(15) });
  }
  const sessionsAfter = await t.ctx.db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM sessions WHERE user_id = $1',
    [account.userId],
  );
  expect(Number(sessionsAfter.rows[0].n)).toBe(Number(sessionsBefore.rows[0].n));
  const history = await t.ctx.db.query<{ failure_reason: string }>(
    `SELECT failure_reason FROM login_history WHERE user_name = $1 ORDER BY login_id DESC LIMIT 2`,
    [account.email],
  );
  expect(history.rows.map((row) => row.failure_reason)).toEqual(['locked', 'locked']);
});

test('a locked account the process does not know is refused without a session; once the lock is seen, one read and no check, for that account only', async () => {
  const account = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'Unseen@12345');
  const colleague = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'Colleague@123');
  // An IP of its own: a lock seen from an IP makes every attempt from it take the read-first order.
  const ip = '203.0.113.77';
  for (let i = 0; i < 10; i++)
    expect((await signIn(t.app, account.email, `wrong-${i}`, ip)).status).toBe(401);
  // Any change to users empties the memory of accounts: the next attempt reads the account first.
  await t.ctx.db.query('UPDATE users SET full_name = full_name WHERE user_id = $1', [account.userId]);
  const statements: string[] = [];
  const originalQuery = t.ctx.db.query.bind(t.ctx.db);
  const prepared = jest.spyOn(t.ctx.db, 'query').mockImplementation((text, params) => {
    const name = signInStatementName(text);
    if (name) statements.push(name);
    return originalQuery(text, params);
  });
  try {
    const first = await signIn(t.app, account.email, 'Unseen@12345', ip);
    expect(first.status).toBe(429);
    expect(first.body).toEqual({ message: OurMessages.tooManyAttempts(15) });
    // The account, then the lockout (read while the password is checked), then the locked attempt's row.
    expect(statements).toEqual(['sign_in_account', 'sign_in_lockout', 'login_attempt_insert']);
    statements.length = 0;
    const again = await signIn(t.app, account.email, 'Unseen@12345', ip);
    expect(again.status).toBe(429);
    // The lock was seen: lockout and account in one read, then only the row (no password check waits).
    expect(statements).toEqual(['sign_in_state', 'login_attempt_insert']);
    // The lock is the account's own, not the IP's: a colleague behind the same address keeps the usual order
    // (the lockout read while the password is checked).
    statements.length = 0;
    expect((await signIn(t.app, colleague.email, 'Colleague@123', ip)).status).toBe(200);
    expect(statements).toEqual(['sign_in_account', 'sign_in_lockout', 'sign_in_record']);
  } finally {
    prepared.mockRestore();
  }
  const sessions = await t.ctx.db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM sessions WHERE user_id = $1',
    [account.userId],
  );
  expect(Number(sessions.rows[0].n)).toBe(0);
  const history = await t.ctx.db.query<{ failure_reason: string }>(
    `SELECT failure_reason FROM login_history WHERE user_name = $1 ORDER BY login_id DESC LIMIT 2`,
    [account.email],
  );
  expect(history.rows.map((row) => row.failure_reason)).toEqual(['locked', 'locked']);
});

/**
 * The statements a sign-in ran are exact on the embedded database. On PostgreSQL the change notices are
 * database-wide: test files running beside this one (each in its own schema) empty this process's memory at
 * any moment, so an account or a lockout may be read again there; only the rest is compared.
 */
function expectStatements(actual: string[], expected: string[]) {
  const mayRepeat = (name: string) =>
    !process.env.DATABASE_URL || (name !== 'sign_in_account' && name !== 'sign_in_lockout');
  expect(actual.filter(mayRepeat)).toEqual(expected.filter(mayRepeat));
}

/** The names of the statements one successful sign-in runs. */
async function statementsOfSignIn(email: string, password: string, ip: string): Promise<string[]> {
  const statements: string[] = [];
  const originalQuery = t.ctx.db.query.bind(t.ctx.db);
  const spy = jest.spyOn(t.ctx.db, 'query').mockImplementation((text, params) => {
    const name = signInStatementName(text);
    if (name) statements.push(name);
    return originalQuery(text, params);
  });
  try {
    expect((await signIn(t.app, email, password, ip)).status).toBe(200);
    return statements;
  } finally {
    spy.mockRestore();
  }
}

test('a known account with no lock signs in with one statement after the check: the lockout read is remembered', async () => {
  const account = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'Unlocked@123');
  const ip = '203.0.113.81';
  await warm(account.email, 'Unlocked@123');
  // A new IP: its lockout is read once...
  expectStatements(await statementsOfSignIn(account.email, 'Unlocked@123', ip), [
    'sign_in_lockout',
    'sign_in_record',
  ]);
  // ...then "not locked" is known for the account (whatever its spelling) and the IP: only the write.
  expectStatements(await statementsOfSignIn(account.email.toUpperCase(), 'Unlocked@123', ip), [
    'sign_in_account',
    'sign_in_record',
  ]);
  expectStatements(await statementsOfSignIn(account.email, 'Unlocked@123', ip), ['sign_in_record']);
});

test('failures written by another gateway (straight into the database) lock a known account at once', async () => {
  const account = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'Elsewhere@123');
  const ip = '203.0.113.82';
  await warm(account.email, 'Elsewhere@123');
  expect((await signIn(t.app, account.email, 'Elsewhere@123', ip)).status).toBe(200);
  // Another gateway on the same database records ten wrong passwords, the name typed in capitals.
  await t.ctx.db.query(
    `INSERT INTO login_history (user_id, user_name, logged_at, ip, success, failure_reason)
     SELECT $1, upper($2), $3, '198.51.100.9', false, 'invalid_credentials' FROM generate_series(1, 10)`,
    // The gateway's clock, as its own rows have (the embedded database's now() may lag it).
    [account.userId, account.email, t.ctx.now()],
  );
  const locked = await signIn(t.app, account.email, 'Elsewhere@123', ip);
  expect(locked.status).toBe(429);
  expect(locked.body).toEqual({ message: OurMessages.tooManyAttempts(15) });
});

test("an IP's failures on other accounts are counted for a known account behind that IP", async () => {
  const account = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'SameIp@12345');
  const ip = '203.0.113.83';
  await warm(account.email, 'SameIp@12345');
  expect((await signIn(t.app, account.email, 'SameIp@12345', ip)).status).toBe(200);
  expect((await signIn(t.app, account.email, 'SameIp@12345', ip)).status).toBe(200);
  await t.ctx.db.query(
    `INSERT INTO login_history (user_name, logged_at, ip, success, failure_reason)
     SELECT 'sprayed' || g || '@example.com', $3, $1, false, 'invalid_credentials' FROM generate_series(1, $2::int) g`,
    [ip, IP_FAILURE_LIMIT, t.ctx.now()],
  );
  expect((await signIn(t.app, account.email, 'SameIp@12345', ip)).status).toBe(429);
});

test('a history purge or edit makes every lockout be read again', async () => {
  const account = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'Purged@12345');
  const ip = '203.0.113.84';
  await warm(account.email, 'Purged@12345');
  expect((await signIn(t.app, account.email, 'Purged@12345', ip)).status).toBe(200);
  await t.ctx.db.query(`DELETE FROM login_history WHERE user_name = 'nobody@example.com'`);
  expectStatements(await statementsOfSignIn(account.email, 'Purged@12345', ip), [
    'sign_in_lockout',
    'sign_in_record',
  ]);
});

test('a counted failure too long to announce (a 9,000-character name written straight into the history) makes every lockout be read again', async () => {
  // The gateway refuses such a name (400) and stores at most 320 characters of one; another writer may not.
  const account = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'LongName@123');
  const ip = '203.0.113.85';
  await warm(account.email, 'LongName@123');
  expect((await signIn(t.app, account.email, 'LongName@123', ip)).status).toBe(200);
  await t.ctx.db.query(
    `INSERT INTO login_history (user_name, logged_at, ip, success, failure_reason)
     VALUES (repeat('a', 9000) || '@example.com', $1, '198.51.100.10', false, 'invalid_credentials')`,
    [t.ctx.now()],
  );
  expectStatements(await statementsOfSignIn(account.email, 'LongName@123', ip), [
    'sign_in_lockout',
    'sign_in_record',
  ]);
});

test('a change to users empties the memory of accounts but keeps "not locked" (no such change begins a lock)', async () => {
  const account = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'KeepsLock@123');
  const ip = '203.0.113.86';
  await warm(account.email, 'KeepsLock@123');
  expect((await signIn(t.app, account.email, 'KeepsLock@123', ip)).status).toBe(200);
  await t.ctx.db.query('UPDATE users SET full_name = full_name WHERE user_id = $1', [account.userId]);
  expectStatements(await statementsOfSignIn(account.email, 'KeepsLock@123', ip), [
    'sign_in_account',
    'sign_in_record',
  ]);
});
