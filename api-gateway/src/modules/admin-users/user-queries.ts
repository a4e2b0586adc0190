import type { AdminUser, AdminUserStatusFilter, UserFormContext } from '@portal/contracts';
import { RoleId } from '@portal/contracts';
import type { Sql } from '../../db/database';
import { containsPattern } from '../backoffice';

/** An AdminUser's fields, named as in contracts; createdOn arrives as a Date and is sent as ISO text. */
type UserRow = Omit<AdminUser, 'createdOn'> & { createdOn: Date };
const USER_COLUMNS = `u.user_id AS "userID", u.full_name AS "fullName", r.role_name AS role, u.role_id AS "roleID",
  u.email, coalesce(u.phone_code, '') AS "phoneCode", coalesce(u.mobile_number, '') AS "mobileNumber",
  u.country_id AS "countryID", c.country_name AS "countryName", u.is_active AS "isActive", u.created_on AS "createdOn"`;
const USER_FROM = `FROM users u JOIN roles r ON r.role_id = u.role_id LEFT JOIN countries c ON c.country_id = u.country_id`;

const toAdminUser = (row: UserRow): AdminUser => ({ ...row, createdOn: row.createdOn.toISOString() });

export interface UserFilter {
  search?: string;
  status?: AdminUserStatusFilter;
}

/**
 * Back-office and admin users only (affiliates have their own list). The staff are a few hundred rows at
 * most, so the search is a plain scan over name, email, mobile, role and country.
 */
function filterClause(filter: UserFilter): { where: string; params: unknown[] } {
  const conditions = [`u.role_id IN (${RoleId.Admin}, ${RoleId.Backoffice})`];
  const params: unknown[] = [];
  if (filter.status === 'active') conditions.push('u.is_active');
  if (filter.status === 'inactive') conditions.push('NOT u.is_active');
  if (filter.search) {
    params.push(containsPattern(filter.search));
    conditions.push(
      `lower(u.full_name || ' ' || u.email || ' ' || coalesce(u.phone_code, '') || ' ' || coalesce(u.mobile_number, '')
             || ' ' || r.role_name || ' ' || coalesce(c.country_name, '')) LIKE $${params.length}`,
    );
  }
  return { where: `WHERE ${conditions.join(' AND ')}`, params };
}

const ORDER = 'ORDER BY u.created_on DESC, u.user_id DESC';

export async function listUsers(sql: Sql, filter: UserFilter): Promise<AdminUser[]> {
  const { where, params } = filterClause(filter);
  const { rows } = await sql.query<UserRow>(`SELECT ${USER_COLUMNS} ${USER_FROM} ${where} ${ORDER}`, params);
  return rows.map(toAdminUser);
}

export async function listUserPage(
  sql: Sql,
  filter: UserFilter,
  page: number,
  pageSize: number,
): Promise<{ results: AdminUser[]; totalCount: number }> {
  const { where, params } = filterClause(filter);
  const [rows, total] = await Promise.all([
    sql.query<UserRow>(
      `SELECT ${USER_COLUMNS} ${USER_FROM} ${where} ${ORDER} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, (page - 1) * pageSize],
    ),
    sql.query<{ total: string | number }>(`SELECT count(*) AS total ${USER_FROM} ${where}`, params),
  ]);
  return { results: rows.rows.map(toAdminUser), totalCount: Number(total.rows[0].total) };
}

/** Any user by id (affiliates too, for their edit form); `forUpdate` locks the row for the caller's transaction. */
export async function findUser(sql: Sql, userId: number, forUpdate = false): Promise<AdminUser | undefined> {
  const { rows } = await sql.query<UserRow>(
    `SELECT ${USER_COLUMNS} ${USER_FROM} WHERE u.user_id = $1 ${forUpdate ? 'FOR UPDATE OF u' : ''}`,
    [userId],
  );
  return rows[0] ? toAdminUser(rows[0]) : undefined;
}

/** The affiliate record of a user, if it is one. */
export async function findAffiliateOfUser(
  sql: Sql,
  userId: number,
): Promise<{ affiliateId: number; countryId: number } | undefined> {
  const { rows } = await sql.query<{ affiliate_id: string | number; country_id: number }>(
    'SELECT affiliate_id, country_id FROM affiliates WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  return rows[0] ? { affiliateId: Number(rows[0].affiliate_id), countryId: rows[0].country_id } : undefined;
}

/** The affiliate's own copy of its contact details (the affiliate list shows these). */
export async function updateAffiliateContact(
  sql: Sql,
  affiliateId: number,
  contact: { fullName: string; email: string; phoneCode: string; mobileNumber: string },
  now: Date,
): Promise<void> {
  await sql.query(
    `UPDATE affiliates SET full_name = $2, email = $3, phone_code = $4, mobile_number = $5, updated_date = $6
      WHERE affiliate_id = $1`,
    [affiliateId, contact.fullName, contact.email, contact.phoneCode, contact.mobileNumber, now],
  );
}

/**
 * The roles and countries the user forms check against. Affiliates are never created here (they register),
 * so only the staff roles are offered.
 */
export async function userFormContext(sql: Sql): Promise<UserFormContext> {
  const [roles, countries] = await Promise.all([
    sql.query<{ role_id: number; show_country: boolean }>(
      'SELECT role_id, show_country FROM roles WHERE role_id <> $1 ORDER BY role_id',
      [RoleId.Affiliate],
    ),
    sql.query<{ country_id: number; phone_code: string; phone_number_length: number }>(
      'SELECT country_id, phone_code, phone_number_length FROM countries ORDER BY sort_order, country_name',
    ),
  ]);
  return {
    roles: roles.rows.map((row) => ({ roleID: row.role_id, showCountry: row.show_country })),
    countries: countries.rows.map((row) => ({
      countryID: row.country_id,
      phoneCode: row.phone_code,
      phoneNumberLength: row.phone_number_length,
    })),
  };
}

/**
 * Locks the user's row and those of every active admin, in user_id order, for the caller's transaction.
 * Every change that can lower the number of active admins (a deactivation, a change of role) takes them first
 * and in the same order, so two admins deactivating each other wait one for the other instead of deadlocking,
 * and the second one counts what the first committed.
 */
export async function lockUserAndActiveAdmins(sql: Sql, userId: number): Promise<void> {
  await sql.query(
    'SELECT user_id FROM users WHERE user_id = $1 OR (role_id = $2 AND is_active) ORDER BY user_id FOR UPDATE',
    [userId, RoleId.Admin],
  );
}

/** Active admins other than `userId` (after lockUserAndActiveAdmins: none of them can change meanwhile). */
export async function otherActiveAdmins(sql: Sql, userId: number): Promise<number> {
  const { rows } = await sql.query<{ admins: number | string }>(
    'SELECT count(*) AS admins FROM users WHERE role_id = $1 AND is_active AND user_id <> $2',
    [RoleId.Admin, userId],
  );
  return Number(rows[0].admins);
}
