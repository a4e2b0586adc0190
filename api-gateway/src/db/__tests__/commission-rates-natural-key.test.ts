import { createAffiliate, createStaffUser } from '../../../test-support/affiliate-fixtures';
import { migrateBefore, openSuiteDatabase } from '../../../test-support/suite-database';
import type { Database } from '../database';
import { migrate } from '../migrate';

/**
 * Migration 027 on a database that already has rates and orders: each order that earned by a rate row names
 * it by that row's effective date afterwards, orders that earned by none name none, and the natural key
 * (affiliate, category, effective date) is the primary key.
 */
const NATURAL_KEY = '027_commission_rates_natural_key.sql';

let db: Database;
beforeAll(async () => {
  db = await openSuiteDatabase('natural_key');
  await migrateBefore(db, NATURAL_KEY);
});
afterAll(() => db.close());

test('orders name their rate rows by effective date; the natural key is the primary key', async () => {
  const adminId = await createStaffUser(db, 1);
  const affiliate = await createAffiliate(db, { status: 'KYC Complete' });
  const { rows: uploads } = await db.query<{ upload_id: string }>(
    `INSERT INTO commission_uploads (file_name, uploaded_by, row_count) VALUES ('rates.xlsx', $1, 2)
     RETURNING upload_id`,
    [adminId],
  );
  const { rows: rates } = await db.query<{ rate_id: string }>(
    `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, effective_date, upload_id)
     VALUES ($1, 'Snacks', 5, '2026-01-01', $2), ($1, 'Snacks', 6, '2026-03-01', $2) RETURNING rate_id`,
    [affiliate.affiliateCode, uploads[0].upload_id],
  );
  const { rows: retailers } = await db.query<{ retailer_id: string }>(
    `INSERT INTO retailers (external_id, retailer_code, affiliate_id, business_name, fao_name, fao_mobile_no,
                            cluster_manager, location)
     VALUES ('shop', 'shop', $1, 'Shop', 'Fao', '08030000000', 'Manager', 'Ikeja') RETURNING retailer_id`,
    [affiliate.affiliateId],
  );
  const addOrder = (externalId: string, date: string, amount: string, rateId: string | null) =>
    db.query(
      `INSERT INTO orders (external_id, order_code, retailer_id, affiliate_id, order_date, buyer_name, order_value,
                           product_category, status, fao_name, fao_mobile_no, commission_amount, commission_rate_id)
       VALUES ($1, $1, $2, $3, $4, 'Buyer', 1000, 'Snacks', 'Delivered', 'Fao', '08030000000', $5, $6)`,
      [externalId, retailers[0].retailer_id, affiliate.affiliateId, date, amount, rateId],
    );
  await addOrder('january', '2026-01-15', '50.00', rates[0].rate_id);
  await addOrder('march', '2026-03-15', '60.00', rates[1].rate_id);
  await addOrder('before-any-rate', '2025-12-31', '0.00', null);
  const months = await db.query('SELECT * FROM affiliate_commission_months ORDER BY month');

  expect(await migrate(db)).toContain(NATURAL_KEY);

  const { rows: orders } = await db.query<{ external_id: string; rate_date: string | null; amount: string }>(
    `SELECT external_id, to_char(commission_rate_date, 'YYYY-MM-DD') AS rate_date, commission_amount::text AS amount
       FROM orders ORDER BY order_date`,
  );
  expect(orders).toEqual([
    { external_id: 'before-any-rate', rate_date: null, amount: '0.00' },
    { external_id: 'january', rate_date: '2026-01-01', amount: '50.00' },
    { external_id: 'march', rate_date: '2026-03-01', amount: '60.00' },
  ]);
  // Naming the rate differently moved no money.
  expect((await db.query('SELECT * FROM affiliate_commission_months ORDER BY month')).rows).toEqual(
    months.rows,
  );
  const { rows: key } = await db.query<{ definition: string }>(
    `SELECT pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c
      WHERE c.conrelid = 'commission_rates'::regclass AND c.contype = 'p'`,
  );
  expect(key).toEqual([{ definition: 'PRIMARY KEY (affiliate_code, product_category, effective_date)' }]);
  const { rows: columns } = await db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name IN ('rate_id', 'commission_rate_id')`,
  );
  expect(columns).toEqual([]);
});
