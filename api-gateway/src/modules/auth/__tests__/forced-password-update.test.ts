import request from 'supertest';
import { OurMessages } from '@portal/contracts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../../seed/demo-accounts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { createAffiliateUser, signIn, tokenFor } from '../../../../test-support/auth-fixtures';

// Issue 9 item 5: a session that must change its password may do only that, enforced by the router.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccounts(t.ctx.db);
});
afterAll(() => t.close());

const { affiliate } = DEMO_ACCOUNTS;

/** A session signed in with the temporary password of a forgot-password email, for a new affiliate each time. */
async function temporarySession(): Promise<{ token: string; temporary: string; email: string }> {
  const { email } = await createAffiliateUser(t.ctx.db, 'KYC Complete', 'Known to the owner 42');
  await request(t.app).post('/api/login/reset').send({ userName: email });
  const { rows } = await t.ctx.db.query<{ body: string }>(
    'SELECT body FROM outbox WHERE lower(recipient) = lower($1) ORDER BY message_id DESC LIMIT 1',
    [email],
  );
  const temporary = /temporary password is: (\S+)/.exec(rows[0].body)![1];
  const login = await signIn(t.app, email, temporary);
  expect(login.body.forcePasswordUpdate).toBe(true);
  return { token: login.body.token as string, temporary, email };
}

const get = (path: string, token: string) =>
  request(t.app).get(`/api${path}`).set('Authorization', `Bearer ${token}`);
const changePassword = (token: string, currentPassword: string, newPassword: string) =>
  request(t.app)
    .post('/api/users/passwordUpdate')
    .set('Authorization', `Bearer ${token}`)
    .send({ currentPassword, newPassword, confirmPassword: newPassword });

test.each(['/user/dashboard', '/user/profile', '/master/roles', '/media?fileUrl=selfies/x.png'])(
  'GET %s answers 403 "password must be changed" to a session signed in with a temporary password',
  async (path) => {
    const { token } = await temporarySession();
    const res = await get(path, token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: OurMessages.passwordChangeRequired });
  },
);

test('every signed-in call but the password update and logout answers 403 to such a session', async () => {
  const { token } = await temporarySession();
  // API-key calls (the retail platform's ingestion) take no session at all: a bearer token is refused there (401).
  const guarded = t.ctx.routeDocs.filter(
    (route) => route.auth !== 'public' && route.auth !== 'apiKey' && !route.allowedDuringForcedPasswordUpdate,
  );
  expect(guarded.length).toBeGreaterThan(10);
  for (const route of guarded) {
    const path = `/api${route.path.replace(/:(\w+)/g, '1')}`;
    const client = request(t.app);
    const call = route.method === 'post' ? client.post(path) : client.get(path);
    const res = await call.set('Authorization', `Bearer ${token}`);
    expect({ call: `${route.method} ${path}`, status: res.status, body: res.body }).toEqual({
      call: `${route.method} ${path}`,
      status: 403,
      body: { message: OurMessages.passwordChangeRequired },
    });
  }
  const open = t.ctx.routeDocs
    .filter((route) => route.allowedDuringForcedPasswordUpdate)
    .map((route) => `${route.method} ${route.path}`);
  expect(open.sort()).toEqual(['post /login/logout', 'post /users/passwordUpdate']);
  // Public calls stay public even when such a token is sent with them.
  expect((await get('/master/affiliate-register-options', token)).status).toBe(200);
});

test('the same holds for an account flagged to change its password (first KYC decision, new user)', async () => {
  const token = await tokenFor(t.app, affiliate.email, affiliate.password);
  await t.ctx.db.query('UPDATE users SET force_password_update = true WHERE email = $1', [affiliate.email]);
  try {
    expect((await get('/user/dashboard', token)).status).toBe(403);
  } finally {
    await t.ctx.db.query('UPDATE users SET force_password_update = false WHERE email = $1', [
      affiliate.email,
    ]);
  }
  expect((await get('/user/dashboard', token)).status).toBe(200);
});

test('logout works for such a session', async () => {
  const { token } = await temporarySession();
  const out = await request(t.app).post('/api/login/logout').set('Authorization', `Bearer ${token}`);
  expect(out.status).toBe(200);
  expect((await get('/user/profile', token)).status).toBe(401);
});

test('after the password update the same session, and a new one, are free', async () => {
  const { token, temporary, email } = await temporarySession();
  const updated = await changePassword(token, temporary, 'Seven ferries wait at dawn');
  expect(updated.status).toBe(200);
  for (const path of ['/user/dashboard', '/user/profile', '/master/roles']) {
    expect({ path, status: (await get(path, token)).status }).toEqual({ path, status: 200 });
  }
  const fresh = await signIn(t.app, email, 'Seven ferries wait at dawn');
  expect(fresh.body.forcePasswordUpdate).toBe(false);
  expect((await get('/user/dashboard', fresh.body.token)).status).toBe(200);
});

test("a session's flag changed in the database holds on the next call", async () => {
  const { token } = await temporarySession();
  expect((await get('/user/profile', token)).status).toBe(403);
  const sessionId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sid as string;
  await t.ctx.db.query('UPDATE sessions SET force_password_update = false WHERE session_id = $1', [
    sessionId,
  ]);
  expect((await get('/user/profile', token)).status).toBe(200);
});
