import type { AffiliateFlag, AffiliateStatus, AffiliateSummary } from '@portal/contracts';
import type { Sql } from '../../db/database';
import type { DataKeyring } from '../../lib/field-crypto';
import { SEALED_NUMBER_COLUMNS, type SealedNumberRow, withNumbers } from '../../lib/sealed-numbers';

export interface AffiliateFilter {
  status?: AffiliateStatus;
  search?: string;
  /**
   * Issue 29: when the search is a whole BVN/NIN or account number, its keyed hashes (`exactNumberSearch`):
   * such an affiliate is found by the hash columns, the numbers themselves never searched in clear.
   */
  numberHashes?: { ninOrBVN: string; accountNumber: string };
}

/** An AffiliateSummary's fields, the numbers still sealed and the date a Date. */
type AffiliateRow = Omit<AffiliateSummary, 'ninOrBVN' | 'accountNumber' | 'createdDate'> &
  SealedNumberRow & { createdDate: Date };

const AFFILIATE_COLUMNS = `a.affiliate_id AS "affiliateID", a.affiliate_code AS "affiliateCode", a.full_name AS "fullName",
  a.email, a.phone_code AS "phoneCode", a.mobile_number AS "mobileNumber", a.identity_type AS "identityType",
  ${SEALED_NUMBER_COLUMNS}, a.bank_id AS "bankID", a.selfie_image_path AS "selfieImagePath", a.status,
  a.created_date AS "createdDate"`;

/** The numbers masked (`••••••••562`, issue 29): the clear ones only through `affiliate/{id}/numbers`. */
function toAffiliateSummary<T extends AffiliateRow>(row: T, keyring: DataKeyring) {
  return { ...withNumbers(keyring, row, 'masked'), createdDate: row.createdDate.toISOString() };
}

