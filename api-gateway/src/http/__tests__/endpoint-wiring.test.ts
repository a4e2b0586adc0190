import request from 'supertest';
import { ALL_ENDPOINTS } from '@portal/contracts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../seed/demo-accounts';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { mountedApiRoutes } from '../../../test-support/mounted-routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('every route the gateway serves is an endpoint definition, and every definition is served', () => {
  const mounted = new Set(mountedApiRoutes(t.app).map((route) => `${route.method} ${route.path}`));
  const defined = new Set(ALL_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`));

  expect([...mounted].filter((route) => !defined.has(route))).toEqual([]);
  expect([...defined].filter((route) => !mounted.has(route))).toEqual([]);
  expect(defined.size).toBe(ALL_ENDPOINTS.length);
});

test('what the router registered is the definitions themselves, each once', () => {
  const wired = t.ctx.routeDocs;
  expect(new Set(wired).size).toBe(wired.length);
  for (const endpoint of wired) expect(ALL_ENDPOINTS).toContain(endpoint);
});

test("every answer is Express's res.json: JSON content type, length and body agree; a read has an ETag", async () => {
  await seedDemoAccounts(t.ctx.db);
  // Back office: one sign-in call gives the token (the demo admin's needs the code step too, issue 29).
  const { email, password } = DEMO_ACCOUNTS.backoffice;
  const signIn = await request(t.app).post('/api/login/auth').send({ userName: email, password });
  expect(signIn.status).toBe(200);
  expect(signIn.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(Number(signIn.headers['content-length'])).toBe(Buffer.byteLength(signIn.text));
  expect(JSON.parse(signIn.text)).toEqual(signIn.body);
  const profile = await request(t.app)
    .get('/api/user/profile')
    .set('Authorization', `Bearer ${signIn.body.token}`);
  expect(profile.status).toBe(200);
  expect(profile.headers.etag).toMatch(/^W\/"/);
});
