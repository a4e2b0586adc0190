import type { AffiliateStatus, IdentityType, ReKycDetails } from '@portal/contracts';
import type { Sql } from '../../db/database';

export interface KycProfile extends ReKycDetails {
  userId: number;
}

interface KycProfileRow {
  affiliate_id: string | number;
  user_id: string | number;
  affiliate_code: string;
  full_name: string;
  email: string;
  phone_code: string;
  mobile_number: string;
  identity_type: IdentityType;
  nin_or_bvn: string;
  bank_id: number;
  bank_name: string;
  account_number: string;
  status: AffiliateStatus;
  remark: string | null;
}

/** The affiliate's KYC profile with its bank's name; `forUpdate` locks the row for the re-KYC write. */
export async function findKycProfile(
  sql: Sql,
  affiliateId: number,
  forUpdate = false,
): Promise<KycProfile | undefined> {
  const { rows } = await sql.query<KycProfileRow>(
    `SELECT a.affiliate_id, a.user_id, a.affiliate_code, a.full_name, a.email, a.phone_code, a.mobile_number,
            a.identity_type, a.nin_or_bvn, a.bank_id, b.bank_name, a.account_number, a.status, a.remark
       FROM affiliates a
       JOIN banks b ON b.bank_id = a.bank_id
      WHERE a.affiliate_id = $1
      ${forUpdate ? 'FOR UPDATE OF a' : ''}`,
    [affiliateId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    affiliateID: Number(row.affiliate_id),
    userId: Number(row.user_id),
    affiliateCode: row.affiliate_code,
    fullName: row.full_name,
    email: row.email,
    phoneCode: row.phone_code,
    mobileNumber: row.mobile_number,
    identityType: row.identity_type,
    ninOrBVN: row.nin_or_bvn,
    bankID: Number(row.bank_id),
    bankName: row.bank_name,
    accountNumber: row.account_number,
    status: row.status,
    remark: row.remark,
  };
}

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
