import type { CommissionRate, CommissionUploadRecord } from '@portal/contracts';
import { arrayLiteral, copyText, copyTextColumn, type Sql } from '../../db/database';
import { containsPattern } from '../backoffice';
import type { RateColumns } from './rate-rows';

/** Rows per INSERT statement: arrays of this length keep each statement's parameters small. */
const INSERT_BATCH = 10_000;

/**
 * Rows gathered from the worker's ranges (1,000 rows each) before they are written: each write costs a few
 * statements (a savepoint and its release, a COPY or an insert, the upload check) beyond its rows, ~0.5-1 ms
 * a time on PostgreSQL (bench/README.md, session 11).
 */
const WRITE_BATCH = 4_000;

/**
 * Which of the codes belong to an affiliate. With `lock` (inside the upload's transaction) those affiliates
 * are locked FOR KEY SHARE until it ends, so a code found here cannot be deleted or changed before the
 * rates naming it are committed (commission_rates has no foreign key to affiliates: this check is the rule).
 */
export async function knownAffiliateCodes(
  sql: Sql,
  codes: readonly string[],
  { lock = false } = {},
): Promise<Set<string>> {
  const { rows } = await sql.query<{ affiliate_code: string }>(
    `SELECT affiliate_code FROM affiliates WHERE affiliate_code = ANY($1::text[])${lock ? ' FOR KEY SHARE' : ''}`,
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

const RATE_COLUMNS = [
  'affiliate_code',
  'product_category',
  'rate_percent',
  'minimum_order_value',
  'effective_date',
] as const;

/** The history rule: a rate for an affiliate, category and effective date already held is replaced. */
const REPLACE_SAME_DAY = `ON CONFLICT (affiliate_code, product_category, effective_date) DO UPDATE
   SET rate_percent = excluded.rate_percent, minimum_order_value = excluded.minimum_order_value,
       upload_id = excluded.upload_id, created_at = excluded.created_at`;

/**
 * Stores the rates of one upload as its ranges arrive, a few ranges per write (all in the caller's one
 * transaction): a row for an affiliate, category and effective date already held is replaced
 * (commission_rates' primary key), every other date stays, so the table is the rates' history.
 *
 * Most uploads bring new dates, and a plain insert costs less than ON CONFLICT's speculative insertion, so new
 * rates are first written plainly under a savepoint; at the first rate already held (23505) that part is rolled
 * back and written again with the history rule. PostgreSQL: each write by COPY (pg-copy-streams) straight into
 * the table, else `unnest` upserts. PGlite: `unnest`, up to 10k rows per statement, each batch tried plain, and
 * once one held rate is met every later batch is upserted (at most one batch is written twice); COPY costs
 * PGlite more than it saves (docs/decisions.md).
 */
export class RateWriter {
  private replacing = false;
  private waiting: RateColumns[] = [];
  private waitingRows = 0;

  constructor(
    private readonly sql: Sql,
    private readonly uploadId: number,
    private readonly at: Date,
    private readonly driver: 'pglite' | 'postgres',
    private readonly batchRows = WRITE_BATCH,
  ) {}

  /** Takes a range's good rates; they are written once batchRows rows wait (flush() writes the rest). */
  async add(rates: RateColumns): Promise<void> {
    if (rates.rows.length === 0) return;
    this.waiting.push(rates);
    this.waitingRows += rates.rows.length;
    if (this.waitingRows >= this.batchRows) await this.flush();
  }

  /** Writes the rates still waiting: after the last range, before anything reads the rates. */
  async flush(): Promise<void> {
    if (this.waitingRows === 0) return;
    const rates = joinRates(this.waiting);
    this.waiting = [];
    this.waitingRows = 0;
    await this.write(rates);
  }

  private async write(rates: RateColumns): Promise<void> {
    const count = rates.rows.length;
    if (count === 0) return;
    const { sql, uploadId, at } = this;
    if (this.driver === 'postgres') {
      if (await plainly(sql, () => copyRates(sql, uploadId, rates, at))) return;
      for (let start = 0; start < count; start += INSERT_BATCH)
        await insertRates(
          sql,
          uploadId,
          sliceRates(rates, start, start + INSERT_BATCH),
          at,
          REPLACE_SAME_DAY,
        );
      return;
    }
    for (let start = 0; start < count; start += INSERT_BATCH) {
      const batch = sliceRates(rates, start, start + INSERT_BATCH);
      if (!this.replacing && (await plainly(sql, () => insertRates(sql, uploadId, batch, at, '')))) continue;
      this.replacing = true;
      await insertRates(sql, uploadId, batch, at, REPLACE_SAME_DAY);
    }
  }
}

/** The upload's row count, once every range is stored (its row is written with the first range). */
export async function setUploadRowCount(sql: Sql, uploadId: number, rowCount: number): Promise<void> {
  await sql.query('UPDATE commission_uploads SET row_count = $2 WHERE upload_id = $1', [uploadId, rowCount]);
}

/** Runs write under a savepoint: true when it succeeded, false (rolled back) when a rate was already held. */
async function plainly(sql: Sql, write: () => Promise<unknown>): Promise<boolean> {
  await sql.query('SAVEPOINT new_rates');
  try {
    await write();
    await sql.query('RELEASE SAVEPOINT new_rates');
    return true;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await sql.query('ROLLBACK TO SAVEPOINT new_rates');
    await sql.query('RELEASE SAVEPOINT new_rates');
    return false;
  }
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** Several ranges' rates as one, in order. */
function joinRates(parts: readonly RateColumns[]): RateColumns {
  if (parts.length === 1) return parts[0];
  const join = <K extends keyof RateColumns>(key: K) =>
    ([] as RateColumns[K]).concat(...parts.map((part) => part[key])) as RateColumns[K];
  return {
    rows: join('rows'),
    affiliateCodes: join('affiliateCodes'),
    ratePercents: join('ratePercents'),
    productCategories: join('productCategories'),
    minimumOrderValues: join('minimumOrderValues'),
    effectiveDates: join('effectiveDates'),
  };
}

const sliceRates = (rates: RateColumns, start: number, end: number): RateColumns =>
  start === 0 && end >= rates.rows.length
    ? rates
    : {
        rows: rates.rows.slice(start, end),
        affiliateCodes: rates.affiliateCodes.slice(start, end),
        ratePercents: rates.ratePercents.slice(start, end),
        productCategories: rates.productCategories.slice(start, end),
        minimumOrderValues: rates.minimumOrderValues.slice(start, end),
        effectiveDates: rates.effectiveDates.slice(start, end),
      };

function insertRates(
  sql: Sql,
  uploadId: number,
  batch: RateColumns,
  at: Date,
  onConflict: string,
): Promise<unknown> {
  return sql.query(
    `INSERT INTO commission_rates (${RATE_COLUMNS.join(', ')}, upload_id, created_at)
     SELECT code, category, rate, minimum, day, $6, $7
       FROM unnest($1::text[], $2::text[], $3::numeric[], $4::numeric[], $5::date[])
            AS r(code, category, rate, minimum, day)
     ${onConflict}`,
    [
      arrayLiteral(batch.affiliateCodes),
      arrayLiteral(batch.productCategories),
      arrayLiteral(batch.ratePercents),
      arrayLiteral(batch.minimumOrderValues),
      arrayLiteral(batch.effectiveDates),
      uploadId,
      at,
    ],
  );
}

async function copyRates(sql: Sql, uploadId: number, rates: RateColumns, at: Date): Promise<void> {
  const tail = `\t${copyText(String(uploadId))}\t${copyText(at.toISOString())}\n`;
  const codes = copyTextColumn(rates.affiliateCodes);
  const categories = copyTextColumn(rates.productCategories);
  const percents = copyTextColumn(rates.ratePercents);
  const minimums = copyTextColumn(rates.minimumOrderValues);
  const days = copyTextColumn(rates.effectiveDates);
  const lines: string[] = new Array<string>(codes.length);
  for (let i = 0; i < codes.length; i++)
    lines[i] = `${codes[i]}\t${categories[i]}\t${percents[i]}\t${minimums[i]}\t${days[i]}${tail}`;
  await sql.copyRows('commission_rates', [...RATE_COLUMNS, 'upload_id', 'created_at'], lines);
}

interface RateDbRow {
  affiliate_code: string | null;
  full_name: string | null;
  product_category: string;
  rate_percent: string;
  minimum_order_value: string;
  effective_date: string;
  upload_id: string | number | null;
  total: string | number;
}

/**
 * The rates in force on `today`: per affiliate and category the newest row effective on or before it
 * (the primary key gives that order, read backwards), filtered by affiliate code or name and by category.
 */
export async function currentRates(
  sql: Sql,
  filter: { today: string; search?: string; category?: string; page: number; pageSize: number },
): Promise<{ results: CommissionRate[]; totalCount: number }> {
  const params: unknown[] = [filter.today];
  const conditions: string[] = [];
  if (filter.category) {
    params.push(filter.category);
    conditions.push(`cr.product_category = $${params.length}`);
  }
  if (filter.search) {
    params.push(containsPattern(filter.search));
    conditions.push(`(lower(cr.affiliate_code) LIKE $${params.length}
      OR EXISTS (SELECT 1 FROM affiliates s WHERE s.affiliate_code = cr.affiliate_code
                    AND lower(s.full_name) LIKE $${params.length}))`);
  }
  params.push(filter.pageSize, (filter.page - 1) * filter.pageSize);
  const { rows } = await sql.query<RateDbRow>(
    `WITH current_rates AS (
       SELECT DISTINCT ON (cr.affiliate_code, cr.product_category)
              cr.affiliate_code, cr.product_category, cr.rate_percent, cr.minimum_order_value,
              cr.effective_date, cr.upload_id
         FROM commission_rates cr
        WHERE cr.effective_date <= $1::date ${conditions.map((c) => `AND ${c}`).join(' ')}
        ORDER BY cr.affiliate_code, cr.product_category, cr.effective_date DESC
     ), counted AS (SELECT count(*) AS total FROM current_rates)
     SELECT c.affiliate_code, a.full_name, c.product_category, c.rate_percent::text AS rate_percent,
            c.minimum_order_value::text AS minimum_order_value, to_char(c.effective_date, 'YYYY-MM-DD') AS effective_date,
            c.upload_id, counted.total
       FROM counted
       LEFT JOIN LATERAL (
         SELECT * FROM current_rates ORDER BY affiliate_code, product_category
          LIMIT $${params.length - 1} OFFSET $${params.length}
       ) c ON true
       LEFT JOIN affiliates a ON a.affiliate_code = c.affiliate_code
      ORDER BY c.affiliate_code, c.product_category`,
    params,
  );
  const totalCount = Number(rows[0]?.total ?? 0);
  return {
    totalCount,
    results: rows
      // Past the last page, counted's one row comes with no rate beside it.
      .filter((row): row is RateDbRow & { affiliate_code: string } => row.affiliate_code !== null)
      .map((row) => ({
        affiliateCode: row.affiliate_code,
        affiliateName: row.full_name,
        productCategory: row.product_category,
        ratePercent: trimDecimal(row.rate_percent),
        minimumOrderValue: row.minimum_order_value,
        effectiveDate: row.effective_date,
        uploadId: row.upload_id === null ? null : Number(row.upload_id),
      })),
  };
}

/** 2.500 -> 2.5, 3.000 -> 3: the rate as it was typed. */
const trimDecimal = (value: string) => value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

export async function rateCategories(sql: Sql): Promise<string[]> {
  const { rows } = await sql.query<{ product_category: string }>(
    'SELECT DISTINCT product_category FROM commission_rates ORDER BY product_category LIMIT 200',
  );
  return rows.map((row) => row.product_category);
}

export async function listUploads(
  sql: Sql,
  page: number,
  pageSize: number,
): Promise<{ results: CommissionUploadRecord[]; totalCount: number }> {
  const { rows } = await sql.query<{
    upload_id: string | number;
    file_name: string;
    row_count: number;
    full_name: string | null;
    created_at: Date | string;
  }>(
    `SELECT u.upload_id, u.file_name, u.row_count, usr.full_name, u.created_at
       FROM commission_uploads u LEFT JOIN users usr ON usr.user_id = u.uploaded_by
      ORDER BY u.created_at DESC, u.upload_id DESC LIMIT $1 OFFSET $2`,
    [pageSize, (page - 1) * pageSize],
  );
  const { rows: counted } = await sql.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM commission_uploads',
  );
  return {
    totalCount: Number(counted[0].n),
    results: rows.map((row) => ({
      uploadId: Number(row.upload_id),
      fileName: row.file_name,
      rowCount: Number(row.row_count),
      uploadedBy: row.full_name,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}
