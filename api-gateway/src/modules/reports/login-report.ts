import type { LoginReportRow } from '@portal/contracts';
import type { Sql } from '../../db/database';
import { containsPattern } from '../backoffice';
import { addDays, businessDay, businessTimestamp, startOfBusinessDay } from '../../lib/business-time';
import type { SheetColumn } from './xlsx-writer';

export interface LoginReportFilter {
  /** yyyy-MM-dd, inclusive, in the business time zone. */
  fromDate?: string;
  toDate?: string;
  search?: string;
}

/** Rows read per round trip when exporting: big enough to amortise the query, small enough to stay flat in memory. */
export const EXPORT_PAGE_ROWS = 5000;

/** The fields of a LoginExportRow; the screen's rows send loggedAt as ISO text. */
const COLUMNS = `lh.login_id AS "loginID", a.affiliate_code AS "affiliateCode", a.full_name AS "fullName",
  lh.user_name AS "userName", lh.logged_at AS "loggedAt", lh.success, lh.failure_reason AS "failureReason", lh.ip,
  lh.user_agent AS "userAgent", lh.latitude, lh.longitude`;

/**
 * The report covers sign-in attempts on affiliate accounts (spec §2 "Affiliate Login Report"), joined
 * to the affiliate for its code and name. A search matches the affiliate as the back office's does (code,
 * name, email, mobile: its stored search_text, trigram-indexed); their sign-ins then come from the (user_id,
 * logged_at) index. Without dates the total is the sum of their counts in sign_in_counts (migration 076), so a
 * word most affiliates match no longer counts every sign-in.
 */
function whereClause(filter: LoginReportFilter, params: unknown[]): string {
  const conditions: string[] = [];
  if (filter.fromDate) {
    params.push(startOfBusinessDay(filter.fromDate));
    conditions.push(`lh.logged_at >= $${params.length}`);
  }
  if (filter.toDate) {
    params.push(startOfBusinessDay(addDays(filter.toDate, 1)));
    conditions.push(`lh.logged_at < $${params.length}`);
  }
  if (filter.search) {
    params.push(containsPattern(filter.search));
    conditions.push(`a.search_text LIKE $${params.length}`);
  }
  return conditions.length ? `AND ${conditions.join(' AND ')}` : '';
}

/** One page for the screen's "Generate Report", newest first; ids are picked from the index before rows are read. */
export async function pageLoginReport(
  sql: Sql,
  filter: LoginReportFilter,
  pageNo: number,
  pageSize: number,
): Promise<{ results: LoginReportRow[]; totalCount: number }> {
  const params: unknown[] = [pageSize, (pageNo - 1) * pageSize];
  const where = whereClause(filter, params);
  const countParams: unknown[] = [];
  const countWhere = whereClause(filter, countParams);
  const [page, count] = await Promise.all([
    sql.query<LoginExportRow>(
      `WITH page AS (
         SELECT lh.login_id, lh.logged_at FROM login_history lh JOIN affiliates a ON a.user_id = lh.user_id
          WHERE true ${where}
          ORDER BY lh.logged_at DESC, lh.login_id DESC LIMIT $1 OFFSET $2
       )
       SELECT ${COLUMNS}
         FROM page p
         JOIN login_history lh ON lh.login_id = p.login_id
         JOIN affiliates a ON a.user_id = lh.user_id
        ORDER BY p.logged_at DESC, p.login_id DESC`,
      params,
    ),
    sql.query<{ total: string | number }>(
      filter.fromDate || filter.toDate
        ? `SELECT count(*) AS total FROM login_history lh JOIN affiliates a ON a.user_id = lh.user_id WHERE true ${countWhere}`
        : `SELECT coalesce(sum(c.attempts), 0) AS total
             FROM sign_in_counts c JOIN affiliates a ON a.user_id = c.user_id WHERE true ${countWhere}`,
      countParams,
    ),
  ]);
  const results = page.rows.map((row) => ({ ...row, loggedAt: row.loggedAt.toISOString() }));
  return { results, totalCount: Number(count.rows[0].total) };
}

/** One exported sign-in; loggedAt at millisecond precision is all a spreadsheet shows. */
export interface LoginExportRow {
  loginID: number;
  loggedAt: Date;
  affiliateCode: string;
  fullName: string;
  userName: string;
  success: boolean;
  failureReason: string | null;
  ip: string | null;
  userAgent: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * Every matching row, newest first, read in keyset pages of EXPORT_PAGE_ROWS: each page starts after the
 * last one's (logged_at, login_id), so memory holds one page and no page re-reads what came before.
 * The cursor carries logged_at in whole microseconds, the database's full precision.
 */
export async function* streamLoginReport(
  sql: Sql,
  filter: LoginReportFilter,
  pageRows = EXPORT_PAGE_ROWS,
): AsyncGenerator<LoginExportRow> {
  let cursor: { micros: number; id: number } | undefined;
  for (;;) {
    const params: unknown[] = [pageRows];
    const where = whereClause(filter, params);
    let after = '';
    if (cursor) {
      params.push(cursor.micros, cursor.id);
      after = `AND (lh.logged_at, lh.login_id) <
                   (timestamptz 'epoch' + $${params.length - 1}::bigint * interval '1 microsecond', $${params.length}::bigint)`;
    }
    const { rows } = await sql.query<LoginExportRow & { micros: number }>(
      `SELECT ${COLUMNS}, (extract(epoch FROM lh.logged_at) * 1000000)::bigint AS micros
         FROM login_history lh JOIN affiliates a ON a.user_id = lh.user_id
        WHERE true ${where} ${after}
        ORDER BY lh.logged_at DESC, lh.login_id DESC LIMIT $1`,
      params,
    );
    for (const { micros: _micros, ...row } of rows) yield row;
    if (rows.length < pageRows) return;
    const last = rows[rows.length - 1];
    cursor = { micros: last.micros, id: last.loginID };
  }
}

const humanise = (reason: string | null) =>
  reason ? reason.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()) : '';

export const LOGIN_REPORT_COLUMNS: readonly SheetColumn<LoginExportRow>[] = [
  { header: 'Sr No', width: 8, value: (_row, index) => index },
  { header: 'Affiliate ID', width: 14, value: (row) => row.affiliateCode },
  { header: 'Name', width: 28, value: (row) => row.fullName },
  { header: 'Email', width: 32, value: (row) => row.userName },
  { header: 'Login Time', width: 20, value: (row) => businessTimestamp(row.loggedAt) },
  { header: 'Result', width: 10, value: (row) => (row.success ? 'Success' : 'Failed') },
  { header: 'Failure Reason', width: 20, value: (row) => humanise(row.failureReason) },
  { header: 'IP Address', width: 18, value: (row) => row.ip ?? '' },
  { header: 'User Agent', width: 50, value: (row) => row.userAgent ?? '' },
  { header: 'Latitude', width: 12, value: (row) => row.latitude },
  { header: 'Longitude', width: 12, value: (row) => row.longitude },
];

export function loginReportFileName(filter: LoginReportFilter, now: Date): string {
  return `affiliate-login-report-${filter.fromDate ?? 'start'}-to-${filter.toDate ?? businessDay(now)}.xlsx`;
}
