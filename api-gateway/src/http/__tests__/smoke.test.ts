import request from 'supertest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('unknown call answers JSON 404', async () => {
  const res = await request(t.app).get('/api/nope');
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ message: 'No such call: GET /api/nope' });
});
