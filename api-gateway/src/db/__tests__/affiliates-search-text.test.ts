import { createAffiliate } from '../../../test-support/affiliate-fixtures';
import { migrateBefore, openSuiteDatabase } from '../../../test-support/suite-database';
import type { Database } from '../database';
import { migrate } from '../migrate';

/**
 * Migration 075 on a database that already has affiliates: the search text is stored for every one and kept
 * as they change, and the planner has its statistics at once (without them it took a word nobody has for a
 * common one and walked the whole sign-in index: 0.8 s at the soak's size).
 */
const SEARCH_TEXT = '075_affiliates_search_text.sql';

let db: Database;
beforeAll(async () => {
  db = await openSuiteDatabase('search_text');
  await migrateBefore(db, SEARCH_TEXT);
});
afterAll(() => db.close());

test('existing affiliates get their search text and its statistics; a change updates it', async () => {
  const amaka = await createAffiliate(db, { fullName: 'Amaka Eze', email: 'Amaka.Eze@Example.test' });
  for (let i = 0; i < 30; i++) await createAffiliate(db, { fullName: `Musa Bello ${i}` });
  await migrate(db);

  const text = async () =>
    (
      await db.query<{ search_text: string }>('SELECT search_text FROM affiliates WHERE affiliate_id = $1', [
        amaka.affiliateId,
      ])
    ).rows[0].search_text;
  expect(await text()).toMatch(
    new RegExp(`^${amaka.affiliateCode.toLowerCase()} amaka eze amaka\\.eze@example\\.test \\d+$`),
  );
  const { rows } = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'affiliates' AND attname = 'search_text'`,
  );
  expect(Number(rows[0].n)).toBe(1);

  await db.query(`UPDATE affiliates SET full_name = 'Amaka Okafor' WHERE affiliate_id = $1`, [
    amaka.affiliateId,
  ]);
  expect(await text()).toContain('amaka okafor');
});
