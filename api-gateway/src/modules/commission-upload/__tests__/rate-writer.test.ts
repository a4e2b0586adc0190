import type { Database } from '../../../db/database';
import { migrate } from '../../../db/migrate';
import { openSuiteDatabase } from '../../../test-support/suite-database';
import { createStaffUser } from '../../backoffice/test-fixtures';
import type { RateColumns } from '../rate-rows';
import { insertUpload, RateWriter } from '../rate-store';

/**
 * RateWriter on the driver the suite runs on (PGlite, or PostgreSQL when DATABASE_URL is set): ranges are
 * gathered into writes of a few ranges each, and a later write that meets a rate already held replaces it.
 */
let db: Database;
let adminId: number;
beforeAll(async () => {
  db = await openSuiteDatabase('rate_writer');
  await migrate(db);
  adminId = await createStaffUser(db, 1);
});
afterAll(() => db.close());

const at = new Date('2026-11-24T10:00:00Z');

/** Rates of AFF1 in Snacks, one per day, rate and first row as given. */
function rates(days: readonly string[], rate: string, firstRow: number): RateColumns {
  return {
    rows: days.map((_, i) => firstRow + i),
    affiliateCodes: days.map(() => 'AFF1'),
    ratePercents: days.map(() => rate),
    productCategories: days.map(() => 'Snacks'),
    minimumOrderValues: days.map(() => '0'),
    effectiveDates: [...days],
  };
}

async function storedRates(sql: Pick<Database, 'query'>): Promise<string[]> {
  const { rows } = await sql.query<{ line: string }>(
    `SELECT to_char(effective_date, 'YYYY-MM-DD') || ' ' || rate_percent::text || ' #' || upload_id AS line
       FROM commission_rates ORDER BY effective_date`,
  );
  return rows.map((row) => row.line);
}

beforeEach(() => db.exec('DELETE FROM commission_rates; DELETE FROM commission_uploads;'));

test('ranges wait until a batch is full; flush writes what is still waiting', async () => {
  await db.transaction(async (tx) => {
    const uploadId = await insertUpload(tx, { fileName: 'a.xlsx', uploadedBy: adminId, rowCount: 0, at });
    const writer = new RateWriter(tx, uploadId, at, db.driver, 5);
    await writer.add(rates(['2026-01-01', '2026-01-02', '2026-01-03'], '2', 2));
    expect(await storedRates(tx)).toHaveLength(0);
    await writer.add(rates(['2026-01-04', '2026-01-05', '2026-01-06'], '2', 5));
    expect(await storedRates(tx)).toHaveLength(6);
    await writer.add(rates([], '2', 8));
    await writer.add(rates(['2026-01-07', '2026-01-08'], '2', 8));
    expect(await storedRates(tx)).toHaveLength(6);
    await writer.flush();
    await writer.flush();
    expect(await storedRates(tx)).toHaveLength(8);
  });
});

test('a later write meeting held rates replaces them; the earlier plain write and other dates stay', async () => {
  const first = await db.transaction(async (tx) => {
    const uploadId = await insertUpload(tx, { fileName: 'a.xlsx', uploadedBy: adminId, rowCount: 0, at });
    const writer = new RateWriter(tx, uploadId, at, db.driver, 3);
    await writer.add(rates(['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'], '2', 2));
    await writer.flush();
    return uploadId;
  });
  const second = await db.transaction(async (tx) => {
    const uploadId = await insertUpload(tx, { fileName: 'b.xlsx', uploadedBy: adminId, rowCount: 0, at });
    const writer = new RateWriter(tx, uploadId, at, db.driver, 3);
    // New dates only: written plainly as one batch.
    await writer.add(rates(['2026-02-01', '2026-02-02', '2026-02-03'], '5', 2));
    // Two dates the first upload holds and one new: the second batch replaces those two.
    await writer.add(rates(['2026-01-01', '2026-01-02', '2026-02-04'], '5', 5));
    await writer.add(rates(['2026-02-05'], '5', 8));
    await writer.flush();
    return uploadId;
  });
  expect(await storedRates(db)).toEqual([
    `2026-01-01 5.000 #${second}`,
    `2026-01-02 5.000 #${second}`,
    `2026-01-03 2.000 #${first}`,
    `2026-01-04 2.000 #${first}`,
    `2026-02-01 5.000 #${second}`,
    `2026-02-02 5.000 #${second}`,
    `2026-02-03 5.000 #${second}`,
    `2026-02-04 5.000 #${second}`,
    `2026-02-05 5.000 #${second}`,
  ]);
});
