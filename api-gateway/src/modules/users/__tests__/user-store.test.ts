import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { createAffiliateUser, signIn, tokenFor } from '../../../../test-support/auth-fixtures';
import { revokeSessions, setActive } from '../user-store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Known to the owner 42';
const profile = (token: string) =>
  request(t.app).get('/api/user/profile').set('Authorization', `Bearer ${token}`);

test('setActive(false) ends every session at once; setActive(true) lets the user sign in again', async () => {
  const user = await createAffiliateUser(t.ctx.db, 'KYC Complete', PASSWORD);
  const token = await tokenFor(t.app, user.email, PASSWORD);
  expect((await profile(token)).status).toBe(200);

  await setActive(t.ctx.db, user.userId, false, t.ctx.now());
  expect((await profile(token)).status).toBe(401);
  expect((await signIn(t.app, user.email, PASSWORD)).status).toBe(403);

  await setActive(t.ctx.db, user.userId, true, t.ctx.now());
  // The old session stays ended; a new sign-in works.
  expect((await profile(token)).status).toBe(401);
  expect((await signIn(t.app, user.email, PASSWORD)).status).toBe(200);
});

test("revokeSessions ends all sessions of the user but the one kept, and no one else's", async () => {
  const user = await createAffiliateUser(t.ctx.db, 'KYC Complete', PASSWORD);
  const other = await createAffiliateUser(t.ctx.db, 'KYC Complete', PASSWORD);
  const kept = await tokenFor(t.app, user.email, PASSWORD);
  const ended = await tokenFor(t.app, user.email, PASSWORD);
  const othersToken = await tokenFor(t.app, other.email, PASSWORD);
  // Each is cached after its first call; revoking must reach the cache too.
  for (const token of [kept, ended, othersToken]) expect((await profile(token)).status).toBe(200);

  const sessionId = JSON.parse(Buffer.from(kept.split('.')[1], 'base64url').toString()).sid as string;
  await revokeSessions(t.ctx.db, user.userId, t.ctx.now(), { sessionId });
  expect((await profile(kept)).status).toBe(200);
  expect((await profile(ended)).status).toBe(401);
  expect((await profile(othersToken)).status).toBe(200);
});
