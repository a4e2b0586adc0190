import { OurMessages } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '../../seed/demo-accounts';
import { ACCOUNT_FAILURE_LIMIT } from '../../modules/auth/lockout';
import { call, countStatuses, RACE_PORTALS, type RacePortal } from '../../../test-support/race-portals';

jest.setTimeout(120_000);

/**
 * Issue 25, item 3: wrong passwords sent at once for one account must not all be checked. The database
 * counts each attempt before its password is verified, so at most ACCOUNT_FAILURE_LIMIT of them are.
 */
describe.each(RACE_PORTALS)('sign-in lockout under parallel attempts: %s', (_name, open) => {
  let portal: RacePortal;
  beforeAll(async () => {
    portal = await open();
  });
  afterAll(() => portal?.close());

  test('40 wrong passwords at once: at most 10 are checked, the rest refused, and the account is locked', async () => {
    const account = DEMO_ACCOUNTS.backoffice;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(portal.urls[i % portal.urls.length], 'POST', '/api/login/auth', {
          ip: `197.210.${i % 7}.${i}`,
          body: { userName: account.email, password: `Wrong@pass${i}` },
        }),
      ),
    );
    const counts = countStatuses(answers);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(counts[401]).toBeLessThanOrEqual(ACCOUNT_FAILURE_LIMIT);
    expect(counts[401] + counts[429]).toBe(40);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(answer.body.message).toBe(OurMessages.tooManyAttempts(15));
    }
    const { rows } = await portal.db.query<{ checked: number }>(
      `SELECT count(*)::int AS checked FROM login_history
        WHERE lower(user_name) = lower($1) AND failure_reason = 'invalid_credentials'`,
      [account.email],
    );
    expect(rows[0].checked).toBe(counts[401]);

    // Locked: the right password is refused too, on every gateway.
    for (const url of portal.urls) {
      const locked = await call(url, 'POST', '/api/login/auth', {
        ip: '102.89.1.1',
        body: { userName: account.email, password: account.password },
      });
      expect(locked.status).toBe(429);
    }
  });

  test('an unknown user name is limited the same way', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(portal.urls[i % portal.urls.length], 'POST', '/api/login/auth', {
          ip: `102.89.2.${i}`,
          body: { userName: 'nobody-here@example.com', password: `Wrong@pass${i}` },
        }),
      ),
    );
    const counts = countStatuses(answers);
    expect(counts[401]).toBeLessThanOrEqual(ACCOUNT_FAILURE_LIMIT);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(30);
  });

  test('the right password among wrong ones at once still signs in when it is checked before the limit', async () => {
    const account = DEMO_ACCOUNTS.affiliate;
    const answers = await Promise.all([
      call(portal.urls[0], 'POST', '/api/login/auth', {
        ip: '102.89.3.1',
        body: { userName: account.email, password: account.password },
      }),
      ...Array.from({ length: 5 }, (_, i) =>
        call(portal.urls[i % portal.urls.length], 'POST', '/api/login/auth', {
          ip: '102.89.3.2',
          body: { userName: account.email, password: `Wrong@pass${i}` },
        }),
      ),
    ]);
    // Under the limit nothing is refused: one success, five wrong passwords.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
  });
});
