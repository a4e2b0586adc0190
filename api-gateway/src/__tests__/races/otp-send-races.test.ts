import { randomBytes } from 'node:crypto';
import { OTP_SEND_LIMITS } from '../../modules/registration/send-limits';
import { call, countStatuses, RACE_PORTALS, type RacePortal } from '../../../test-support/race-portals';

jest.setTimeout(120_000);

/**
 * Issue 25, item 4: the OTP send limits are checked and counted in one step of the database, so sends
 * racing over one or two gateways cannot all slip under them.
 */
describe.each(RACE_PORTALS)('OTP send limits under parallel sends: %s', (_name, open) => {
  let portal: RacePortal;
  beforeAll(async () => {
    portal = await open();
  });
  afterAll(() => portal?.close());

  const outboxCount = async (recipientLike: string) => {
    const { rows } = await portal.db.query<{ sent: number }>(
      'SELECT count(*)::int AS sent FROM outbox WHERE recipient LIKE $1',
      [recipientLike],
    );
    return rows[0].sent;
  };

  test('24 sends at once to one new address send one code (one per 30 s)', async () => {
    const email = `race-${randomBytes(4).toString('hex')}@example.com`;
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        call(portal.urls[i % portal.urls.length], 'POST', '/api/affiliate/send-email-otp', {
          ip: `41.58.${i}.1`,
          body: { email },
        }),
      ),
    );
    expect(countStatuses(answers)).toEqual({ 200: 1, 429: 23 });
    expect(await outboxCount(email)).toBe(1);
  });

  test(`40 sends at once from one IP send at most ${OTP_SEND_LIMITS.perIp} codes (per hour)`, async () => {
    const tag = randomBytes(4).toString('hex');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(portal.urls[i % portal.urls.length], 'POST', '/api/affiliate/send-email-otp', {
          ip: '41.59.0.1',
          body: { email: `race-ip-${tag}-${i}@example.com` },
        }),
      ),
    );
    expect(countStatuses(answers)).toEqual({ 200: OTP_SEND_LIMITS.perIp, 429: 40 - OTP_SEND_LIMITS.perIp });
    expect(await outboxCount(`race-ip-${tag}-%`)).toBe(OTP_SEND_LIMITS.perIp);
  });
});
