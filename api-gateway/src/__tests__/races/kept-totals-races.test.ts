import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { createAffiliate } from '../../../test-support/affiliate-fixtures';
import { call, countStatuses, RACE_PORTALS, type RacePortal } from '../../../test-support/race-portals';

jest.setTimeout(300_000);

/**
 * The totals kept beside their rows (migrations 076, 078) under writers at once, on every gateway: after the
 * race, a SQL check finds every kept figure equal to counting the rows it stands for.
 */
describe.each(RACE_PORTALS)('kept totals under parallel writers: %s', (_name, open) => {
  let portal: RacePortal;
  beforeAll(async () => {
    portal = await open();
  });
  afterAll(() => portal?.close());

  const disagreeing = async (sql: string) => (await portal.db.query<{ n: number }>(sql)).rows[0].n;

  test('24 sign-ins of one affiliate at once: its kept sign-in count equals its rows', async () => {
    const account = DEMO_ACCOUNTS.affiliate;
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        call(portal.urls[i % portal.urls.length], 'POST', '/api/login/auth', {
          ip: `102.89.40.${i}`,
          body: { userName: account.email, password: i % 4 === 0 ? `Wrong@pass${i}` : account.password },
        }),
      ),
    );
    // Signed in, a wrong password (each a row), or turned away by a call limit before any row; never a 5xx.
    const statuses = countStatuses(answers);
    expect(Object.keys(statuses).filter((status) => !['200', '401', '429'].includes(status))).toEqual([]);
    expect(statuses[200]).toBeGreaterThan(0);
    const { rows } = await portal.db.query<{ kept: number; counted: number }>(
      `SELECT (SELECT attempts FROM sign_in_counts WHERE user_id = u.user_id)::int AS kept,
              (SELECT count(*) FROM login_history WHERE user_id = u.user_id)::int AS counted
         FROM users u WHERE lower(u.email) = lower($1)`,
      [account.email],
    );
    expect(rows[0].kept).toBe(rows[0].counted);
    expect(rows[0].counted).toBeGreaterThanOrEqual(statuses[200] + (statuses[401] ?? 0));
    expect(
      await disagreeing(
        `SELECT count(*)::int AS n FROM (SELECT user_id, count(*) AS n FROM login_history
                                          WHERE user_id IS NOT NULL GROUP BY user_id) h
           FULL JOIN sign_in_counts c USING (user_id)
          WHERE coalesce(h.n, 0) <> coalesce(c.attempts, 0)`,
      ),
    ).toBe(0);
  });

  test('20 uploads and 20 deletes of one pair’s rates at once: the kept pair starts equal the rates', async () => {
    const { affiliateCode: code } = await createAffiliate(portal.db, { status: 'KYC Complete' });
    const day = (n: number) => `2025-01-${String(n + 1).padStart(2, '0')}`;
    // 20 rates of one pair, then each deleted by its own statement at once, the first among them.
    await portal.db.query(
      `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, effective_date)
       SELECT $1, 'Race Pair', 1, date '2025-01-01' + n FROM generate_series(0, 19) AS n`,
      [code],
    );
    const [uploads] = await Promise.all([
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          portal.callers[i % 2].uploadRates([[code, 2, `Race Upload ${i}`, 0, day(i)]]),
        ),
      ),
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          portal.db.query(
            `DELETE FROM commission_rates
              WHERE affiliate_code = $1 AND product_category = 'Race Pair' AND effective_date = $2`,
            [code, day(i)],
          ),
        ),
      ),
    ]);
    // An upload may be turned away while another runs (one at a time, by design); none fails.
    for (const upload of uploads) expect([200, 429, 503]).toContain(upload.status);
    expect(
      await disagreeing(
        `SELECT count(*)::int AS n FROM (SELECT affiliate_code, product_category, min(effective_date) AS first
                                          FROM commission_rates GROUP BY 1, 2) r
           FULL JOIN rate_pair_starts s USING (affiliate_code, product_category)
          WHERE r.first IS DISTINCT FROM s.first_effective`,
      ),
    ).toBe(0);
    expect(
      await disagreeing(
        `SELECT count(*)::int AS n FROM (SELECT first_effective, count(*) AS pairs FROM rate_pair_starts GROUP BY 1) p
           FULL JOIN rate_pairs_by_start b USING (first_effective)
          WHERE coalesce(p.pairs, 0) <> coalesce(b.pairs, 0)`,
      ),
    ).toBe(0);
    const { rows } = await portal.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM rate_pair_starts WHERE affiliate_code = $1 AND product_category = 'Race Pair'`,
      [code],
    );
    expect(rows[0].n).toBe(0);
  });
});
