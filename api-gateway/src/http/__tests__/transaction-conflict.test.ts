import request from 'supertest';
import { TRANSACTION_ATTEMPTS } from '../../db/database';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { createAffiliate, type TestAffiliate } from '../../../test-support/affiliate-fixtures';
import { TRANSACTION_CONFLICT_MESSAGE } from '../errors';

const KEY = 'configured-integration-key-for-tests-0001';

let t: TestApp;
let affiliate: TestAffiliate;

beforeAll(async () => {
  t = await createTestApp({ INTEGRATION_API_KEY: KEY });
  affiliate = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
  // The database ends the first `fail_first` retailer inserts as it ends a deadlock's victim (40P01). A
  // sequence counts across the rollbacks.
  await t.ctx.db.exec(`
    CREATE TABLE test_conflicts (fail_first integer NOT NULL);
    CREATE SEQUENCE test_tries;
    CREATE FUNCTION test_conflict() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF nextval('test_tries') <= (SELECT coalesce(max(fail_first), 0) FROM test_conflicts) THEN
        RAISE EXCEPTION 'deadlock for the test' USING ERRCODE = 'deadlock_detected';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER test_conflict BEFORE INSERT ON retailers FOR EACH ROW EXECUTE FUNCTION test_conflict();
  `);
});
afterAll(() => t.close());

async function failFirst(times: number) {
  await t.ctx.db.exec(`DELETE FROM test_conflicts; SELECT setval('test_tries', 1, false);`);
  await t.ctx.db.query('INSERT INTO test_conflicts VALUES ($1)', [times]);
}

const tries = async () =>
  Number((await t.ctx.db.query<{ n: string }>(`SELECT last_value AS n FROM test_tries`)).rows[0].n);

const sendRetailer = (externalId: string) =>
  request(t.app)
    .post('/api/integration/retailers')
    .set('X-API-Key', KEY)
    .send({
      retailers: [
        {
          externalId,
          affiliateCode: affiliate.affiliateCode,
          businessName: 'Shop',
          faoName: 'Fao',
          faoMobileNo: '08030000001',
          clusterManager: 'Bisi Adewale',
          location: 'Ikeja, Lagos',
        },
      ],
    });

const stored = async (externalId: string) =>
  Number(
    (
      await t.ctx.db.query<{ n: string | number }>(
        'SELECT count(*) AS n FROM retailers WHERE external_id = $1',
        [externalId],
      )
    ).rows[0].n,
  );

test('a deadlock that keeps recurring answers 503 with a message after every attempt, nothing stored', async () => {
  await failFirst(1000);
  const res = await sendRetailer('R-BUSY');
  expect(res.status).toBe(503);
  expect(res.body).toEqual({ message: TRANSACTION_CONFLICT_MESSAGE });
  expect(res.headers['retry-after']).toBe('1');
  expect(await tries()).toBe(TRANSACTION_ATTEMPTS);
  expect(await stored('R-BUSY')).toBe(0);
});

test('a deadlock that clears on a later attempt is not seen by the caller: stored once', async () => {
  await failFirst(TRANSACTION_ATTEMPTS - 1);
  const res = await sendRetailer('R-LATER');
  expect(res.status).toBeLessThan(300);
  expect(await tries()).toBe(TRANSACTION_ATTEMPTS);
  expect(await stored('R-LATER')).toBe(1);
});
