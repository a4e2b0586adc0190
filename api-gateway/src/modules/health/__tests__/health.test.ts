import request from 'supertest';
import { HealthResponse } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';

let t: TestApp;
let admin: string;
let backoffice: string;
let affiliate: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
  backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
  const amaka = await createAffiliate(t.ctx.db, { status: 'KYC Complete', passwordHash: 'x' });
  affiliate = await bearer(t.ctx, amaka.userId);
});
afterAll(() => t.close());

test('GET /api/health reports the database and the version to staff', async () => {
  for (const staff of [admin, backoffice]) {
    const res = await request(t.app).get('/api/health').set('Authorization', staff);
    expect(res.status).toBe(200);
    const body = HealthResponse.parse(res.body);
    expect(body.status).toBe('ok');
    expect(body.database).toEqual({
      reachable: true,
      driver: t.ctx.db.driver,
      version: expect.stringMatching(/^PostgreSQL \d+/),
    });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(res.headers['x-request-id']).toBeDefined();
  }
});

test('anonymous callers, affiliates and stale tokens see only up or down', async () => {
  for (const authorization of [undefined, affiliate, 'Bearer not-a-token']) {
    const call = request(t.app).get('/api/health');
    const res = await (authorization ? call.set('Authorization', authorization) : call);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(JSON.stringify(res.body)).not.toMatch(/PostgreSQL|pglite/i);
  }
});

test('answers 503, degraded, when the database does not answer', async () => {
  const spy = jest.spyOn(t.ctx.db, 'query').mockRejectedValueOnce(new Error('connection refused'));
  try {
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(503);
    expect(HealthResponse.parse(res.body)).toEqual({ status: 'degraded' });
  } finally {
    spy.mockRestore();
  }
});

test('staff see which part is down', async () => {
  const query = t.ctx.db.query.bind(t.ctx.db);
  const spy = jest
    .spyOn(t.ctx.db, 'query')
    .mockImplementation(((text: string, params?: readonly unknown[]) =>
      text.includes('version()')
        ? Promise.reject(new Error('connection refused'))
        : query(text, params)) as typeof t.ctx.db.query);
  try {
    const down = await request(t.app).get('/api/health').set('Authorization', admin);
    expect(down.status).toBe(503);
    expect(HealthResponse.parse(down.body)).toMatchObject({
      status: 'degraded',
      database: { reachable: false, version: null },
    });
  } finally {
    spy.mockRestore();
  }
});
