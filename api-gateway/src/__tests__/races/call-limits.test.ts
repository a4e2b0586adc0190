import { EXPORT_LIMIT, INTEGRATION_CALL_LIMIT, IntegrationMessages, ReportMessages } from '@portal/contracts';
import { takeCall } from '../../lib/call-buckets';
import { RACE_PORTALS, type RacePortal } from '../../../test-support/race-portals';

/**
 * Issue 25, item 8: exports (per user) and integration calls (per API key) are limited, counted in the
 * database, so calls spread over two gateways share one count. A bucket is set here to a few tokens and a
 * last refill far in the future (nothing comes back during the test, however slow the machine), then
 * calls race through both gateways: exactly that many go through, the rest are 429 with a sentence.
 */
jest.setTimeout(300_000);

const FAR_FUTURE = new Date('2100-01-01T00:00:00Z');

describe.each(RACE_PORTALS)('%s', (_name, open) => {
  let portal: RacePortal;
  beforeAll(async () => {
    portal = await open();
  });
  afterAll(() => portal?.close());

  const leaveTokens = (scope: string, subject: string, tokens: number) =>
    portal.db.query(
      `INSERT INTO call_buckets (scope, subject, tokens, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (scope, subject) DO UPDATE SET tokens = excluded.tokens, updated_at = excluded.updated_at`,
      [scope, subject, tokens, FAR_FUTURE],
    );

  test('integration calls sent at once through both gateways share one count', async () => {
    await leaveTokens('integration', 'INTEGRATION_API_KEY', 3);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => portal.callers[(i % 2) as 0 | 1].ingest('orders', [])),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(7);
    for (const answer of refused)
      expect(answer).toEqual({ status: 429, body: { message: IntegrationMessages.callLimit } });
    expect(IntegrationMessages.callLimit).toBe(
      'Too many calls with this API key: at most 1,200 a minute. Please slow down and try again in a moment.',
    );
  });

  test('exports by one user through both gateways share one count', async () => {
    await leaveTokens('export', String(portal.demo.adminUserId), 2);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await portal.callers[(i % 2) as 0 | 1].exportLoginReport();
      statuses.push(answer.status);
      if (answer.status !== 200) expect(answer.body).toEqual({ message: ReportMessages.exportLimit });
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(ReportMessages.exportLimit).toBe(
      'You have made 30 exports in the last hour. Please try again in a few minutes.',
    );
  });

  test('a bucket taken from at once by many connections gives exactly its tokens', async () => {
    const limit = { scope: 'test', calls: 10, perSeconds: 3600 };
    const now = new Date();
    const taken = await Promise.all(Array.from({ length: 40 }, () => takeCall(portal.db, limit, 'one', now)));
    expect(taken.filter((wait) => wait === undefined)).toHaveLength(10);
    // Refused calls take nothing and say when a token is back: one every 6 minutes.
    expect(taken.filter((wait) => wait === 360)).toHaveLength(30);
    // Six minutes later, one more; another subject has its own bucket.
    expect(await takeCall(portal.db, limit, 'one', new Date(now.getTime() + 360_000))).toBeUndefined();
    expect(await takeCall(portal.db, limit, 'one', new Date(now.getTime() + 360_000))).toBe(360);
    expect(await takeCall(portal.db, limit, 'other', now)).toBeUndefined();
  });
});

test('the limits are the documented numbers', () => {
  expect(EXPORT_LIMIT).toEqual({ calls: 30, perMinutes: 60 });
  expect(INTEGRATION_CALL_LIMIT).toEqual({ calls: 1_200, perMinutes: 1 });
});
