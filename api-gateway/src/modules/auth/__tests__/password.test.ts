import request from 'supertest';
import { Messages, OurMessages } from '@portal/contracts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../../seed/demo-accounts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { RESET_EMAIL_SUBJECT } from '../password-reset';
import { RESET_LIMIT } from '../reset-requests';
import { createAffiliateUser, signIn, tokenFor } from '../../../../test-support/auth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccounts(t.ctx.db);
});
afterAll(() => t.close());

const reset = (userName: unknown) => request(t.app).post('/api/login/reset').send({ userName });
const outboxFor = async (email: string) =>
  (
    await t.ctx.db.query<{ subject: string; body: string }>(
      'SELECT subject, body FROM outbox WHERE lower(recipient) = lower($1) ORDER BY message_id',
      [email],
    )
  ).rows;
const temporaryPasswordIn = (body: string) => /temporary password is: (\S+)/.exec(body)?.[1];

describe('POST /api/login/reset', () => {
  test('an existing account gets a temporary password by email and must change it', async () => {
    const res = await reset(DEMO_ACCOUNTS.admin.email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: OurMessages.resetSent });

    const mails = await outboxFor(DEMO_ACCOUNTS.admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(RESET_EMAIL_SUBJECT);
    const temporary = temporaryPasswordIn(mails[0].body);
    expect(temporary).toMatch(/^.{12}$/);

    const login = await signIn(t.app, DEMO_ACCOUNTS.admin.email, temporary!);
    expect(login.status).toBe(200);
    expect(login.body.forcePasswordUpdate).toBe(true);
    // The account is not changed: its own password still works (issue 9).
    expect((await signIn(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).status).toBe(200);
  });

  test('an unknown email gets the same answer and nothing is sent', async () => {
    const before = await t.ctx.db.query<{ n: number | string }>('SELECT count(*) AS n FROM outbox');
    const res = await reset('no-such-user@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: OurMessages.resetSent });
    const after = await t.ctx.db.query<{ n: number | string }>('SELECT count(*) AS n FROM outbox');
    expect(Number(after.rows[0].n)).toBe(Number(before.rows[0].n));
  });

  test('an affiliate still waiting for KYC gets no password (same answer)', async () => {
    const pending = await createAffiliateUser(t.ctx.db, 'KYC Pending', null);
    const res = await reset(pending.email);
    expect(res.body).toEqual({ message: OurMessages.resetSent });
    expect(await outboxFor(pending.email)).toHaveLength(0);
    const { rows } = await t.ctx.db.query<{ password_hash: string | null }>(
      'SELECT password_hash FROM users WHERE user_id = $1',
      [pending.userId],
    );
    expect(rows[0].password_hash).toBeNull();
  });

  test(`more than ${RESET_LIMIT} resets an hour are ignored quietly`, async () => {
    const email = DEMO_ACCOUNTS.backoffice.email;
    for (let i = 0; i < RESET_LIMIT + 2; i++) {
      const res = await reset(email);
      expect(res.body).toEqual({ message: OurMessages.resetSent });
    }
    const mails = await outboxFor(email);
    expect(mails).toHaveLength(RESET_LIMIT);
    // The last password sent is the one that works.
    const last = temporaryPasswordIn(mails[mails.length - 1].body)!;
    expect((await signIn(t.app, email, last)).status).toBe(200);
  });

  test.each([
    [undefined, Messages.emailRequired],
    ['   ', Messages.emailRequired],
    ['not-an-email', Messages.emailInvalid],
  ])('userName %j answers 400 "%s"', async (userName, message) => {
    const res = await reset(userName);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, errors: { userName: message } });
  });
});

describe('POST /api/users/passwordUpdate', () => {
  const update = (token: string | undefined, body: Record<string, unknown>) => {
    const req = request(t.app).post('/api/users/passwordUpdate');
    return (token ? req.set('Authorization', `Bearer ${token}`) : req).send(body);
  };
  const { affiliate } = DEMO_ACCOUNTS;

  test('needs a session', async () => {
    const res = await update(undefined, {
      currentPassword: 'a',
      newPassword: 'abcdefgh',
      confirmPassword: 'abcdefgh',
    });
    expect(res.status).toBe(401);
  });

  test.each([
    [
      { newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' },
      OurMessages.currentPasswordRequired,
      'currentPassword',
    ],
    [{ currentPassword: 'x', confirmPassword: 'abcdefgh' }, OurMessages.newPasswordRequired, 'newPassword'],
    [
      { currentPassword: 'x', newPassword: 'short7!', confirmPassword: 'short7!' },
      OurMessages.newPasswordTooShort,
      'newPassword',
    ],
    [
      { currentPassword: 'x', newPassword: 'a'.repeat(65), confirmPassword: 'a'.repeat(65) },
      OurMessages.newPasswordTooLong,
      'newPassword',
    ],
    [
      { currentPassword: 'x', newPassword: 'abcdefgh' },
      OurMessages.confirmPasswordRequired,
      'confirmPassword',
    ],
    [
      { currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' },
      OurMessages.passwordMismatch,
      'confirmPassword',
    ],
  ])('%j answers 400 "%s"', async (body, message, field) => {
    const token = await tokenFor(t.app, affiliate.email, affiliate.password);
    const res = await update(token, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[field]).toBe(message);
  });

  test('a wrong current password is refused', async () => {
    const token = await tokenFor(t.app, affiliate.email, affiliate.password);
    const res = await update(token, {
      currentPassword: 'Affiliate@1234',
      newPassword: 'a new pass',
      confirmPassword: 'a new pass',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: OurMessages.currentPasswordWrong,
      errors: { currentPassword: OurMessages.currentPasswordWrong },
    });
  });

  test('success: the new password works, the flag clears, this session lives and the others end', async () => {
    const other = await tokenFor(t.app, affiliate.email, affiliate.password);
    const token = await tokenFor(t.app, affiliate.email, affiliate.password);
    await t.ctx.db.query('UPDATE users SET force_password_update = true WHERE email = $1', [affiliate.email]);
    // 8 characters with no composition rules is enough; 64 is accepted.
    const newPassword = 'plain words only';
    const res = await update(token, {
      currentPassword: affiliate.password,
      newPassword,
      confirmPassword: newPassword,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: Messages.passwordUpdated });

    const auth = (tok: string) =>
      request(t.app).get('/api/user/profile').set('Authorization', `Bearer ${tok}`);
    expect((await auth(token)).status).toBe(200);
    expect((await auth(other)).status).toBe(401);
    expect((await signIn(t.app, affiliate.email, affiliate.password)).status).toBe(401);
    const login = await signIn(t.app, affiliate.email, newPassword);
    expect(login.status).toBe(200);
    expect(login.body.forcePasswordUpdate).toBe(false);

    // 64 characters is accepted (a repeated one like 'x'.repeat(64) is refused as easy to guess: issue 9).
    const longest = 'Seven lanterns drift over the lagoon while ninety ferries wait 4';
    const again = await update(login.body.token, {
      currentPassword: newPassword,
      newPassword: longest,
      confirmPassword: longest,
    });
    expect(again.status).toBe(200);
  });
});
