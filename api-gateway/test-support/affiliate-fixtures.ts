import type { AffiliateStatus } from '@portal/contracts';
import type { AppContext } from '../src/context';
import type { Sql } from '../src/db/database';
import { issueSession } from '../src/http/session';

/**
 * Test data for the back-office, report and media tests: users and affiliates written with SQL, and
 * sessions issued directly, so those tests do not depend on the sign-in flow.
 */
let sequence = 0;
const next = () => ++sequence;

export async function createStaffUser(
  sql: Sql,
  roleId: 1 | 2,
  fullName = roleId === 1 ? 'Ada Admin' : 'Bola Backoffice',
) {
  const n = next();
  const { rows } = await sql.query<{ user_id: string | number }>(
    `INSERT INTO users (full_name, email, role_id, phone_code, mobile_number, country_id)
     VALUES ($1, $2, $3, '+234', $4, 1) RETURNING user_id`,
    [fullName, `staff${n}.${roleId}@example.test`, roleId, String(8030000000 + n)],
  );
  return Number(rows[0].user_id);
}

export interface TestAffiliate {
  affiliateId: number;
  userId: number;
  affiliateCode: string;
  email: string;
}

export async function createAffiliate(
  sql: Sql,
  options: {
    status?: AffiliateStatus;
    fullName?: string;
    email?: string;
    createdDate?: Date;
    selfieImagePath?: string | null;
    ninOrBVN?: string;
    passwordHash?: string | null;
    firstDecisionAt?: Date | null;
  } = {},
): Promise<TestAffiliate> {
  const n = next();
  const email = options.email ?? `affiliate${n}@example.test`;
  const fullName = options.fullName ?? `Test Affiliate ${n}`;
  const mobile = String(8100000000 + n);
  const user = await sql.query<{ user_id: string | number }>(
    `INSERT INTO users (full_name, email, password_hash, role_id, phone_code, mobile_number, country_id)
     VALUES ($1, $2, $3, 3, '+234', $4, 1) RETURNING user_id`,
    [fullName, email, options.passwordHash ?? null, mobile],
  );
  const userId = Number(user.rows[0].user_id);
  const affiliate = await sql.query<{ affiliate_id: string | number; affiliate_code: string }>(
    `INSERT INTO affiliates (user_id, full_name, email, country_id, phone_code, mobile_number, identity_type, nin_or_bvn,
                             bank_id, account_number, selfie_image_path, status, first_decision_at, created_date)
     VALUES ($1, $2, $3, 1, '+234', $4, 'BVN', $5, 1, $6, $7, $8, $9, $10)
     RETURNING affiliate_id, affiliate_code`,
    [
      userId,
      fullName,
      email,
      mobile,
      options.ninOrBVN ?? `2${String(13579246 + n * 7919).padStart(10, '0')}`.slice(0, 11),
      String(1000000000 + n),
      options.selfieImagePath ?? null,
      options.status ?? 'KYC Pending',
      options.firstDecisionAt ?? null,
      options.createdDate ?? new Date(),
    ],
  );
  return {
    affiliateId: Number(affiliate.rows[0].affiliate_id),
    userId,
    affiliateCode: affiliate.rows[0].affiliate_code,
    email,
  };
}

/** A bearer header for a user, through a real session row. */
export async function bearer(ctx: AppContext, userId: number): Promise<string> {
  const session = await issueSession(ctx, ctx.db, userId, { ip: '127.0.0.1', userAgent: 'jest' });
  return `Bearer ${session.token}`;
}
