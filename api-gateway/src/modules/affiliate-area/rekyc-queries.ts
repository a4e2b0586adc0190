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

/**
 * Issue 50: a resubmission of returned parts writes only their columns, so the parts not returned keep their
 * values, their seals and (for the bank account) the verification in force. A new selfie replaces the old one,
 * whose file row goes in the same transaction; its storage key is answered so its bytes can go after the commit.
 */
export async function writeReturnedParts(
  sql: Sql,
  keyring: DataKeyring,
  affiliateId: number,
  parts: {
    fullName?: string;
    ninOrBVN?: string;
    bank?: { bankID: number; accountNumber: string };
    selfiePath?: string;
  },
  status: AffiliateStatus,
  now: Date,
): Promise<string | null> {
  const params: unknown[] = [affiliateId, status, now];
  const sets = ['status = $2', 'updated_date = $3'];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (parts.fullName !== undefined) set('full_name', parts.fullName);
  if (parts.ninOrBVN !== undefined) {
    const [ninSealed, ninHash] = sealedNumberParams(keyring, {
      ninOrBVN: parts.ninOrBVN,
      accountNumber: parts.ninOrBVN,
    });
    set('nin_or_bvn_sealed', ninSealed);
    set('nin_or_bvn_hash', ninHash);
    sets.push('nin_or_bvn = NULL');
  }
  if (parts.bank) {
    const [, , accountSealed, accountHash] = sealedNumberParams(keyring, {
      ninOrBVN: parts.bank.accountNumber,
      accountNumber: parts.bank.accountNumber,
    });
    set('bank_id', parts.bank.bankID);
    set('account_number_sealed', accountSealed);
    set('account_number_hash', accountHash);
    sets.push('account_number = NULL');
  }
  let replaced: string | null = null;
  if (parts.selfiePath !== undefined) {
    const old = await sql.query<{ path: string | null }>(
      'SELECT selfie_image_path AS path FROM affiliates WHERE affiliate_id = $1',
      [affiliateId],
    );
    replaced = old.rows[0]?.path ?? null;
    set('selfie_image_path', parts.selfiePath);
  }
  await sql.query(`UPDATE affiliates SET ${sets.join(', ')} WHERE affiliate_id = $1`, params);
  if (replaced) await sql.query('DELETE FROM stored_files WHERE storage_key = $1', [replaced]);
  return replaced;
}

/** nin_or_bvn_sealed, nin_or_bvn_hash, bank_id, account_number_sealed, account_number_hash, in that order. */
function sealedColumns(
  keyring: DataKeyring,
  details: { ninOrBVN: string; bankID: number; accountNumber: string },
) {
  const [ninSealed, ninHash, accountSealed, accountHash] = sealedNumberParams(keyring, details);
  return [ninSealed, ninHash, details.bankID, accountSealed, accountHash];
}
