import type { IdentityType } from '@portal/contracts';
import type { Sql } from '../../db/database';
import type { DataKeyring } from '../../lib/field-crypto';
import { numberLookupHashes } from '../../lib/sealed-numbers';

/** Duplicate identities recorded per kind; more matches than this add nothing for the reviewer. */
const MAX_FLAGS_PER_KIND = 20;

type FlagKind = 'ninOrBVN' | 'accountNumber' | 'mobileNumber';

/**
 * The same BVN/NIN, bank account or mobile on another affiliate does not block a registration (families
 * share phones, agents re-register after an Inactive account); it is recorded for the KYC reviewer.
 */
export async function recordDuplicateIdentities(
  sql: Sql,
  affiliateId: number,
  identity: {
    identityType: IdentityType;
    ninOrBVN: string;
    bankID: number;
    accountNumber: string;
    phoneCode: string;
    mobileNumber: string;
  },
  at: Date,
  keyring: DataKeyring,
): Promise<void> {
  // The numbers match by their keyed hashes (issue 29), under every configured key while a rotation runs.
  const matches: Array<[FlagKind, string, unknown[]]> = [
    [
      'ninOrBVN',
      'identity_type = $2 AND nin_or_bvn_hash = ANY($3::text[])',
      [identity.identityType, numberLookupHashes(keyring, 'nin_or_bvn', identity.ninOrBVN)],
    ],
    [
      'accountNumber',
      'bank_id = $2 AND account_number_hash = ANY($3::text[])',
      [identity.bankID, numberLookupHashes(keyring, 'account_number', identity.accountNumber)],
    ],
    ['mobileNumber', 'phone_code = $2 AND mobile_number = $3', [identity.phoneCode, identity.mobileNumber]],
  ];
  for (const [kind, where, params] of matches) {
    await sql.query(
      `INSERT INTO affiliate_flags (affiliate_id, kind, other_affiliate_id, created_at)
       SELECT $1::bigint, $5::text, affiliate_id, $4::timestamptz FROM affiliates
        WHERE ${where} AND affiliate_id <> $1
        ORDER BY affiliate_id LIMIT ${MAX_FLAGS_PER_KIND}`,
      [affiliateId, ...params, at, kind],
    );
  }
}

/**
 * After the affiliate's identity changed (re-KYC): every flag naming it, either way, is dropped and the
 * matches of its current details recorded again, so the reviewer sees the duplicates of what it sent now.
 */
export async function recomputeDuplicateIdentities(
  sql: Sql,
  affiliateId: number,
  identity: Parameters<typeof recordDuplicateIdentities>[2],
  at: Date,
  keyring: DataKeyring,
): Promise<void> {
  await sql.query('DELETE FROM affiliate_flags WHERE affiliate_id = $1 OR other_affiliate_id = $1', [
    affiliateId,
  ]);
  await recordDuplicateIdentities(sql, affiliateId, identity, at, keyring);
}
