import type { Sql } from '../db/database';
import type { DemoAccountIds } from './demo-accounts';
import { seedNetworkThroughIngestion } from './network';
import { FIRST_NAMES, LAST_NAMES, PRODUCT_CATEGORIES, REJECTION_REMARKS, USER_AGENTS } from './vocabulary';

/** Rows per unit of SEED_SCALE: 250 gives 50k affiliates, 100k retailers and 1M orders. */
export const ROWS_PER_SCALE = { affiliates: 200, retailers: 400, orders: 4_000, logins: 1_000 } as const;

/** Bulk affiliates' emails end with this, so seeded rows are easy to tell apart. */
export const SEED_EMAIL_DOMAIN = 'seed.example.com';

export interface VolumeCounts {
  affiliates: number;
  retailers: number;
  orders: number;
  logins: number;
}

export function volumeFor(scale: number): VolumeCounts {
  const rows = (perScale: number) => Math.max(0, Math.round(perScale * scale));
  return {
    affiliates: rows(ROWS_PER_SCALE.affiliates),
    retailers: rows(ROWS_PER_SCALE.retailers),
    orders: rows(ROWS_PER_SCALE.orders),
    logins: rows(ROWS_PER_SCALE.logins),
  };
}

// Every value below is derived from md5 of a row number: the same scale always gives the same rows, and
// 1M orders stay a handful of set-based statements.

/** A 32-bit unsigned number from the md5 text `m`, read at character `at` (1, 9, 17 or 25). */
const hash = (m: string, at: number) => `('x' || substr(${m}, ${at}, 8))::bit(32)::bigint`;
/** `n` decimal digits (n <= 14) from 12 hex characters of `m` starting at `at`. */
const digits = (m: string, at: number, n: number) =>
  `lpad((('x' || substr(${m}, ${at}, 12))::bit(48)::bigint % ${10 ** n})::text, ${n}, '0')`;