/** A LIKE pattern that matches the search text anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** WHERE clause and parameters of a filter, numbered from `firstParam`. Uses only indexed expressions. */
export function filterClause(filter: AffiliateFilter, firstParam = 1): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.status) {
    params.push(filter.status);
    conditions.push(`status = $${firstParam + params.length - 1}`);
  }
  if (filter.search) {
    params.push(containsPattern(filter.search));
    const like = `search_text LIKE $${firstParam + params.length - 1}`;
    if (filter.numberHashes) {
      params.push(filter.numberHashes.ninOrBVN, filter.numberHashes.accountNumber);
      const nin = firstParam + params.length - 2;
      conditions.push(
        `(${like} OR nin_or_bvn_hash = ANY($${nin}::text[]) OR account_number_hash = ANY($${nin + 1}::text[]))`,
      );
    } else {
      conditions.push(like);
    }
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/** Every affiliate, newest first: the no-parameter `backoffice/affiliate` answer, kept for compatibility. */
export async function listAllAffiliates(sql: Sql, keyring: DataKeyring): Promise<AffiliateSummary[]> {
  const { rows } = await sql.query<AffiliateRow>(
    `SELECT ${AFFILIATE_COLUMNS} FROM affiliates a ORDER BY a.created_date DESC, a.affiliate_id DESC`,
  );
  return rows.map((row) => toAffiliateSummary(row, keyring));
}

/**
 * One page, newest first. The page's ids are picked from the (status,) created_date, affiliate_id index
 * alone (a deferred join), so a deep page skips index entries rather than whole rows; only the page's
 * rows are read from the table.
 */
export async function pageAffiliates(
  sql: Sql,
  keyring: DataKeyring,
  filter: AffiliateFilter,
  pageNo: number,
  pageSize: number,
): Promise<{ results: AffiliateSummary[]; totalCount: number }> {
  const { where, params } = filterClause(filter, 3);
  const [page, totalCount] = await Promise.all([
    sql.query<AffiliateRow>(
      `WITH page AS (
         SELECT affiliate_id, created_date FROM affiliates ${where}
          ORDER BY created_date DESC, affiliate_id DESC LIMIT $1 OFFSET $2
       )
       SELECT ${AFFILIATE_COLUMNS}
         FROM page p JOIN affiliates a ON a.affiliate_id = p.affiliate_id
        ORDER BY p.created_date DESC, p.affiliate_id DESC`,
      [pageSize, (pageNo - 1) * pageSize, ...params],
    ),
    countAffiliates(sql, filter),
  ]);
  return { results: page.rows.map((row) => toAffiliateSummary(row, keyring)), totalCount };
}

/** Without a search the total comes from affiliate_status_counts (kept by triggers), never from the big table. */
export async function countAffiliates(sql: Sql, filter: AffiliateFilter): Promise<number> {
  if (!filter.search) {
    const { rows } = await sql.query<{ total: string | number | null }>(
      `SELECT sum(total) AS total FROM affiliate_status_counts ${filter.status ? 'WHERE status = $1' : ''}`,
      filter.status ? [filter.status] : [],
    );
    return Number(rows[0]?.total ?? 0);
  }
  const { where, params } = filterClause(filter);
  const { rows } = await sql.query<{ total: string | number }>(
    `SELECT count(*) AS total FROM affiliates ${where}`,
    params,
  );
  return Number(rows[0].total);
}

export interface AffiliateRecord extends AffiliateSummary {
  userId: number;
  bankName: string;
  countryID: number;
  countryName: string;
  remark: string | null;
  statusBeforeInactive: string | null;
  firstDecisionAt: Date | null;
  updatedDate: string;
}

/** One affiliate with its bank and country names; `forUpdate` locks the row for a decision. */
export async function findAffiliate(
  sql: Sql,
  keyring: DataKeyring,
  affiliateId: number,
  forUpdate = false,
): Promise<AffiliateRecord | undefined> {
  const { rows } = await sql.query<
    AffiliateRow & Omit<AffiliateRecord, keyof AffiliateSummary | 'updatedDate'> & { updatedDate: Date }
  >(
    `SELECT ${AFFILIATE_COLUMNS}, a.user_id AS "userId", b.bank_name AS "bankName", a.country_id AS "countryID",
            c.country_name AS "countryName", a.remark, a.status_before_inactive AS "statusBeforeInactive",
            a.first_decision_at AS "firstDecisionAt", a.updated_date AS "updatedDate"
       FROM affiliates a
       JOIN banks b ON b.bank_id = a.bank_id
       JOIN countries c ON c.country_id = a.country_id
      WHERE a.affiliate_id = $1
      ${forUpdate ? 'FOR UPDATE OF a' : ''}`,
    [affiliateId],
  );
  const row = rows[0];
  return row && { ...toAffiliateSummary(row, keyring), updatedDate: row.updatedDate.toISOString() };
}

/** Duplicate-identity flags recorded at registration, both ways: this affiliate matched, or was matched by, another. */
export async function listAffiliateFlags(sql: Sql, affiliateId: number): Promise<AffiliateFlag[]> {
  const { rows } = await sql.query<Omit<AffiliateFlag, 'flaggedOn'> & { flaggedOn: Date }>(
    `SELECT f.kind, o.affiliate_id AS "otherAffiliateID", o.affiliate_code AS "otherAffiliateCode",
            o.full_name AS "otherFullName", o.status AS "otherStatus", f.created_at AS "flaggedOn"
       FROM (
         SELECT kind, other_affiliate_id AS other_id, created_at FROM affiliate_flags WHERE affiliate_id = $1
         UNION
         SELECT kind, affiliate_id AS other_id, created_at FROM affiliate_flags WHERE other_affiliate_id = $1
       ) f
       JOIN affiliates o ON o.affiliate_id = f.other_id
      ORDER BY f.created_at, o.affiliate_id, f.kind`,
    [affiliateId],
  );
  return rows.map((row) => ({ ...row, flaggedOn: row.flaggedOn.toISOString() }));
}
