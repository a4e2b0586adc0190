import { DataRightsMessages } from '@portal/contracts';
import { fundedAffiliate, type FundedAffiliate } from '../../../test-support/payout-fixtures';
import { call, countStatuses, RACE_PORTALS, type RacePortal } from '../../../test-support/race-portals';

jest.setTimeout(300_000);

const ROUNDS = 4;
const SETTLED = 'Paid ₦999.99 by cheque 004411 (finance ticket FIN-88)';

/**
 * Issue 48 item 7 at once, each call on its own gateway when there are two: an affiliate asking twice for
 * erasure has one open request; an erasure sent twice while money is owed is refused both times, or, with the
 * settlement recorded, done once, and nothing is ever half-erased.
 */
describe.each(RACE_PORTALS)('erasure at once: %s', (_name, open) => {
  let portal: RacePortal;

  beforeAll(async () => {
    portal = await open();
  });
  afterAll(() => portal?.close());

  const urlOf = (index: number) => portal.urls[index % portal.urls.length];
  const erase = (index: number, affiliateId: number, body: object = {}) =>
    call(urlOf(index), 'POST', `/api/admin/affiliate/erase/${affiliateId}`, {
      token: portal.adminToken,
      body,
    });
  const ask = (index: number, token: string, note: string) =>
    call(urlOf(index), 'POST', '/api/user/erasure-request', { token, body: { note } });
  /** Owed ₦999.99, still active (only an active affiliate has a session to ask with), and its session. */
  const owing = async (): Promise<FundedAffiliate & { token: string }> => {
    const affiliate = await fundedAffiliate(portal.db, ['999.99']);
    return { ...affiliate, token: await portal.tokenOf(affiliate.userId) };
  };
  /** Inactive, as erasure needs: deactivation signs the affiliate out. */
  const makeInactive = async (affiliate: FundedAffiliate) => {
    const inactive = await call(
      urlOf(0),
      'POST',
      `/api/backoffice/affiliate/delete/${affiliate.affiliateId}`,
      {
        token: portal.adminToken,
      },
    );
    expect(inactive.status).toBe(200);
  };
  const stateOf = async (affiliate: FundedAffiliate) => {
    const { rows } = await portal.db.query<{
      erased: boolean;
      scrubbed: boolean;
      openRequests: number;
      notes: number;
      settled: number;
      erasures: number;
      requests: number;
    }>(
      `SELECT a.erased_at IS NOT NULL AS erased,
              (a.email LIKE 'erased-%' AND a.account_number IS NULL AND a.account_number_sealed IS NULL
                AND a.mobile_number = '' AND a.full_name <> $3) AS scrubbed,
              (SELECT count(*)::int FROM erasure_requests r WHERE r.affiliate_id = a.affiliate_id
                  AND r.closed_at IS NULL) AS "openRequests",
              (SELECT count(*)::int FROM erasure_requests r WHERE r.affiliate_id = a.affiliate_id
                  AND r.note IS NOT NULL) AS notes,
              (SELECT count(*)::int FROM audit_log WHERE entity_type = 'affiliate' AND entity_id = $2
                  AND action = 'affiliate.erase.settled-otherwise') AS settled,
              (SELECT count(*)::int FROM audit_log WHERE entity_type = 'affiliate' AND entity_id = $2
                  AND action = 'affiliate.erase') AS erasures,
              (SELECT count(*)::int FROM audit_log WHERE entity_type = 'affiliate' AND entity_id = $2
                  AND action = 'affiliate.erasure.request') AS requests
         FROM affiliates a WHERE a.affiliate_id = $1`,
      [affiliate.affiliateId, String(affiliate.affiliateId), `Erased ${affiliate.affiliateCode}`],
    );
    return rows[0];
  };

  test(`${ROUNDS} rounds: the affiliate asks twice at once: one open request`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const affiliate = await owing();
      const answers = await Promise.all(
        [0, 1].map((index) => ask(index, affiliate.token, 'Please erase me')),
      );
      expect(countStatuses(answers)).toEqual({ 200: 2 });
      expect(answers.map((answer) => answer.body.message).sort()).toEqual(
        [DataRightsMessages.erasureRequested, DataRightsMessages.erasureAlreadyRequested].sort(),
      );
      expect(await stateOf(affiliate)).toMatchObject({ erased: false, openRequests: 1, requests: 1 });
    }
  });

  test(`${ROUNDS} rounds: erasure sent twice at once while money is owed: both refused, then with the settlement recorded, done once`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const affiliate = await owing();
      expect((await ask(0, affiliate.token, 'Please erase me')).status).toBe(200);
      await makeInactive(affiliate);
      const refused = await Promise.all([0, 1].map((index) => erase(index, affiliate.affiliateId)));
      expect(countStatuses(refused)).toEqual({ 409: 2 });
      for (const answer of refused) expect(answer.body.message).toMatch(/still owed to this affiliate/);
      expect(await stateOf(affiliate)).toEqual({
        erased: false,
        scrubbed: false,
        openRequests: 1,
        notes: 1,
        settled: 0,
        erasures: 0,
        requests: 1,
      });

      // One with the settlement recorded, one without, and one more with it: erased once, audited once.
      const answers = await Promise.all([
        erase(0, affiliate.affiliateId, { settledOtherwise: SETTLED }),
        erase(1, affiliate.affiliateId),
        erase(1, affiliate.affiliateId, { settledOtherwise: SETTLED }),
      ]);
      expect(countStatuses(answers)).toEqual({ 200: 1, 409: 2 });
      const winner = answers.findIndex((answer) => answer.status === 200);
      expect(winner).not.toBe(1);
      // The one without the settlement: refused as owed (first) or as erased (after); the other: as erased.
      expect(String(answers[1].body.message)).toMatch(/still owed to this affiliate|already been erased/);
      expect(answers[winner === 0 ? 2 : 0].body.message).toBe(DataRightsMessages.alreadyErased);
      expect(await stateOf(affiliate)).toEqual({
        erased: true,
        scrubbed: true,
        openRequests: 0,
        notes: 0,
        settled: 1,
        erasures: 1,
        requests: 1,
      });
    }
  });
});
