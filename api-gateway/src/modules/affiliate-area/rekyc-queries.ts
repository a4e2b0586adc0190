import type { AffiliateStatus, ReKycDetails } from '@portal/contracts';
import type { Sql } from '../../db/database';
import type { DataKeyring } from '../../lib/field-crypto';
import {
  SEALED_NUMBER_COLUMNS,
  type SealedNumberRow,
  sealedNumberParams,
  withNumbers,
} from '../../lib/sealed-numbers';

export interface KycProfile extends ReKycDetails {
  userId: number;
}

/**
 * The affiliate's KYC profile with its bank's name, numbers in clear (its own re-KYC form corrects them);
 * `forUpdate` locks the row for the re-KYC write.
 */
export async function findKycProfile(
  sql: Sql,
  keyring: DataKeyring,
  affiliateId: number,
  forUpdate = false,
): Promise<KycProfile | undefined> {
  const { rows } = await sql.query<Omit<KycProfile, 'ninOrBVN' | 'accountNumber'> & SealedNumberRow>(
    `SELECT a.affiliate_id AS "affiliateID", a.user_id AS "userId", a.affiliate_code AS "affiliateCode",
            a.full_name AS "fullName", a.email, a.phone_code AS "phoneCode", a.mobile_number AS "mobileNumber",
            a.identity_type AS "identityType", ${SEALED_NUMBER_COLUMNS}, a.bank_id AS "bankID",
            b.bank_name AS "bankName", a.status, a.remark
       FROM affiliates a
       JOIN banks b ON b.bank_id = a.bank_id
      WHERE a.affiliate_id = $1
      ${forUpdate ? 'FOR UPDATE OF a' : ''}`,
    [affiliateId],
  );
  return rows[0] && withNumbers(keyring, rows[0], 'clear');
}

export async function bankExists(sql: Sql, bankId: number): Promise<boolean> {
  const { rows } = await sql.query('SELECT 1 FROM banks WHERE bank_id = $1', [bankId]);
  return rows.length > 0;
}

/** The corrected details, back in the review queue (the status trigger keeps affiliate_status_counts). */
export async function writeReKyc(
  sql: Sql,
  keyring: DataKeyring,
  affiliateId: number,
  details: { fullName: string; ninOrBVN: string; bankID: number; accountNumber: string },
  status: AffiliateStatus,
  now: Date,
): Promise<void> {
  await sql.query(
    `UPDATE affiliates
        SET full_name = $2, nin_or_bvn_sealed = $3, nin_or_bvn_hash = $4, bank_id = $5, account_number_sealed = $6,
            account_number_hash = $7, nin_or_bvn = NULL, account_number = NULL, status = $8, updated_date = $9
      WHERE affiliate_id = $1`,
    [affiliateId, details.fullName, ...sealedColumns(keyring, details), status, now],
  );
}

/** nin_or_bvn_sealed, nin_or_bvn_hash, bank_id, account_number_sealed, account_number_hash, in that order. */
function sealedColumns(
  keyring: DataKeyring,
  details: { ninOrBVN: string; bankID: number; accountNumber: string },
) {
  const [ninSealed, ninHash, accountSealed, accountHash] = sealedNumberParams(keyring, details);
  return [ninSealed, ninHash, details.bankID, accountSealed, accountHash];
}
