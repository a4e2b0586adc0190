import { hashPassword } from '../../auth/password';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { createAffiliate } from '../../../test-support/affiliate-fixtures';
import { call, RACE_PORTALS, type RacePortal } from '../../../test-support/race-portals';

jest.setTimeout(180_000);

const ROUNDS = 10;
const SECOND_REVIEWER = { email: 'second-reviewer@example.test', password: 'Second@review123' };

/**
 * Issue 50: one reviewer per KYC case at a time, decided by the database. Two reviewers claiming the same case at
 * once (each on its own gateway when there are two) get one claim between them; two pressing Claim next on a
 * queue of one case get it once.
 */
describe.each(RACE_PORTALS)('two reviewers claiming one case at once: %s', (_name, open) => {
  let portal: RacePortal;
  let tokens: [string, string];
  let reviewerIds: [number, number];
  beforeAll(async () => {
    portal = await open();
    const { rows } = await portal.db.query<{ user_id: number | string }>(
      `INSERT INTO users (full_name, email, password_hash, role_id, phone_code, mobile_number, country_id)
       VALUES ('Second Reviewer', $1, $2, 2, '+234', '8177777791', 1) RETURNING user_id`,
      [SECOND_REVIEWER.email, await hashPassword(SECOND_REVIEWER.password)],
    );
    reviewerIds = [portal.demo.backofficeUserId, Number(rows[0].user_id)];
    const signIn = async (url: string, account: { email: string; password: string }) => {
      const res = await call(url, 'POST', '/api/login/auth', {
        ip: '102.89.9.10',
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
  const emptyQueue = () =>
    portal.db.query(`UPDATE affiliates SET status = 'KYC Rejected' WHERE status = 'KYC Pending'`);

  test(`${ROUNDS} rounds of claiming one case: one 200, one 409 naming the holder, and the row holds the winner`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await emptyQueue();
      const { affiliateId } = await createAffiliate(portal.db);
      const answers = await Promise.all(
        ([0, 1] as const).map((caller) =>
          call(urlOf(caller), 'POST', `/api/backoffice/kyc/case/${affiliateId}/claim`, {
            token: tokens[caller],
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers.findIndex((answer) => answer.status === 200);
      const loser = answers[1 - winner];
      expect(loser.body.message).toMatch(/ is reviewing this case\.$/);
      const { rows } = await portal.db.query<{ reviewer: number }>(
        'SELECT reviewer_user_id AS reviewer FROM kyc_cases WHERE affiliate_id = $1',
        [affiliateId],
      );
      expect(Number(rows[0].reviewer)).toBe(reviewerIds[winner]);
      const claims = await portal.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'kyc.claim' AND entity_id = $1`,
        [String(affiliateId)],
      );
      expect(claims.rows[0].n).toBe(1);
    }
  });

  test(`${ROUNDS} rounds of Claim next on a queue of one: one reviewer gets it, the other hears the queue is empty`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await emptyQueue();
      const { affiliateId } = await createAffiliate(portal.db);
      const answers = await Promise.all(
        ([0, 1] as const).map((caller) =>
          call(urlOf(caller), 'POST', '/api/backoffice/kyc/claim-next', { token: tokens[caller] }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
      const winner = answers.find((answer) => answer.status === 200)!;
      expect((winner.body.case as { affiliateID: number }).affiliateID).toBe(affiliateId);
    }
  });
});
