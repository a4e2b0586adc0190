import request from 'supertest';
import { ApiKeyMessages } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createStaffUser } from '../../../../test-support/affiliate-fixtures';

jest.setTimeout(60_000);

let t: TestApp;
let asAdmin: string;
let asBackOffice: string;

beforeAll(async () => {
  t = await createTestApp();
  asAdmin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
  asBackOffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
});
afterAll(() => t.close());

const retailers = (key: string) =>
  request(t.app).post('/api/integration/retailers').set('X-API-Key', key).send({ retailers: [] });

test('an admin creates a key through the API, the key opens the integration calls until it is revoked', async () => {
  const created = await request(t.app)
    .post('/api/admin/api-keys')
    .set('Authorization', asAdmin)
    .send({ name: 'retail-platform' });
  expect(created.status).toBe(201);
  expect(created.body).toEqual({ name: 'retail-platform', key: expect.stringMatching(/^apk_/) });
  const key = created.body.key as string;
  expect((await retailers(key)).status).not.toBe(401);

  const again = await request(t.app)
    .post('/api/admin/api-keys')
    .set('Authorization', asAdmin)
    .send({ name: 'retail-platform' });
  expect(again.status).toBe(409);
  expect(again.body.message).toBe(ApiKeyMessages.exists('retail-platform'));

  const listed = await request(t.app).get('/api/admin/api-keys').set('Authorization', asAdmin);
  expect(listed.status).toBe(200);
  expect(listed.body).toEqual([
    { name: 'retail-platform', prefix: key.slice(0, 10), createdAt: expect.any(String), revokedAt: null },
  ]);
  // The key itself is never listed.
  expect(JSON.stringify(listed.body)).not.toContain(key);

  const revoked = await request(t.app)
    .post('/api/admin/api-keys/revoke/retail-platform')
    .set('Authorization', asAdmin);
  expect(revoked.status).toBe(200);
  expect(revoked.body.message).toBe(ApiKeyMessages.revoked('retail-platform'));
  expect((await retailers(key)).status).toBe(401);

  const twice = await request(t.app)
    .post('/api/admin/api-keys/revoke/retail-platform')
    .set('Authorization', asAdmin);
  expect(twice.status).toBe(404);
  expect(twice.body.message).toBe(ApiKeyMessages.noLiveKey('retail-platform'));
});

test('a bad key name is refused with the rule, and nothing is stored', async () => {
  for (const name of ['', 'a b', 'x'.repeat(65), '-starts-with-a-dash', 42]) {
    const res = await request(t.app).post('/api/admin/api-keys').set('Authorization', asAdmin).send({ name });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ApiKeyMessages.name);
  }
  const { rows } = await t.ctx.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM integration_api_keys WHERE name <> 'retail-platform'",
  );
  expect(rows[0].n).toBe(0);
});

test('back office may not see or make keys', async () => {
  expect((await request(t.app).get('/api/admin/api-keys').set('Authorization', asBackOffice)).status).toBe(
    403,
  );
  const made = await request(t.app)
    .post('/api/admin/api-keys')
    .set('Authorization', asBackOffice)
    .send({ name: 'sneaky' });
  expect(made.status).toBe(403);
});
