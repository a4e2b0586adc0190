import type { AffiliateStatus } from '@portal/contracts';
import type { Sql } from '../../db/database';

export async function bankExists(sql: Sql, bankId: number): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM banks WHERE bank_id = $1', [bankId]);
  return rows.length > 0;
}

/** The corrected details, back in the review queue (the status trigger keeps affiliate_status_counts). */
export async function writeReKyc(
  sql: Sql,
  affiliateId: number,
  details: { fullName: string; ninOrBVN: string; bankID: number; accountNumber: string },
  status: AffiliateStatus,
  now: Date,
): Promise<void> {
  await sql.query(
    `UPDATE affiliates
        SET full_name = $2, nin_or_bvn = $3, bank_id = $4, account_number = $5, status = $6, updated_date = $7
      WHERE affiliate_id = $1`,
    [affiliateId, details.fullName, details.ninOrBVN, details.bankID, details.accountNumber, status, now],
  );
}
