import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { createAffiliate } from '../../../../test-support/affiliate-fixtures';
import { streamLoginReport } from '../login-report';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('keyset pages return every row once, newest first, across equal and microsecond-apart timestamps', async () => {
  const a = await createAffiliate(t.ctx.db, { fullName: 'Keyset Person' });
  // Seven rows: three share one instant, two differ only in microseconds.
  const instants = [
    '2025-04-01 10:00:00.000001+00',
    '2025-04-01 10:00:00.000002+00',
    '2025-04-01 10:00:00.5+00',
    '2025-04-01 10:00:00.5+00',
    '2025-04-01 10:00:00.5+00',
    '2025-04-02 08:00:00+00',
    '2025-03-31 23:59:59.999999+00',
  ];
  for (const at of instants) {
    await t.ctx.db.query(
      `INSERT INTO login_history (user_id, user_name, logged_at, success) VALUES ($1, $2, $3::timestamptz, true)`,
      [a.userId, a.email, at],
    );
  }
  const { rows: expected } = await t.ctx.db.query<{ login_id: string | number }>(
    'SELECT login_id FROM login_history ORDER BY logged_at DESC, login_id DESC',
  );
  for (const pageRows of [1, 2, 3, 7, 100]) {
    const seen: number[] = [];
    for await (const row of streamLoginReport(t.ctx.db, {}, pageRows)) seen.push(row.loginID);
    expect(seen).toEqual(expected.map((row) => Number(row.login_id)));
  }
  const first = (await streamLoginReport(t.ctx.db, {}).next()).value;
  expect(first).toMatchObject({
    affiliateCode: a.affiliateCode,
    fullName: 'Keyset Person',
    success: true,
    ip: null,
  });
  expect(first?.loggedAt.toISOString()).toBe('2025-04-02T08:00:00.000Z');
});
