import { createAffiliate } from '../../../test-support/affiliate-fixtures';
import { call, countStatuses, RACE_PORTALS, type RacePortal } from '../../../test-support/race-portals';

/**
 * Issue 49: the same evidence never opens two cases, whichever gateways look at once. Each round plants affiliates
 * sharing a mobile; on two gateways their background workers raise the marks while scans are asked of both at
 * once. Every planted affiliate ends with exactly one open case of its kind, and no call fails.
 */
jest.setTimeout(300_000);

const ROUNDS = 4;
const PAIRS_PER_ROUND = 3;

describe.each(RACE_PORTALS)('%s', (_name, open) => {
  let portal: RacePortal;

  beforeAll(async () => {
    portal = await open();
  });
  afterAll(() => portal?.close());

  test('scans and change-driven passes at once open one case per affiliate and kind', async () => {
    const planted: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (let pair = 0; pair < PAIRS_PER_ROUND; pair++) {
        const first = await createAffiliate(portal.db, { status: 'KYC Complete' });
        const second = await createAffiliate(portal.db, { status: 'KYC Complete' });
        await portal.db.query(
          `UPDATE affiliates SET mobile_number = (SELECT mobile_number FROM affiliates WHERE affiliate_id = $1)
            WHERE affiliate_id = $2`,
          [first.affiliateId, second.affiliateId],
        );
        planted.push(first.affiliateId, second.affiliateId);
      }
      const scans = await Promise.all(
        [0, 1, 0, 1].map((i) =>
          call(portal.urls[i % portal.urls.length], 'POST', '/api/risk/scan', { token: portal.adminToken }),
        ),
      );
      expect(countStatuses(scans)).toEqual({ 200: 4 });
      const opened = scans.reduce((sum, scan) => sum + Number(scan.body.opened), 0);
      // What the gateways' own workers did not open first, the scans did, once.
      expect(opened).toBeLessThanOrEqual(PAIRS_PER_ROUND * 2);
    }
    const { rows } = await portal.db.query<{ affiliate_id: string | number; n: string | number }>(
      `SELECT affiliate_id, count(*) AS n FROM risk_cases
        WHERE kind = 'sharedMobile' AND affiliate_id = ANY($1::bigint[]) GROUP BY affiliate_id`,
      [planted],
    );
    expect(rows).toHaveLength(planted.length);
    expect(rows.every((row) => Number(row.n) === 1)).toBe(true);
    const { rows: audits } = await portal.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM audit_log WHERE action = 'risk.case_opened' AND entity_id = ANY($1::text[])`,
      [planted.map(String)],
    );
    expect(Number(audits[0].n)).toBe(planted.length);
  });

  test('a confirmation (with deactivation) and a dismissal of one case at once: one outcome, all or nothing', async () => {
    const url = (i: number) => portal.urls[i % portal.urls.length];
    for (let round = 0; round < ROUNDS; round++) {
      const first = await createAffiliate(portal.db, { status: 'KYC Complete' });
      const second = await createAffiliate(portal.db, { status: 'KYC Complete' });
      await portal.db.query(
        `UPDATE affiliates SET mobile_number = (SELECT mobile_number FROM affiliates WHERE affiliate_id = $1)
          WHERE affiliate_id = $2`,
        [first.affiliateId, second.affiliateId],
      );
      expect((await call(url(0), 'POST', '/api/risk/scan', { token: portal.adminToken })).status).toBe(200);
      const { rows } = await portal.db.query<{ case_id: string }>(
        "SELECT case_id::text FROM risk_cases WHERE affiliate_id = $1 AND kind = 'sharedMobile' AND state = 'open'",
        [first.affiliateId],
      );
      const path = `/api/risk/cases/${rows[0].case_id}`;
      const [confirm, dismiss] = await Promise.all([
        call(url(round), 'POST', `${path}/confirm`, {
          token: portal.adminToken,
          body: { note: 'Same person twice', deactivate: true },
        }),
        call(url(round + 1), 'POST', `${path}/dismiss`, {
          token: portal.adminToken,
          body: { reason: 'Siblings sharing a phone' },
        }),
      ]);
      expect([confirm.status, dismiss.status].sort()).toEqual([200, 409]);
      const confirmed = confirm.status === 200;
      const { rows: after } = await portal.db.query<{ state: string; status: string; notes: string }>(
        `SELECT c.state, a.status, (SELECT count(*) FROM risk_case_notes n WHERE n.case_id = c.case_id)::text AS notes
           FROM risk_cases c JOIN affiliates a ON a.affiliate_id = c.affiliate_id WHERE c.case_id = $1`,
        [rows[0].case_id],
      );
      expect(after[0]).toEqual({
        state: confirmed ? 'confirmed' : 'dismissed',
        status: confirmed ? 'Inactive' : 'KYC Complete',
        notes: '1',
      });
    }
  });
});
