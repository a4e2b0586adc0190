import { hashPassword } from '../../auth/password';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { createAffiliate, createStaffUser } from '../../../test-support/affiliate-fixtures';
import { call, RACE_PORTALS, type RacePortal } from '../../../test-support/race-portals';

jest.setTimeout(180_000);

const ROUNDS = 6;
const SECOND_REVIEWER = { email: 'four-eyes-reviewer@example.test', password: 'Four@eyes12345' };

/**
 * Issue 50 part 4: an approval waiting for its second reviewer is decided once. Two reviewers (each on its own
 * gateway when there are two) confirming at once, or one confirming while the other rejects, give one decision,
 * one audit row, and the row the database holds is the winner's.
 */
describe.each(RACE_PORTALS)('a waiting approval decided by two at once: %s', (_name, open) => {
  let portal: RacePortal;
  let tokens: [string, string];
  let requesterId: number;
  beforeAll(async () => {
    portal = await open();
    await portal.db.query(
      `INSERT INTO users (full_name, email, password_hash, role_id, phone_code, mobile_number, country_id)
       VALUES ('Four Eyes Reviewer', $1, $2, 2, '+234', '8177777792', 1)`,
      [SECOND_REVIEWER.email, await hashPassword(SECOND_REVIEWER.password)],
    );
    requesterId = await createStaffUser(portal.db, 2, 'First Reviewer');
    const signIn = async (url: string, account: { email: string; password: string }) => {
      const res = await call(url, 'POST', '/api/login/auth', {
        ip: '102.89.9.11',
        body: { userName: account.email, password: account.password },
      });
      expect(res.status).toBe(200);
      return res.body.token as string;
    };
    tokens = [
      await signIn(portal.urls[0], DEMO_ACCOUNTS.backoffice),
      await signIn(portal.urls[portal.urls.length - 1], SECOND_REVIEWER),
    ];
  });
  afterAll(() => portal?.close());

  const urlOf = (caller: 0 | 1) => portal.urls[caller === 0 ? 0 : portal.urls.length - 1];

  /** A KYC Pending affiliate whose approval by the first reviewer waits for a second one. */
  async function waitingApproval(): Promise<number> {
    const { affiliateId } = await createAffiliate(portal.db, {
      passwordHash: 'x',
      firstDecisionAt: new Date(),
    });
    await portal.db.query(
      `INSERT INTO kyc_approval_requests (affiliate_id, requested_by, requested_at, reasons, status)
       VALUES ($1, $2, now(), ARRAY['lowNameMatch'], 'awaiting-second')`,
      [affiliateId, requesterId],
    );
    return affiliateId;
  }

  for (const [label, kinds] of [
    ['two confirmations', ['approve', 'approve']],
    ['a confirmation and a rejection', ['approve', 'reject']],
  ] as const) {
    test(`${ROUNDS} rounds of ${label}: one decision, one audit row`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const affiliateId = await waitingApproval();
        const answers = await Promise.all(
          ([0, 1] as const).map((caller) =>
            call(urlOf(caller), 'POST', '/api/backoffice/affiliate/kyc', {
              token: tokens[caller],
              // As the screens send it: the status the reviewer decided against.
              body:
                kinds[caller] === 'approve'
                  ? { affiliateID: affiliateId, isActive: true, expectedStatus: 'KYC Pending' }
                  : {
                      affiliateID: affiliateId,
                      isActive: false,
                      remark: 'Not the same person',
                      expectedStatus: 'KYC Pending',
                    },
            }),
          ),
        );
        expect(answers.map((answer) => answer.status).sort((x, y) => x - y)).toEqual([200, 409]);
        const winner = answers.findIndex((answer) => answer.status === 200);
        const { rows } = await portal.db.query<{ status: string; request: string }>(
          `SELECT a.status, r.status AS request FROM affiliates a
             JOIN kyc_approval_requests r ON r.affiliate_id = a.affiliate_id WHERE a.affiliate_id = $1`,
          [affiliateId],
        );
        expect(rows).toEqual([
          kinds[winner] === 'approve'
            ? { status: 'KYC Complete', request: 'confirmed' }
            : { status: 'KYC Rejected', request: 'closed' },
        ]);
        const decisions = await portal.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM audit_log
            WHERE action IN ('affiliate.approve', 'affiliate.reject') AND entity_id = $1`,
          [String(affiliateId)],
        );
        expect(decisions.rows[0].n).toBe(1);
      }
    });
  }
});
