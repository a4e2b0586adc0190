import type { AffiliateStatus } from '@portal/contracts';
import type { Sql } from '../../../db/database';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { createAffiliate } from '../../../../test-support/affiliate-fixtures';

// affiliate_status_counts moves when a status change commits (migration 074): a KYC decision still in flight
// holds no lock another decision needs (PostgreSQL only: the embedded database runs one transaction at a time).
const onPostgres = process.env.DATABASE_URL ? test : test.skip;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setStatus = (sql: Sql, affiliateId: number, status: AffiliateStatus) =>
  sql.query('UPDATE affiliates SET status = $2 WHERE affiliate_id = $1', [affiliateId, status]);

async function countsAgreeWithRows(): Promise<void> {
  const { rows } = await t.ctx.db.query<{ status: string; total: string; actual: string }>(
    `SELECT c.status, c.total::text AS total, (SELECT count(*) FROM affiliates a WHERE a.status = c.status)::text AS actual
       FROM affiliate_status_counts c ORDER BY c.status`,
  );
  for (const row of rows)
    expect({ status: row.status, total: row.total }).toEqual({
      status: row.status,
      total: row.actual,
    });
}

test('the counts follow committed changes only, a rollback leaves them as they were', async () => {
  const a = await createAffiliate(t.ctx.db, { status: 'KYC Pending' });
  await countsAgreeWithRows();
  await setStatus(t.ctx.db, a.affiliateId, 'KYC Complete');
  await countsAgreeWithRows();
  await expect(
    t.ctx.db.transaction(async (tx) => {
      await setStatus(tx, a.affiliateId, 'Inactive');
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  await countsAgreeWithRows();
});

onPostgres('a decision still in flight does not hold up another decision', async () => {
  const first = await createAffiliate(t.ctx.db, { status: 'KYC Pending' });
  const second = await createAffiliate(t.ctx.db, { status: 'KYC Pending' });
  let finishFirst!: () => void;
  const firstMayCommit = new Promise<void>((resolve) => (finishFirst = resolve));
  let firstChanged!: () => void;
  const firstHasChanged = new Promise<void>((resolve) => (firstChanged = resolve));
  // The first decision has written its status and is still writing the rest (password, audit row, email).
  const firstDecision = t.ctx.db.transaction(async (tx) => {
    await setStatus(tx, first.affiliateId, 'KYC Complete');
    firstChanged();
    await firstMayCommit;
  });
  await firstHasChanged;
  try {
    // Before migration 074 this waited on the counts' 'KYC Pending' row until the first one committed.
    await t.ctx.db.transaction(async (tx) => {
      await tx.query(`SET LOCAL lock_timeout = '2s'`);
      await setStatus(tx, second.affiliateId, 'KYC Rejected');
    });
  } finally {
    finishFirst();
    await firstDecision;
  }
  await countsAgreeWithRows();
});

onPostgres(
  'changes in opposite directions committing at once neither deadlock nor lose a count',
  async () => {
    const pairs = await Promise.all(
      Array.from({ length: 6 }, async () => [
        await createAffiliate(t.ctx.db, { status: 'KYC Complete' }),
        await createAffiliate(t.ctx.db, { status: 'Inactive' }),
      ]),
    );
    await Promise.all(
      pairs.flatMap(([complete, inactive]) => [
        t.ctx.db.transaction((tx) => setStatus(tx, complete.affiliateId, 'Inactive')),
        t.ctx.db.transaction((tx) => setStatus(tx, inactive.affiliateId, 'KYC Complete')),
      ]),
    );
    await countsAgreeWithRows();
  },
);
