import type { CommissionRate, CommissionRateRow, CommissionUploadRecord } from '@portal/contracts';
import { arrayLiteral, type Sql } from '../../db/database';
import { containsPattern } from '../backoffice';

/** Rows per INSERT statement: arrays of this length keep each statement's parameters small. */
const INSERT_BATCH = 10_000;

/**
 * Which of the codes belong to an affiliate, those affiliates locked FOR KEY SHARE until the caller's
 * transaction ends, so a code found here cannot be deleted or changed before the rates naming it are committed.
 */
export async function knownAffiliateCodes(sql: Sql, codes: readonly string[]): Promise<Set<string>> {
  const { rows } = await sql.query<{ affiliate_code: string }>(
    'SELECT affiliate_code FROM affiliates WHERE affiliate_code = ANY($1::text[]) FOR KEY SHARE',
    [[...new Set(codes)]],
  );
  return new Set(rows.map((row) => row.affiliate_code));
}

export async function insertUpload(
  sql: Sql,
  upload: { fileName: string; uploadedBy: number; rowCount: number; at: Date },
): Promise<number> {
  const { rows } = await sql.query<{ upload_id: string | number }>(
    `INSERT INTO commission_uploads (file_name, uploaded_by, row_count, created_at)
     VALUES ($1, $2, $3, $4) RETURNING upload_id`,
    [upload.fileName, upload.uploadedBy, upload.rowCount, upload.at],
  );
  return Number(rows[0].upload_id);
}

/**
 * Stores the rates of one upload: a rate for an affiliate, category and effective date already held is
 * replaced (the primary key), every other date stays, so the table is the rates' history.
 */
export async function insertRates(
  sql: Sql,
  uploadId: number,
  rates: readonly CommissionRateRow[],
  at: Date,
): Promise<void> {
  for (let start = 0; start < rates.length; start += INSERT_BATCH) {
    const batch = rates.slice(start, start + INSERT_BATCH);
    await sql.query(
      `INSERT INTO commission_rates
              (affiliate_code, product_category, rate_percent, minimum_order_value, effective_date, upload_id, created_at)
       SELECT code, category, rate, minimum, day, $6, $7
         FROM unnest($1::text[], $2::text[], $3::numeric[], $4::numeric[], $5::date[])
              AS r(code, category, rate, minimum, day)
       ON CONFLICT (affiliate_code, product_category, effective_date) DO UPDATE
          SET rate_percent = excluded.rate_percent, minimum_order_value = excluded.minimum_order_value,
              upload_id = excluded.upload_id, created_at = excluded.created_at`,
      [
        arrayLiteral(batch.map((rate) => rate.affiliateCode)),
        arrayLiteral(batch.map((rate) => rate.productCategory)),
        arrayLiteral(batch.map((rate) => rate.ratePercent)),
        arrayLiteral(batch.map((rate) => rate.minimumOrderValue)),
        arrayLiteral(batch.map((rate) => rate.effectiveDate)),
        uploadId,
        at,
      ],
    );
  }
}

/**
 * The rates in force on `today`: per affiliate and category the newest row effective on or before it (no newer
 * one up to today), filtered by affiliate code or name and by category. The page is read in the primary key's
 * order (affiliate, category, date), so it stops after its rows. The filters hold for every row of a pair, so
 * the count is the number of pairs with a row in force: unfiltered, the pairs whose first rate starts by today
 * (rate_pairs_by_start, migration 078); filtered, one grouped pass over the key, with no lookup per row.
 */
export async function currentRates(
  sql: Sql,
  filter: { today: string; search?: string; category?: string; page: number; pageSize: number },
): Promise<{ results: CommissionRate[]; totalCount: number }> {
  const params: unknown[] = [filter.today];
  const pairFilters: string[] = [];
  if (filter.category) {
    params.push(filter.category);
    pairFilters.push(`cr.product_category = $${params.length}`);
  }
  if (filter.search) {
    params.push(containsPattern(filter.search));
    pairFilters.push(
      `(lower(cr.affiliate_code) LIKE $${params.length} OR lower(a.full_name) LIKE $${params.length})`,
    );
  }
  const inForce = ['cr.effective_date <= $1::date', ...pairFilters].join(' AND ');
  const { rows } = await sql.query<CommissionRate>(
    `SELECT cr.affiliate_code AS "affiliateCode", a.full_name AS "affiliateName",
            cr.product_category AS "productCategory", cr.rate_percent::text AS "ratePercent",
            cr.minimum_order_value::text AS "minimumOrderValue",
            to_char(cr.effective_date, 'YYYY-MM-DD') AS "effectiveDate", cr.upload_id AS "uploadId"
       FROM commission_rates cr LEFT JOIN affiliates a ON a.affiliate_code = cr.affiliate_code
      WHERE ${inForce}
        AND NOT EXISTS (SELECT 1 FROM commission_rates newer
                         WHERE newer.affiliate_code = cr.affiliate_code
                           AND newer.product_category = cr.product_category
                           AND newer.effective_date > cr.effective_date AND newer.effective_date <= $1::date)
      ORDER BY cr.affiliate_code, cr.product_category
      LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, filter.pageSize, (filter.page - 1) * filter.pageSize],
  );
  const { rows: counted } = await sql.query<{ n: string | number | null }>(
    pairFilters.length === 0
      ? 'SELECT sum(pairs) AS n FROM rate_pairs_by_start WHERE first_effective <= $1::date'
      : `SELECT count(*) AS n FROM (
           SELECT 1 FROM commission_rates cr LEFT JOIN affiliates a ON a.affiliate_code = cr.affiliate_code
            WHERE ${inForce}
            GROUP BY cr.affiliate_code, cr.product_category) AS pairs`,
    params,
  );
  return {
    totalCount: Number(counted[0].n ?? 0),
    results: rows.map((row) => ({ ...row, ratePercent: trimDecimal(row.ratePercent) })),
  };
}

/** 2.500 -> 2.5, 3.000 -> 3: the rate as it was typed. */
const trimDecimal = (value: string) => value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/** The categories that have a rate, in order (the database's `rate_categories()`, migration 072). */
export async function rateCategories(sql: Sql): Promise<string[]> {
  const { rows } = await sql.query<{ product_category: string }>(
    'SELECT product_category FROM rate_categories() AS product_category ORDER BY 1 LIMIT 200',
  );
  return rows.map((row) => row.product_category);
}

export async function listUploads(
  sql: Sql,
  page: number,
  pageSize: number,
): Promise<{ results: CommissionUploadRecord[]; totalCount: number }> {
  const { rows } = await sql.query<Omit<CommissionUploadRecord, 'createdAt'> & { createdAt: Date }>(
    `SELECT u.upload_id AS "uploadId", u.file_name AS "fileName", u.row_count AS "rowCount",
            usr.full_name AS "uploadedBy", u.created_at AS "createdAt"
       FROM commission_uploads u LEFT JOIN users usr ON usr.user_id = u.uploaded_by
      ORDER BY u.created_at DESC, u.upload_id DESC LIMIT $1 OFFSET $2`,
    [pageSize, (page - 1) * pageSize],
  );
  const { rows: counted } = await sql.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM commission_uploads',
  );
  return {
    totalCount: Number(counted[0].n),
    results: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
