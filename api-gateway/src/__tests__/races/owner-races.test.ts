import { IntegrationMessages } from '@portal/contracts';
import { createAffiliate, type TestAffiliate } from '../../../test-support/affiliate-fixtures';
import { RACE_PORTALS, type Answer, type RacePortal } from '../../../test-support/race-portals';

/**
 * Issue 25, item 2: one new retailer sent at once under two affiliates, one new order sent at once under
 * two retailers (through two gateways when there are two). Exactly one caller is told 2xx and what is
 * stored is what it sent; the other is told 409, naming the item, and nothing of its batch is stored.
 */
jest.setTimeout(300_000);

const ROUNDS = 10;

describe.each(RACE_PORTALS)('%s', (_name, open) => {
  let portal: RacePortal;
  let affiliates: TestAffiliate[];

  beforeAll(async () => {
    portal = await open();
    affiliates = [
      await createAffiliate(portal.db, { status: 'KYC Complete' }),
      await createAffiliate(portal.db, { status: 'KYC Complete' }),
    ];
    // Each affiliate's own retailer, and rates far apart: 1 % for the first, 50 % for the second.
    expect(
      (await portal.callers[0].ingest('retailers', [retailer('OWN-R0', 0), retailer('OWN-R1', 1)])).status,
    ).toBe(200);
    const upload = await portal.callers[0].uploadRates([
      [affiliates[0].affiliateCode, 1, 'Beverages', 0, '2026-01-01'],
      [affiliates[1].affiliateCode, 50, 'Beverages', 0, '2026-01-01'],
    ]);
    expect(upload.status).toBe(200);
  });
  afterAll(() => portal?.close());

  const retailer = (externalId: string, owner: 0 | 1) => ({
    externalId,
    affiliateCode: affiliates[owner].affiliateCode,
    businessName: `Shop of ${owner}`,
    faoName: 'Ngozi Okafor',
    faoMobileNo: '08031234567',
    clusterManager: 'Bisi Adewale',
    location: 'Ikeja, Lagos',
  });

  const order = (externalId: string, owner: 0 | 1) => ({
    externalId,
    retailerExternalId: `OWN-R${owner}`,
    orderDate: '2026-10-15',
    productCategory: 'Beverages',
    orderValue: '10000.00',
    buyerName: 'Kemi Alade',
    status: 'Delivered',
  });

  /** Which of the two answers won: exactly one is 200, the other 409 naming the item. */
  function winnerOf(answers: Answer[], what: 'retailers' | 'orders', externalId: string): 0 | 1 {
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers[0].status === 200 ? 0 : 1;
    const loser = answers[1 - winner];
    const field = what === 'retailers' ? 'affiliateCode' : 'retailerExternalId';
    expect(loser.body).toEqual({
      message: IntegrationMessages.ownerConflict(what, [externalId]),
      errors: {
        [`${what}[0].${field}`]:
          what === 'retailers' ? IntegrationMessages.affiliateChanged : IntegrationMessages.retailerChanged,
      },
    });
    expect(answers[winner].body).toEqual({ created: 1, updated: 0, unchanged: 0 });
    return winner;
  }

  test('one new retailer sent at once under two affiliates: one 2xx, stored with that one; the other 409', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const externalId = `RACE-R${round}`;
      const answers = await Promise.all(
        ([0, 1] as const).map((owner) =>
          portal.callers[owner].ingest('retailers', [retailer(externalId, owner)]),
        ),
      );
      const winner = winnerOf(answers, 'retailers', externalId);
      const { rows } = await portal.db.query<{ affiliate_id: string | number; business_name: string }>(
        'SELECT affiliate_id, business_name FROM retailers WHERE external_id = $1',
        [externalId],
      );
      expect(rows.map((row) => [Number(row.affiliate_id), row.business_name])).toEqual([
        [affiliates[winner].affiliateId, `Shop of ${winner}`],
      ]);
    }
  });

  test('one new order sent at once under two retailers: one 2xx, stored with its retailer and rate; the other 409', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const externalId = `RACE-O${round}`;
      const answers = await Promise.all(
        ([0, 1] as const).map((owner) => portal.callers[owner].ingest('orders', [order(externalId, owner)])),
      );
      const winner = winnerOf(answers, 'orders', externalId);
      const { rows } = await portal.db.query<{
        retailer: string;
        affiliate_id: string | number;
        amount: string;
      }>(
        `SELECT r.external_id AS retailer, o.affiliate_id, o.commission_amount::text AS amount
           FROM orders o JOIN retailers r ON r.retailer_id = o.retailer_id WHERE o.external_id = $1`,
        [externalId],
      );
      // 1 % or 50 % of 10,000.00: the winner's affiliate's rate, never the other's.
      expect(rows).toEqual([
        {
          retailer: `OWN-R${winner}`,
          affiliate_id: expect.anything(),
          amount: winner === 0 ? '100.00' : '5000.00',
        },
      ]);
      expect(Number(rows[0].affiliate_id)).toBe(affiliates[winner].affiliateId);
    }
    // The monthly summary holds the winners only: one order each round.
    const { rows } = await portal.db.query<{ n: string | number }>(
      `SELECT sum(qualified_orders) AS n FROM affiliate_commission_months`,
    );
    expect(Number(rows[0].n)).toBe(ROUNDS);
  });
});
