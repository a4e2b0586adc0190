import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createStaffUser } from '../../../../test-support/affiliate-fixtures';

// One export per user across gateways is a row in export_runs naming the gateway that holds it (PostgreSQL only:
// the embedded database has one process).
const describeOnPostgres = process.env.DATABASE_URL ? describe : describe.skip;

let t: TestApp;
let userId: number;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  userId = await createStaffUser(t.ctx.db, 1);
  admin = await bearer(t.ctx, userId);
});

afterAll(async () => {
  await t?.close();
});

describeOnPostgres('the export slot across gateways', () => {
  it('is taken over at once from a gateway that died mid-export (no connection of it is left)', async () => {
    await t.ctx.db.query(`INSERT INTO export_runs (user_id, started_at, owner) VALUES ($1, now(), $2)`, [
      userId,
      'portal-gateway-that-was-killed',
    ]);
    const res = await request(t.app).get('/api/report/loginhistory').set('Authorization', admin);
    expect(res.status).toBe(200);
    expect((await t.ctx.db.query('SELECT 1 FROM export_runs WHERE user_id = $1', [userId])).rowCount).toBe(0);
  });

  it('is refused while a live gateway holds it', async () => {
    await t.ctx.db.query(`INSERT INTO export_runs (user_id, started_at, owner) VALUES ($1, now(), $2)`, [
      userId,
      t.ctx.db.instanceName,
    ]);
    const res = await request(t.app).get('/api/report/loginhistory').set('Authorization', admin);
    expect(res.status).toBe(429);
    expect(res.body.message).toEqual(expect.any(String));
    await t.ctx.db.query('DELETE FROM export_runs WHERE user_id = $1', [userId]);
  });
});
