import type { ProfileResponse } from '@portal/contracts';
import type { AppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import type { SessionUser } from '../../http/session';

interface ProfileRow {
  full_name: string;
  email: string;
  phone_code: string | null;
  mobile_number: string | null;
  identity_type: 'BVN' | 'NIN' | null;
  nin_or_bvn: string | null;
  account_number: string | null;
  bank_name: string | null;
}

/** The caller's own profile: affiliates from their KYC record (identity and bank); staff from users, without those. */
export async function loadProfile(ctx: AppContext, session: SessionUser): Promise<ProfileResponse> {
  const { rows } = await ctx.db.query<ProfileRow>(
    `SELECT COALESCE(a.full_name, u.full_name) AS full_name,
            COALESCE(a.email, u.email) AS email,
            COALESCE(a.phone_code, u.phone_code) AS phone_code,
            COALESCE(a.mobile_number, u.mobile_number) AS mobile_number,
            a.identity_type, a.nin_or_bvn, a.account_number, b.bank_name
       FROM users u
       LEFT JOIN affiliates a ON a.user_id = u.user_id
       LEFT JOIN banks b ON b.bank_id = a.bank_id
      WHERE u.user_id = $1`,
    [session.userId],
  );
  const row = rows[0];
  if (!row) throw unauthorized();
  return {
    fullName: row.full_name,
    email: row.email,
    phoneCode: row.phone_code,
    mobileNumber: row.mobile_number,
    identityType: row.identity_type,
    ninOrBVN: row.nin_or_bvn,
    bankInfo:
      row.bank_name && row.account_number
        ? { bankName: row.bank_name, accountNumber: row.account_number }
        : null,
  };
}
