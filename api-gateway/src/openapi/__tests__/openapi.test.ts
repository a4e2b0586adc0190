import request from 'supertest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { mountedApiRoutes } from '../../../test-support/mounted-routes';
import { openApiPaths, type OpenApiDocument } from '../document';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('GET /api/openapi.json documents every call there is, in OpenAPI 3.1', async () => {
  const res = await request(t.app).get('/api/openapi.json');
  expect(res.status).toBe(200);
  const doc = res.body as OpenApiDocument;
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.servers).toEqual([{ url: '/api' }]);

  const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method} ${path}`),
  );
  const mounted = mountedApiRoutes(t.app).flatMap((route) =>
    openApiPaths(route.path).map(({ path }) => `${route.method} ${path}`),
  );
  expect(mounted.length).toBeGreaterThan(5);
  expect(documented.sort()).toEqual(expect.arrayContaining([...new Set(mounted)].sort()));
  expect(mounted).toEqual(expect.arrayContaining(['post /login/auth', 'get /user/profile', 'get /health']));
});

test('operations carry their schemas, security and standard errors', async () => {
  const doc = (await request(t.app).get('/api/openapi.json')).body as OpenApiDocument;
  const login = doc.paths['/login/auth'].post;
  expect(login.security).toEqual([]);
  const body = (login.requestBody as { content: Record<string, { schema: Record<string, unknown> }> })
    .content['application/json'].schema;
  expect(body).toMatchObject({ type: 'object', required: ['userName', 'password'] });
  expect(Object.keys(body.properties as object)).toEqual(['userName', 'password', 'latitude', 'longitude']);
  // The login response, or (issue 29) the second factor's challenge.
  expect(login.responses['200']).toMatchObject({
    content: { 'application/json': { schema: { anyOf: [{ type: 'object' }, { type: 'object' }] } } },
  });
  expect(login.responses['400']).toBeDefined();

  const profile = doc.paths['/user/profile'].get;
  expect(profile.security).toEqual([{ bearerAuth: [] }]);
  expect(profile.responses['401']).toMatchObject({
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
  });
  expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  // Every reference resolves inside the document.
  const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
  for (const ref of refs) {
    const target = ref.slice(8, -1);
    expect(target.startsWith('#/components/schemas/')).toBe(true);
    expect(doc.components.schemas[target.slice('#/components/schemas/'.length)]).toBeDefined();
  }
});

test('GET /api/docs serves Swagger UI with its own CSP, and its files', async () => {
  const page = await request(t.app).get('/api/docs');
  expect(page.status).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  expect(page.text).toContain('data-spec-url="/api/openapi.json"');
  const csp = page.headers['content-security-policy'];
  expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);

  const bundle = await request(t.app).get('/api/docs/assets/swagger-ui-bundle.js');
  expect(bundle.status).toBe(200);
  expect(bundle.headers['content-type']).toMatch(/javascript/);
  const init = await request(t.app).get('/api/docs/init.js');
  expect(init.text).toContain('SwaggerUIBundle');
  const missing = await request(t.app).get('/api/docs/assets/nope.js');
  expect(missing.status).toBe(404);
  expect(missing.body.message).toMatch(/No such call/);
});

test('Express paths become OpenAPI paths', () => {
  expect(openApiPaths('/admin/user/:id')).toEqual([{ path: '/admin/user/{id}', params: ['id'] }]);
  expect(openApiPaths('/admin/allorder{/:page}')).toEqual([
    { path: '/admin/allorder', params: [] },
    { path: '/admin/allorder/{page}', params: ['page'] },
  ]);
});
