import request from 'supertest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../backoffice/test-fixtures';
import { TRANSACTION_CONFLICT_MESSAGE } from '../../../http/errors';
import { rateRows, workbook } from '../test-workbooks';

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

test('an upload whose transaction the database ends in a deadlock is not stored in part: 503, then the file again stores it whole', async () => {
  // Several of the worker's ranges: the sheet is read while it is stored, so what was read cannot be read again.
  const rows = Array.from(
    { length: 2_500 },
    (_, i) => [code, 1, `Category ${i}`, 0, '2026-01-01'] as [string, number, string, number, string],
  );
  const file = workbook(rateRows(...rows));
  const send = () =>
    request(t.app)
      .post('/api/master/commision/upload')
      .set('Authorization', admin)
      .attach('data', file, 'rates.xlsx');

  const busy = await send();
  expect(busy.status).toBe(503);
  expect(busy.body).toMatchObject({ message: TRANSACTION_CONFLICT_MESSAGE });
  expect(await count('SELECT count(*) AS n FROM commission_uploads')).toBe(0);
  expect(await count('SELECT count(*) AS n FROM commission_rates')).toBe(0);

  const again = await send();
  expect(again.status).toBe(200);
  expect(await count('SELECT count(*) AS n FROM commission_rates')).toBe(2_500);
});
