import { ALL_ENDPOINTS } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { mountedApiRoutes } from '../../test-support/mounted-routes';

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
