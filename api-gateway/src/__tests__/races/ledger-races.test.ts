import { reconcileLedger, unreconciledOrders } from '../../../test-support/ledger-reconciliation';
import { createAffiliate, type TestAffiliate } from '../../../test-support/affiliate-fixtures';
import { RACE_PORTALS, type RacePortal, type RateRow } from '../../../test-support/race-portals';

/**
 * Issue 28, the commission ledger under the rates lock: backdated rate uploads race ingestion batches that
 * create orders and move earlier ones in and out of the qualified statuses (Delivered, Rejected, Completed).
 * The ledger's entries are written by the orders' trigger in the writing transaction, so after the rounds
 * every order's entries sum to its commission (0 when not qualified), every affiliate's ledger equals the
 * engine's commission of its qualified orders, and no order has two live earned entries (a unique index).
 */
jest.setTimeout(600_000);

const ROUNDS = 3;
const BATCH = 100;
const BATCHES_AFTER_UPLOAD = 2;
const STATUSES = ['Delivered', 'Rejected', 'Completed', 'Processing'] as const;

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
      externalId: `LEDGER-RACE-R${i}`,
      affiliateCode: affiliate.affiliateCode,
      businessName: `Ledger race shop ${i}`,
      faoName: `Fao ${i}`,
      faoMobileNo: `0803200000${i}`,
      clusterManager: 'Bisi Adewale',
      location: 'Ikeja, Lagos',
    }));
    expect((await portal.callers[0].ingest('retailers', retailers)).status).toBe(200);
    expect((await portal.callers[0].uploadRates(ratesAt(5))).status).toBe(200);
  });
  afterAll(() => portal?.close());

  const ratesAt = (percent: number): RateRow[] =>
    affiliates.map((affiliate, i) => [affiliate.affiliateCode, percent + i, 'Beverages', 0, '2026-01-01']);

  /** Each stream owns its orders (one retailer each): half new, half earlier ones in their next status. */
  const sent = [0, 0];
  const turns = [0, 0];
  const batch = (stream: 0 | 1) => {
    const turn = turns[stream]++;
    return Array.from({ length: BATCH }, (_, k) => {
      const revisit = k % 2 === 1 && sent[stream] > BATCH;
      const n = revisit ? (turn * 37 + k * 11) % sent[stream] : sent[stream]++;
      return {
        externalId: `LEDGER-RACE-${stream}-${n}`,
        retailerExternalId: `LEDGER-RACE-R${stream}`,
        orderDate: '2026-10-15',
        productCategory: 'Beverages',
        orderValue: '1000.00',
        buyerName: `Buyer ${n}`,
        status: revisit ? STATUSES[(turn + n) % STATUSES.length] : 'Delivered',
      };
    }).filter((item, i, all) => all.findIndex((other) => other.externalId === item.externalId) === i);
  };

  test('the ledger reconciles to the kobo after uploads race ingestion and status changes', async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      let uploaded = false;
      const started = [0, 0];
      const stream = async (i: 0 | 1) => {
        let after = 0;
        while (!uploaded || after < BATCHES_AFTER_UPLOAD) {
          if (uploaded) after++;
          const res = await portal.callers[i].ingest('orders', batch(i));
          expect(res.status).toBe(200);
          started[i]++;
        }
      };
      const upload = async () => {
        while (started[0] < 1 || started[1] < 1) await new Promise((resolve) => setTimeout(resolve, 5));
        const res = await portal.callers[round % 2].uploadRates(ratesAt(round * 10));
        uploaded = true;
        expect(res.status).toBe(200);
      };
      await Promise.all([stream(0), stream(1), upload()]);
    }

    expect(await unreconciledOrders(portal.db)).toEqual([]);
    expect(
      await reconcileLedger(
        portal.db,
        affiliates.map((a) => a.affiliateId),
      ),
    ).toEqual([]);
    const { rows } = await portal.db.query<{ kind: string }>(
      `SELECT DISTINCT e.kind FROM commission_entries e JOIN orders o USING (order_id)
        WHERE o.external_id LIKE 'LEDGER-RACE-%' ORDER BY 1`,
    );
    // Uploads replaced earned entries and orders left the qualified statuses: both paths were raced.
    expect(rows.map((row) => row.kind)).toEqual(['earned', 'reversal']);
  });
});
