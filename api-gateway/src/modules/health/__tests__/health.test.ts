import request from 'supertest';
import { HealthResponse } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('GET /api/health reports the database and the version', async () => {
  const res = await request(t.app).get('/api/health');
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
});

test('answers 503, degraded, when the database does not answer', async () => {
  const spy = jest.spyOn(t.ctx.db, 'query').mockRejectedValueOnce(new Error('connection refused'));
  try {
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(503);
    expect(HealthResponse.parse(res.body)).toMatchObject({
      status: 'degraded',
      database: { reachable: false, version: null },
    });
  } finally {
    spy.mockRestore();
  }
});
