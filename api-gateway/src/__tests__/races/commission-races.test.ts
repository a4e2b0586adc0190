import { earnedCommissionSql } from '../../modules/commission';
import { createAffiliate, type TestAffiliate } from '../../../test-support/affiliate-fixtures';
import { RACE_PORTALS, type RacePortal, type RateRow } from '../../../test-support/race-portals';

/**
 * Issue 25, item 1: a rate upload racing continuous ingestion. Each order's commission is computed from the
 * rates its statement sees and an upload recomputes the orders it sees; without one lock ordering the two,
 * an order committed while the upload runs keeps the old rate for good. After the rounds, every stored
 * commission must equal the engine's rule applied to the rates in force.
 */
jest.setTimeout(600_000);

const ROUNDS = 3;
const BATCH = 200;
/** Batches each stream still sends after the upload answered, so ingestion surrounds the whole upload. */
const BATCHES_AFTER_UPLOAD = 2;

describe.each(RACE_PORTALS)('%s', (_name, open) => {
  let portal: RacePortal;
  let affiliates: TestAffiliate[];

  beforeAll(async () => {
    portal = await open();
    affiliates = [
      await createAffiliate(portal.db, { status: 'KYC Complete' }),
      await createAffiliate(portal.db, { status: 'KYC Complete' }),
    ];
    const retailers = affiliates.map((affiliate, i) => ({
      externalId: `RACE-R${i}`,
      affiliateCode: affiliate.affiliateCode,
      businessName: `Race shop ${i}`,
      faoName: `Fao ${i}`,
      faoMobileNo: `0803100000${i}`,
      clusterManager: 'Bisi Adewale',
      location: 'Ikeja, Lagos',
    }));
    expect((await portal.callers[0].ingest('retailers', retailers)).status).toBe(200);
    expect((await portal.callers[0].uploadRates(ratesAt(5))).status).toBe(200);
  });
  afterAll(() => portal?.close());

  /** Every affiliate's Beverages rate from 2026-01-01: `percent`, one more for the second affiliate. */
  const ratesAt = (percent: number): RateRow[] =>
    affiliates.map((affiliate, i) => [affiliate.affiliateCode, percent + i, 'Beverages', 0, '2026-01-01']);

  let sent = 0;
  const batch = () =>
    Array.from({ length: BATCH }, () => {
      const n = sent++;
      return {
        externalId: `RACE-O${n}`,
        retailerExternalId: `RACE-R${n % 2}`,
        orderDate: '2026-10-15',
        productCategory: 'Beverages',
        orderValue: '1000.00',
        buyerName: `Buyer ${n}`,
        status: 'Delivered',
      };
    });

  test('every order keeps the commission of the rates in force after uploads race ingestion', async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      let uploaded = false;
      const started = [0, 0];
      const stream = async (i: 0 | 1) => {
        let after = 0;
        while (!uploaded || after < BATCHES_AFTER_UPLOAD) {
          if (uploaded) after++;
          const res = await portal.callers[i].ingest('orders', batch());
          expect(res).toMatchObject({ status: 200, body: { created: BATCH } });
          started[i]++;
        }
      };
      const upload = async () => {
        // Once both streams are under way, so the upload meets batches in flight.
        while (started[0] < 1 || started[1] < 1) await new Promise((resolve) => setTimeout(resolve, 5));
        const res = await portal.callers[round % 2].uploadRates(ratesAt(round * 10));
        uploaded = true;
        expect(res.status).toBe(200);
      };
      await Promise.all([stream(0), stream(1), upload()]);
    }

    const { rows: counted } = await portal.db.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM orders',
    );
    expect(Number(counted[0].n)).toBe(sent);
    expect(await staleOrders(portal)).toEqual({ stale: 0, examples: [] });
    // The last upload's rates: 30 % and 31 % of 1,000.00.
    const { rows } = await portal.db.query<{ amount: string; n: string | number }>(
      'SELECT commission_amount::text AS amount, count(*) AS n FROM orders GROUP BY 1 ORDER BY 1',
    );
    expect(rows.map((row) => row.amount)).toEqual(['300.00', '310.00']);
  });
});

/** Orders whose stored commission or rate date differs from the engine's rule over today's rates. */
async function staleOrders(portal: RacePortal): Promise<{ stale: number; examples: string[] }> {
  const earned = earnedCommissionSql({
    affiliateCode: 'a.affiliate_code',
    productCategory: 'o.product_category',
    orderDate: 'o.order_date',
    orderValue: 'o.order_value',
    status: 'o.status',
  });
  const { rows } = await portal.db.query<{ example: string }>(
    `SELECT o.external_id || ': ' || o.commission_amount || ' stored, ' || ${earned.amount} || ' due' AS example
       FROM orders o JOIN affiliates a ON a.affiliate_id = o.affiliate_id
       ${earned.join}
      WHERE (o.commission_amount, o.commission_rate_date) IS DISTINCT FROM (${earned.amount}, ${earned.rateDate})
      ORDER BY o.order_id`,
  );
  return { stale: rows.length, examples: rows.slice(0, 3).map((row) => row.example) };
}
