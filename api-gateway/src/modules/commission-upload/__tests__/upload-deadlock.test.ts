import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { rateRows, workbook } from '../../../../test-support/rate-workbooks';

jest.setTimeout(120_000);

let t: TestApp;
let admin: string;
let code: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
  code = (await createAffiliate(t.ctx.db, { status: 'KYC Complete' })).affiliateCode;
  // The database ends the upload's first transaction as it ends a deadlock's victim (40P01), once.
  await t.ctx.db.exec(`
    CREATE SEQUENCE test_tries;
    CREATE FUNCTION test_deadlock_once() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF nextval('test_tries') = 1 THEN
        RAISE EXCEPTION 'deadlock for the test' USING ERRCODE = 'deadlock_detected';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER test_deadlock_once BEFORE INSERT ON commission_uploads
      FOR EACH ROW EXECUTE FUNCTION test_deadlock_once();
  `);
});
afterAll(() => t.close());

const count = async (sql: string) => Number((await t.ctx.db.query<{ n: string | number }>(sql)).rows[0].n);

test('an upload whose transaction the database ends in a deadlock runs again and is stored once, whole', async () => {
  const rows = Array.from(
    { length: 2_500 },
    (_, i) => [code, 1, `Category ${i}`, 0, '2026-01-01'] as [string, number, string, number, string],
  );
  const response = await request(t.app)
    .post('/api/master/commision/upload')
    .set('Authorization', admin)
    .attach('data', workbook(rateRows(...rows)), 'rates.xlsx');

  expect(response.status).toBe(200);
  expect(await count('SELECT last_value AS n FROM test_tries')).toBe(2);
  expect(await count('SELECT count(*) AS n FROM commission_uploads')).toBe(1);
  expect(await count('SELECT count(*) AS n FROM commission_rates')).toBe(2_500);
});
