import { AffiliateStatus, RoleId } from '@portal/contracts';
import { hashPassword } from '../auth/password';
import type { Sql } from '../db/database';

/** The demo accounts of DESIGN §4, exactly. */
export const DEMO_ACCOUNTS = {
  admin: {
    email: 'admin@example.com',
    password: 'Admin@12345',
    fullName: 'Adaeze Okafor',
    roleID: RoleId.Admin,
    /**
     * Development only (README "Demo accounts"): the demo admin's authenticator secret, so two-step sign-in
     * can be tried at once. Never seeded in production (seedIfEmpty passes `adminSecondFactor: false` there).
     */
    totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  },
  backoffice: {
    email: 'backoffice@example.com',
    password: 'Backoffice@12345',
    fullName: 'Tunde Bakare',
    roleID: RoleId.Backoffice,
  },
  affiliate: {
    email: 'affiliate@example.com',
    password: 'Affiliate@12345',
    fullName: 'Chinedu Eze',
    roleID: RoleId.Affiliate,
  },
} as const;

/**
 * Issue 28: a second admin, so a payout run created by one admin can be approved by another (four eyes). Seeded
 * with the demo data only (seedDemoData), not with the three accounts tests build on. Its authenticator secret
 * is fixed like the demo admin's and, like it, never seeded in production.
 */
export const DEMO_SECOND_ADMIN = {
  email: 'admin2@example.com',
  password: 'Admin2@12345',
  fullName: 'Babajide Adeyemi',
  roleID: RoleId.Admin,
  totpSecret: 'KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TF',
} as const;

/** Creates the second admin (and its second factor unless told not to); answers its user id. */
export async function seedSecondAdmin(
  sql: Sql,
  now: Date = new Date(),
  options: { secondFactor?: boolean } = {},
): Promise<number> {
  const since = new Date(now.getTime() - 400 * 86_400_000);
  const account = DEMO_SECOND_ADMIN;
  const hash = await hashPassword(account.password);
  const userId = await insertUser(sql, account, hash, '8020000003', null, since);
  if (options.secondFactor ?? true) await insertSecondFactor(sql, userId, account.totpSecret, since);
  return userId;
}

async function insertUser(
  sql: Sql,
  account: { email: string; fullName: string; roleID: number },
  hash: string,
  mobile: string,
  countryId: number | null,
  since: Date,
): Promise<number> {
  const { rows } = await sql.query<{ user_id: number | string }>(
    `INSERT INTO users (full_name, email, password_hash, role_id, phone_code, mobile_number, country_id,
                        is_active, force_password_update, password_changed_at, created_on, updated_on)
     VALUES ($1, $2, $3, $4, '+234', $5, $6, true, false, $7, $7, $7)
     RETURNING user_id`,
    [account.fullName, account.email, hash, account.roleID, mobile, countryId, since],
  );
  return Number(rows[0].user_id);
}

async function insertSecondFactor(sql: Sql, userId: number, secret: string, since: Date): Promise<void> {
  await sql.query(
    `INSERT INTO user_second_factors (user_id, secret, confirmed_at, last_used_step, created_at)
     VALUES ($1, $2, $3, -1, $3)`,
    [userId, secret, since],
  );
}

/** The demo affiliate's KYC record: Nigeria, a BVN that passes the spec's rules, a real bank. */
export const DEMO_AFFILIATE_KYC = {
  countryCode: 'NG',
  phoneCode: '+234',
  mobileNumber: '8031234567',
  identityType: 'BVN',
  ninOrBVN: '22184069357',
  bankName: 'Guaranty Trust Bank',
  accountNumber: '0123456789',
} as const;

export interface DemoAccountIds {
  adminUserId: number;
  backofficeUserId: number;
  affiliateUserId: number;
  affiliateId: number;
  affiliateCode: string;
}

/**
 * Creates the three demo accounts (needs the reference data of migration 002). Quick enough for tests:
 * three password hashes.
 */
export async function seedDemoAccounts(
  sql: Sql,
  now: Date = new Date(),
  options: { adminSecondFactor?: boolean } = {},
): Promise<DemoAccountIds> {
  const { admin, backoffice, affiliate } = DEMO_ACCOUNTS;
  const [adminHash, backofficeHash, affiliateHash] = await Promise.all(
    [admin, backoffice, affiliate].map((account) => hashPassword(account.password)),
  );
  const nigeria = await sql.query<{ country_id: number }>(
    'SELECT country_id FROM countries WHERE country_code = $1',
    [DEMO_AFFILIATE_KYC.countryCode],
  );
  const bank = await sql.query<{ bank_id: number }>('SELECT bank_id FROM banks WHERE bank_name = $1', [
    DEMO_AFFILIATE_KYC.bankName,
  ]);
  const countryId = nigeria.rows[0]?.country_id;
  const bankId = bank.rows[0]?.bank_id;
  if (countryId === undefined || bankId === undefined)
    throw new Error('Reference data missing: run the migrations first.');
  // A year of history, so the demo dashboards have a past.
  const since = new Date(now.getTime() - 400 * 86_400_000);

  // Admin forms ask for no country (roles.show_country), back office's do.
  const adminUserId = await insertUser(sql, admin, adminHash, '8020000001', null, since);
  const backofficeUserId = await insertUser(sql, backoffice, backofficeHash, '8020000002', countryId, since);
  const { mobileNumber } = DEMO_AFFILIATE_KYC;
  const affiliateUserId = await insertUser(sql, affiliate, affiliateHash, mobileNumber, countryId, since);
  // The demo admin's second factor, with the README's fixed secret (development and tests only).
  if (options.adminSecondFactor ?? true) await insertSecondFactor(sql, adminUserId, admin.totpSecret, since);
  const decidedAt = new Date(since.getTime() + 2 * 86_400_000);
  const { rows } = await sql.query<{ affiliate_id: number | string; affiliate_code: string }>(
    `INSERT INTO affiliates (user_id, full_name, email, country_id, phone_code, mobile_number, identity_type, nin_or_bvn,
                             bank_id, account_number, status, first_decision_at, created_date, updated_date)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $12)
     RETURNING affiliate_id, affiliate_code`,
    [
      affiliateUserId,
      affiliate.fullName,
      affiliate.email,
      countryId,
      DEMO_AFFILIATE_KYC.phoneCode,
      DEMO_AFFILIATE_KYC.mobileNumber,
      DEMO_AFFILIATE_KYC.identityType,
      DEMO_AFFILIATE_KYC.ninOrBVN,
      bankId,
      DEMO_AFFILIATE_KYC.accountNumber,
      AffiliateStatus.Complete,
      decidedAt,
      since,
    ],
  );
  return {
    adminUserId,
    backofficeUserId,
    affiliateUserId,
    affiliateId: Number(rows[0].affiliate_id),
    affiliateCode: rows[0].affiliate_code,
  };
}
