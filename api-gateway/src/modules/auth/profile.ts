import type { IdentityNumbersResponse, ProfileResponse } from '@portal/contracts';
import { IdentityNumbersMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import { notFound, unauthorized } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import {
  SEALED_NUMBER_COLUMNS,
  type SealedNumberRow,
  maskedNumbers,
  openNumbers,
} from '../../lib/sealed-numbers';

/** The caller's own profile: affiliates from their KYC record (identity and bank); staff from users, without those. */
export async function loadProfile(ctx: AppContext, session: SessionUser): Promise<ProfileResponse> {
  const { rows } = await ctx.db.query<
    Pick<ProfileResponse, 'fullName' | 'email' | 'phoneCode' | 'mobileNumber' | 'identityType'> &
      SealedNumberRow & { bankName: string | null; affiliateId: number | null }
  >(
    `SELECT COALESCE(a.full_name, u.full_name) AS "fullName",
            COALESCE(a.email, u.email) AS email,
            COALESCE(a.phone_code, u.phone_code) AS "phoneCode",
            COALESCE(a.mobile_number, u.mobile_number) AS "mobileNumber",
            a.identity_type AS "identityType", ${SEALED_NUMBER_COLUMNS}, a.affiliate_id AS "affiliateId",
            b.bank_name AS "bankName"
       FROM users u
       LEFT JOIN affiliates a ON a.user_id = u.user_id
       LEFT JOIN banks b ON b.bank_id = a.bank_id
      WHERE u.user_id = $1`,
    [session.userId],
  );
  const row = rows[0];
  if (!row) throw unauthorized();
  // Masked (issue 29); the affiliate's Show asks `user/profile/numbers` for the clear ones.
  const numbers = row.affiliateId === null ? null : maskedNumbers(ctx.config.dataKeyring, row);
  const { fullName, email, phoneCode, mobileNumber, identityType, bankName } = row;
  return {
    fullName,
    email,
    phoneCode,
    mobileNumber,
    identityType,
    ninOrBVN: numbers?.ninOrBVN ?? null,
    bankInfo: bankName && numbers ? { bankName, accountNumber: numbers.accountNumber } : null,
  };
}

/** The profile's Show (issue 29): the signed-in affiliate's own numbers in clear; staff have none (404). */
export async function loadOwnNumbers(
  ctx: AppContext,
  session: SessionUser,
): Promise<IdentityNumbersResponse> {
  const { rows } = await ctx.db.query<SealedNumberRow>(
    `SELECT ${SEALED_NUMBER_COLUMNS} FROM affiliates a WHERE a.user_id = $1`,
    [session.userId],
  );
  if (!rows[0]) throw notFound(IdentityNumbersMessages.noNumbers);
  return openNumbers(ctx.config.dataKeyring, rows[0]);
}
