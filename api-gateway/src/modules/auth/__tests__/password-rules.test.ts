import request from 'supertest';
import { OurMessages } from '@portal/contracts';
import { seedDemoAccounts } from '../../../seed/demo-accounts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { createAffiliateUser, signIn, tokenFor } from '../../../../test-support/auth-fixtures';

// Issue 9 item 6: a new password may be neither the current one nor a common or easy-to-guess one.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccounts(t.ctx.db);
});
afterAll(() => t.close());

const CURRENT = 'Known to the owner 42';
const update = (token: string, currentPassword: string, newPassword: string) =>
  request(t.app)
    .post('/api/users/passwordUpdate')
    .set('Authorization', `Bearer ${token}`)
    .send({ currentPassword, newPassword, confirmPassword: newPassword });

async function owner() {
  const user = await createAffiliateUser(t.ctx.db, 'KYC Complete', CURRENT);
  return { ...user, token: await tokenFor(t.app, user.email, CURRENT) };
}

test.each(['aaaaaaaa', 'password123', 'qwertyuiop', 'P@ssw0rd2024', 'iloveyou1', '12345678'])(
  '%j is refused as too common, and the password stays as it was',
  async (newPassword) => {
    const { email, token } = await owner();
    const res = await update(token, CURRENT, newPassword);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: OurMessages.newPasswordTooCommon,
      errors: { newPassword: OurMessages.newPasswordTooCommon },
    });
    expect((await signIn(t.app, email, CURRENT)).status).toBe(200);
  },
);

test("the user's own email is refused", async () => {
  const { email, token } = await owner();
  const res = await update(token, CURRENT, email);
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(OurMessages.newPasswordTooCommon);
});

test('the current password is refused', async () => {
  const { token } = await owner();
  const res = await update(token, CURRENT, CURRENT);
  expect(res.status).toBe(400);
  expect(res.body).toEqual({
    message: OurMessages.newPasswordSameAsCurrent,
    errors: { newPassword: OurMessages.newPasswordSameAsCurrent },
  });
});

test('after signing in with a temporary password, the password on file is refused as the new one', async () => {
  const { email } = await owner();
  await request(t.app).post('/api/login/reset').send({ userName: email });
  const { rows } = await t.ctx.db.query<{ body: string }>(
    'SELECT body FROM outbox WHERE recipient = $1 ORDER BY message_id DESC LIMIT 1',
    [email],
  );
  const temporary = /temporary password is: (\S+)/.exec(rows[0].body)![1];
  const login = await signIn(t.app, email, temporary);
  const res = await update(login.body.token, temporary, CURRENT);
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(OurMessages.newPasswordSameAsCurrent);
  // A password of its own is accepted.
  expect((await update(login.body.token, temporary, 'Seven ferries wait at dawn')).status).toBe(200);
});
