import type { Sql } from '../../db/database';
import type { DataKeyring } from '../../lib/field-crypto';
import { SEALED_NUMBER_COLUMNS, type SealedNumberRow, withNumbers } from '../../lib/sealed-numbers';
import type { AffiliateFilter } from '../backoffice';
import { filterClause } from '../backoffice';
import { businessDay } from '../../lib/business-time';
import { EXPORT_PAGE_ROWS } from './login-report';
import type { SheetColumn } from './xlsx-writer';

export interface AffiliateReportRow {
  affiliateCode: string;
  fullName: string;
  email: string;
  contactNumber: string;
  identityType: string;
  ninOrBVN: string;
  bankName: string;
  accountNumber: string;
  countryName: string;
  status: string;
  createdDate: Date;
}

/**
 * The admin's affiliate list as a spreadsheet, newest first like the screen, in keyset pages. BVN/NIN and
 * account numbers masked unless `fullNumbers` (issue 29; the route audits that).
 */
export async function* streamAffiliateReport(
  sql: Sql,
  filter: AffiliateFilter,
  numbers: { keyring: DataKeyring; fullNumbers: boolean },
): AsyncGenerator<AffiliateReportRow> {
  let cursor: { at: string; id: number } | undefined;
  for (;;) {
    const { where, params } = filterClause(filter, 2);
    const all: unknown[] = [EXPORT_PAGE_ROWS, ...params];
    const conditions = where ? [where.replace(/^WHERE /, '')] : [];
    if (cursor) {
      all.push(cursor.at, cursor.id);
      conditions.push(
        `(created_date, affiliate_id) < ($${all.length - 1}::timestamptz, $${all.length}::bigint)`,
      );
    }
    const { rows } = await sql.query<
      Omit<AffiliateReportRow, 'ninOrBVN' | 'accountNumber'> &
        SealedNumberRow & { id: number; cursorAt: string }
    >(
      `WITH page AS (
         SELECT affiliate_id FROM affiliates ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
          ORDER BY created_date DESC, affiliate_id DESC LIMIT $1
       )
       SELECT a.affiliate_id AS id, a.created_date::text AS "cursorAt", a.affiliate_code AS "affiliateCode",
              a.full_name AS "fullName", a.email, a.phone_code || '-' || a.mobile_number AS "contactNumber",
              a.identity_type AS "identityType", ${SEALED_NUMBER_COLUMNS}, b.bank_name AS "bankName",
              c.country_name AS "countryName", a.status, a.created_date AS "createdDate"
         FROM page p
         JOIN affiliates a ON a.affiliate_id = p.affiliate_id
         JOIN banks b ON b.bank_id = a.bank_id
         JOIN countries c ON c.country_id = a.country_id
        ORDER BY a.created_date DESC, a.affiliate_id DESC`,
      all,
    );
    for (const { id: _id, cursorAt: _at, ...row } of rows) {
      yield withNumbers(numbers.keyring, row, numbers.fullNumbers ? 'clear' : 'masked');
    }
    if (rows.length < EXPORT_PAGE_ROWS) return;
    const last = rows[rows.length - 1];
    cursor = { at: last.cursorAt, id: last.id };
  }
}

/** The list's columns (spec §2) plus the KYC details an admin reconciles payouts with. */
export const AFFILIATE_REPORT_COLUMNS: readonly SheetColumn<AffiliateReportRow>[] = [
  { header: 'Sr No', width: 8, value: (_row, index) => index },
  { header: 'Affiliate ID', width: 14, value: (row) => row.affiliateCode },
  { header: 'Name', width: 28, value: (row) => row.fullName },
  { header: 'Email', width: 32, value: (row) => row.email },
  { header: 'Contact Number', width: 18, value: (row) => row.contactNumber },
  { header: 'Status', width: 14, value: (row) => row.status },
  { header: 'Registration Date', width: 16, value: (row) => businessDay(row.createdDate) },
  { header: 'Identity Type', width: 12, value: (row) => row.identityType },
  { header: 'NIN/BVN', width: 14, value: (row) => row.ninOrBVN },
  { header: 'Bank', width: 26, value: (row) => row.bankName },
  { header: 'Account Number', width: 16, value: (row) => row.accountNumber },
  { header: 'Country', width: 14, value: (row) => row.countryName },
];

/**
 * A full-number export (issue 29): one audit row on every affiliate the filter selects (who exported whose
 * numbers, when), in one statement, so each review modal's history shows it.
 */
export async function auditFullNumberExport(
  sql: Sql,
  filter: AffiliateFilter,
  actorUserId: number,
  at: Date,
): Promise<number> {
  const { where, params } = filterClause(filter, 4);
  const result = await sql.query(
    `INSERT INTO audit_log (actor_user_id, action, entity_type, entity_id, details, created_at)
     SELECT $1, 'affiliate.export.full-numbers', 'affiliate', affiliate_id::text, $2::jsonb, $3
       FROM affiliates ${where}`,
    [
      actorUserId,
      JSON.stringify({ filter: { status: filter.status ?? null, search: filter.search ?? null } }),
      at,
      ...params,
    ],
  );
  return result.rowCount;
}
