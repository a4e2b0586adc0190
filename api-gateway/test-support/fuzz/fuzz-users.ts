import type { AffiliateStatus } from '@portal/contracts';
import type { AppContext } from '../../src/context';
import { issueSession } from '../../src/http/session';

/**
 * The fuzzer's own users, written with SQL (test-support may not reach into a module's fixtures): a user of
 * each role, and affiliates in the statuses whose rights open the affiliate area.
 */
export async function createFuzzUser(
  ctx: AppContext,
  roleId: 1 | 2 | 3,
  affiliateStatus?: AffiliateStatus,
): Promise<number> {
  const tag = `fuzz${roleId}.${(affiliateStatus ?? 'staff').replace(/\W/g, '').toLowerCase()}`;
  const mobile = String(7000000000 + roleId * 10 + (affiliateStatus ? affiliateStatus.length : 0));
  const { rows } = await ctx.db.query<{ user_id: string | number }>(
    `INSERT INTO users (full_name, email, password_hash, role_id, phone_code, mobile_number, country_id)
     VALUES ($1, $2, 'x', $3, '+234', $4, 1) RETURNING user_id`,
    [`Fuzz User ${roleId}`, `${tag}@example.test`, roleId, mobile],
  );
  const userId = Number(rows[0].user_id);
  if (affiliateStatus) {
    await ctx.db.query(
      `INSERT INTO affiliates (user_id, full_name, email, country_id, phone_code, mobile_number, identity_type,
                               nin_or_bvn, bank_id, account_number, status)
       VALUES ($1, $2, $3, 1, '+234', $4, 'BVN', $5, 1, $6, $7)`,
      [userId, `Fuzz User ${roleId}`, `${tag}@example.test`, mobile, `2${mobile}`, mobile, affiliateStatus],
    );
  }
  return userId;
}

/** A bearer header for a user, through a real session row. */
export async function fuzzBearer(ctx: AppContext, userId: number): Promise<string> {
  const session = await issueSession(ctx, ctx.db, userId, { ip: '127.0.0.1', userAgent: 'schema-fuzz' });
  return `Bearer ${session.token}`;
}