const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const array = (values: readonly string[]) => `ARRAY[${values.map(quote).join(', ')}]`;
/** One of `values`, chosen by a number expression. */
const pick = (values: readonly string[], n: string) => `(${array(values)})[1 + (${n}) % ${values.length}]`;
const timestamp = (date: Date) => `${quote(date.toISOString())}::timestamptz`;
const countOf = async (sql: Sql, table: string) =>
  Number((await sql.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

/**
 * An 11-digit identity number that passes the spec's NIN/BVN rules by construction: each digit is the
 * previous one plus 2 to 7 (mod 10), so no two neighbours are equal or one apart, let alone six. `steps` is a
 * number whose base-6 digits give the ten steps; `first` gives the first digit.
 */
export function validIdentityNumberSql(steps: string, first: string): string {
  let running = `(${first})`;
  const parts = [`(${running} % 10)::text`];
  for (let i = 0; i < 10; i++) {
    running = `${running} + 2 + (${steps} / ${6 ** i}) % 6`;
    parts.push(`((${running}) % 10)::text`);
  }
  return parts.join(' || ');
}

export interface VolumeOptions {
  counts: VolumeCounts;
  now: Date;
  demo: DemoAccountIds;
}

/**
 * Affiliates in every status (with users, audit history and commission rates), retailers, orders over the
 * last 13 months in every status (both through the integration module, see network.ts), and login history.
 * Runs inside the seed's transaction (temp tables).
 */
export async function seedVolume(sql: Sql, { counts, now, demo }: VolumeOptions): Promise<void> {
  const at = timestamp(now);
  const today = `(${at} AT TIME ZONE 'UTC')::date`;

  await sql.exec(`
    CREATE TEMP TABLE seed_country ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY sort_order, country_id) AS rn, country_id, phone_code,
             phone_number_length AS len
        FROM countries;
    CREATE TEMP TABLE seed_bank ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY bank_id) AS rn, bank_id FROM banks;
  `);
  const countries = await countOf(sql, 'seed_country');
  const banks = await countOf(sql, 'seed_bank');

  if (counts.affiliates > 0) {
    // 80% in the first country (Nigeria), the rest spread over the others.
    const countryRn =
      countries > 1 ? `CASE WHEN h1 % 100 < 80 THEN 1 ELSE 2 + (h1 / 100) % ${countries - 1} END` : '1';
    await sql.exec(`
      CREATE TEMP TABLE seed_affiliate ON COMMIT DROP AS
      SELECT s.g,
             ${pick(FIRST_NAMES, 'h2')} || ' ' || ${pick(LAST_NAMES, `h2 / ${FIRST_NAMES.length}`)} AS full_name,
             lower(${pick(FIRST_NAMES, 'h2')} || '.' || ${pick(LAST_NAMES, `h2 / ${FIRST_NAMES.length}`)})
               || s.g || '@${SEED_EMAIL_DOMAIN}' AS email,
             c.country_id, c.phone_code,
             substr('789', 1 + (k2 % 3)::int, 1) || right(${digits('a', 13, 14)}, c.len - 1) AS mobile_number,
             CASE WHEN k1 % 3 = 0 THEN 'NIN' ELSE 'BVN' END AS identity_type,
             ${validIdentityNumberSql('ks', 'kd')} AS nin_or_bvn,
             b.bank_id,
             ${digits('a', 1, 10)} AS account_number,
             s.status,
             CASE WHEN s.status = 'KYC Pending'
                  THEN ${at} - (h4 % 30) * interval '1 day' - (h4 % 86400) * interval '1 second'
                  ELSE ${at} - (30 + h4 % 365) * interval '1 day' - (h4 % 86400) * interval '1 second'
             END AS created_date
        FROM (
          SELECT g, m, k, a, ${hash('m', 1)} AS h1, ${hash('m', 9)} AS h2, ${hash('m', 25)} AS h4,
                 ${hash('k', 13)} AS k1, ${hash('k', 21)} AS k2,
                 ('x' || substr(k, 1, 12))::bit(48)::bigint AS ks, ('x' || substr(k, 29, 1))::bit(4)::int AS kd,
                 CASE WHEN ${hash('m', 17)} % 100 < 70 THEN 'KYC Complete'
                      WHEN ${hash('m', 17)} % 100 < 82 THEN 'KYC Pending'
                      WHEN ${hash('m', 17)} % 100 < 94 THEN 'KYC Rejected'
                      ELSE 'Inactive' END AS status
            FROM (SELECT g, md5('affiliate-' || g) AS m, md5('affiliate-kyc-' || g) AS k,
                         md5('affiliate-account-' || g) AS a
                    FROM generate_series(1, ${counts.affiliates}) AS g) AS raw
        ) AS s
        JOIN seed_country c ON c.rn = ${countryRn}
        JOIN seed_bank b ON b.rn = 1 + s.k1 % ${banks};
      ANALYZE seed_affiliate;

      -- Affiliates sign in only after a KYC decision, with a password they get then: bulk ones have none.
      INSERT INTO users (full_name, email, role_id, phone_code, mobile_number, country_id, is_active,
                         force_password_update, created_on, updated_on)
      SELECT full_name, email, 3, phone_code, mobile_number, country_id, true, false, created_date, created_date
        FROM seed_affiliate ORDER BY g;

      INSERT INTO affiliates (user_id, full_name, email, country_id, phone_code, mobile_number, identity_type,
                              nin_or_bvn, bank_id, account_number, status, status_before_inactive, remark,
                              first_decision_at, created_date, updated_date)
      SELECT u.user_id, s.full_name, s.email, s.country_id, s.phone_code, s.mobile_number, s.identity_type,
             s.nin_or_bvn, s.bank_id, s.account_number, s.status,
             CASE WHEN s.status = 'Inactive' THEN 'KYC Complete' END,
             CASE WHEN s.status = 'KYC Rejected' THEN ${pick(REJECTION_REMARKS, 's.g')} END,
             CASE WHEN s.status <> 'KYC Pending' THEN s.created_date + interval '26 hours' END,
             s.created_date,
             CASE WHEN s.status = 'Inactive' THEN s.created_date + interval '20 days'
                  WHEN s.status <> 'KYC Pending' THEN s.created_date + interval '26 hours'
                  ELSE s.created_date END
        FROM seed_affiliate s
        JOIN users u ON lower(u.email) = lower(s.email)
       ORDER BY s.g;

      -- Their history, as the KYC screens would have written it.
      INSERT INTO audit_log (actor_user_id, action, entity_type, entity_id, from_status, to_status, remark, created_at)
      SELECT actor, action, 'affiliate', affiliate_id::text, from_status, to_status, remark, created_at
        FROM (
          SELECT a.affiliate_id, NULL::bigint AS actor, 'affiliate.register' AS action, NULL AS from_status,
                 'KYC Pending' AS to_status, NULL AS remark, a.created_date AS created_at
            FROM affiliates a JOIN seed_affiliate s ON s.email = a.email
          UNION ALL
          SELECT a.affiliate_id, ${demo.backofficeUserId},
                 CASE WHEN a.status = 'KYC Rejected' THEN 'affiliate.reject' ELSE 'affiliate.approve' END,
                 'KYC Pending', CASE WHEN a.status = 'KYC Rejected' THEN 'KYC Rejected' ELSE 'KYC Complete' END,
                 a.remark, a.first_decision_at
            FROM affiliates a JOIN seed_affiliate s ON s.email = a.email
           WHERE a.status <> 'KYC Pending'
          UNION ALL
          SELECT a.affiliate_id, ${demo.adminUserId}, 'affiliate.inactivate', 'KYC Complete', 'Inactive', NULL,
                 a.updated_date
            FROM affiliates a JOIN seed_affiliate s ON s.email = a.email
           WHERE a.status = 'Inactive'
        ) AS history
       ORDER BY created_at, affiliate_id;

      -- Affiliates that have been approved have a network (Inactive ones were approved before).
      CREATE TEMP TABLE seed_network ON COMMIT DROP AS
      SELECT row_number() OVER (ORDER BY a.affiliate_id) AS rn, a.affiliate_id, a.created_date
        FROM affiliates a JOIN seed_affiliate s ON s.email = a.email
       WHERE a.status IN ('KYC Complete', 'Inactive');
      ANALYZE seed_network;
    `);
    // Rates first: orders earn their commission as they are ingested.
    await seedCommissionRates(sql, {
      at,
      today,
      where: `a.email LIKE '%@${SEED_EMAIL_DOMAIN}' AND a.status IN ('KYC Complete', 'Inactive')`,
    });
    const { rows: network } = await sql.query<{ affiliate_code: string; created_date: Date }>(
      `SELECT a.affiliate_code, a.created_date FROM seed_network n JOIN affiliates a USING (affiliate_id) ORDER BY n.rn`,
    );
    await seedNetworkThroughIngestion(sql, {
      network: network.map((row) => ({
        affiliateCode: row.affiliate_code,
        createdDate: new Date(row.created_date),
      })),
      retailers: counts.retailers,
      orders: counts.orders,
      now,
    });
  }

  if (counts.logins > 0) await seedLoginHistory(sql, { counts, at });
}

/** A rate per category from a year ago for each affiliate; a third of them got a newer rate three months ago. */
export async function seedCommissionRates(
  sql: Sql,
  { at, today, where }: { at: string; today: string; where: string },
): Promise<void> {
  const categories = PRODUCT_CATEGORIES.map(
    (category) => `(${quote(category.name)}, ${category.ratePercent}::numeric)`,
  ).join(', ');
  // The newer rate (a third of them) is half a point higher, with a higher minimum.
  await sql.exec(`
    INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, minimum_order_value,
                                  effective_date, created_at)
    SELECT a.affiliate_code, c.category, c.rate + g.extra + (x.h % 3) * 0.5, g.minimum, ${today} - g.days,
           ${at} - g.days * interval '1 day'
      FROM affiliates a
      CROSS JOIN (VALUES ${categories}) AS c(category, rate)
      CROSS JOIN LATERAL (SELECT ${hash(`md5(a.affiliate_code || c.category)`, 1)} AS h) AS x
      JOIN (VALUES (400, 0, 5000), (90, 0.5, 10000)) AS g(days, extra, minimum) ON g.days = 400 OR x.h % 3 = 0
     WHERE ${where}
     ORDER BY a.affiliate_id, 5, c.category;
  `);
}

async function seedLoginHistory(
  sql: Sql,
  { counts, at }: { counts: VolumeCounts; at: string },
): Promise<void> {
  // Everyone who could have signed in: staff, and affiliates past their first KYC decision.
  await sql.exec(`
    CREATE TEMP TABLE seed_login_user ON COMMIT DROP AS
    SELECT row_number() OVER (ORDER BY u.user_id) AS rn, u.user_id, u.email
      FROM users u LEFT JOIN affiliates a ON a.user_id = u.user_id
     WHERE u.role_id <> 3 OR a.status <> 'KYC Pending';
    ANALYZE seed_login_user;
  `);
  const users = await countOf(sql, 'seed_login_user');
  if (users === 0) return;
  // All older than a day, so no seeded failure counts towards a lockout.
  await sql.exec(`
    INSERT INTO login_history (user_id, user_name, logged_at, ip, user_agent, latitude, longitude, success,
                               failure_reason)
    SELECT u.user_id, u.email,
           ${at} - interval '1 day' - (s.h2 % (364 * 86400)) * interval '1 second',
           '102.' || (88 + s.h3 % 4) || '.' || (s.h3 / 4) % 256 || '.' || (s.h3 / 1024) % 256,
           ${pick(USER_AGENTS, 's.h4')},
           CASE WHEN s.h4 / 8 % 10 < 4 THEN round((6.40 + (s.h4 / 80 % 2000) / 10000.0)::numeric, 6) END,
           CASE WHEN s.h4 / 8 % 10 < 4 THEN round((3.30 + (s.h4 / 160000 % 2000) / 10000.0)::numeric, 6) END,
           s.h3 / 262144 % 100 >= 8,
           CASE WHEN s.h3 / 262144 % 100 < 8 THEN 'invalid_credentials' END
      FROM (SELECT g, ${hash('m', 1)} AS h1, ${hash('m', 9)} AS h2, ${hash('m', 17)} AS h3, ${hash('m', 25)} AS h4
              FROM (SELECT g, md5('login-' || g) AS m FROM generate_series(1, ${counts.logins}) AS g) AS raw
           ) AS s
      JOIN seed_login_user u ON u.rn = 1 + s.h1 % ${users}
     ORDER BY 3, s.g;
  `);
}
