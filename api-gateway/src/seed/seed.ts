import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { type DemoAccountIds, DEMO_ACCOUNTS, seedDemoAccounts, seedSecondAdmin } from './demo-accounts';
import { seedDemoPayouts } from './demo-payouts';
import { ORDER_STATUSES } from '@portal/contracts';
import { ingestOrders, ingestRetailers } from '../modules/integration';
import { PRODUCT_CATEGORIES } from './vocabulary';
import { resealNumbers } from '../lib/sealed-numbers';
import { resealSecondFactorSecrets } from '../lib/sealed-secrets';
import { seedCommissionRates, seedVolume, type VolumeCounts, volumeFor } from './volume';

/** Any number: one transaction-scoped advisory lock so two starting instances do not both seed. */
const SEED_LOCK_KEY = 7_210_001;

export interface SeedReport {
  seeded: boolean;
  counts?: VolumeCounts;
  ms?: number;
}

/** Seeds the demo data when the database has no users yet (DESIGN §4); otherwise does nothing. */
export async function seedIfEmpty(ctx: AppContext, scale = ctx.config.seedScale): Promise<SeedReport> {
  const started = Date.now();
  const report = await ctx.db.transaction(async (tx): Promise<SeedReport> => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const { rows } = await tx.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM users) AS any');
    if (rows[0].any) return { seeded: false };
    const counts = volumeFor(scale);
    // The demo admin's fixed TOTP secret is for development only.
    await seedDemoData(tx, { now: ctx.now(), counts, adminSecondFactor: !ctx.config.isProduction });
    return { seeded: true, counts };
  });
  if (report.seeded) {
    // The seed writes the numbers in clear with SQL (generated in bulk); they are sealed at once (issue 29).
    await resealNumbers(ctx, 'clear');
    await resealSecondFactorSecrets(ctx, 'clear');
    // Issue 28: a few past payouts of the demo affiliate, through the payout runs (they seal what they copy).
    await seedDemoPayouts(ctx, ctx.now());
    ctx.logger.info({ ...report.counts, ms: Date.now() - started }, 'demo data seeded');
    return { ...report, ms: Date.now() - started };
  }
  return report;
}

/**
 * Everything the demo needs, in the caller's transaction: the three accounts, the demo affiliate's network,
 * notices, and the bulk volume. Retailers and orders go through the integration module's ingestion, so
 * commission, order_daily_counts and affiliate_commission_months follow as they do for the retail
 * platform's batches, and affiliate_status_counts by its trigger, as for registrations.
 */
export async function seedDemoData(
  sql: Sql,
  { now, counts, adminSecondFactor }: { now: Date; counts: VolumeCounts; adminSecondFactor?: boolean },
): Promise<DemoAccountIds> {
  const demo = await seedDemoAccounts(sql, now, { adminSecondFactor });
  await seedSecondAdmin(sql, now, { secondFactor: adminSecondFactor });
  await seedDemoNetwork(sql, demo, now);
  await seedNotifications(sql, demo, now);
  await seedDemoLoginHistory(sql, now);
  // PGlite ships with enable_seqscan off, which makes every bulk join a nested loop. Each batch is planned for
  // the tables as they are then: a plan cached while they were small (the ledger function's, after five calls)
  // kept scanning whole tables, and one seed at SEED_SCALE=250 ran for over half an hour instead of seven minutes.
  await sql.exec(`
    SET LOCAL plan_cache_mode = force_custom_plan;
    SET LOCAL enable_seqscan = on;
    SET LOCAL jit = off;
    SET LOCAL work_mem = '64MB';
    SET LOCAL maintenance_work_mem = '256MB';
    -- The demo accounts' counts are pending until commit (migration 074); DROP INDEX needs them done.
    SET CONSTRAINTS ALL IMMEDIATE;
  `);
  // Building an index once over sorted rows is far cheaper than a million random inserts into it.
  const indexes = await dropSecondaryIndexes(sql);
  await seedVolume(sql, { counts, now, demo });
  for (const index of indexes) await sql.exec(index.definition);
  await sql.exec(`
    -- Issue 28: the KYC Complete affiliates' bank accounts as resolved (as the provider would at registration),
    -- so a payout run in development has eligible rows.
    UPDATE affiliates
       SET bank_account_name = upper(full_name), bank_name_match_score = 100,
           bank_resolution_ref = 'demo-' || affiliate_id, bank_resolved_at = coalesce(first_decision_at, created_date)
     WHERE status = 'KYC Complete' AND bank_resolved_at IS NULL;
    ANALYZE;
  `);
  return demo;
}

/**
 * Drops the indexes that no constraint owns (primary keys and unique constraints stay) of the tables the bulk
 * seed fills, and answers their definitions, read from the catalogue so later migrations' indexes are rebuilt
 * as they are. commission_rates is not among them: ingestion looks each order's rate up by its index (and the
 * rates are written before the orders).
 */
async function dropSecondaryIndexes(sql: Sql): Promise<{ name: string; definition: string }[]> {
  const tables = ['affiliates', 'retailers', 'orders', 'login_history', 'audit_log'];
  const { rows } = await sql.query<{ name: string; definition: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND t.relname = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
      ORDER BY t.relname, i.relname`,
    [tables],
  );
  for (const row of rows) await sql.exec(`DROP INDEX "${row.name.replace(/"/g, '""')}"`);
  return rows;
}

const DEMO_RETAILERS = [
  ['Okafor Provisions', 'Ngozi Okafor', 'Ikeja, Lagos'],
  ['Mama Tee Supermarket', 'Temitope Adeyemi', 'Surulere, Lagos'],
  ['Bello Mini Mart', 'Musa Bello', 'Wuse, Abuja'],
  ['Chukwu Ventures', 'Emeka Chukwu', 'Onitsha Main Market, Anambra'],
  ['Balogun Stores', 'Folake Balogun', 'Bodija, Ibadan'],
  ['Danjuma Wholesale', 'Hauwa Danjuma', 'Sabon Gari, Kano'],
  ['Nwosu Enterprises', 'Chioma Nwosu', 'Trans-Amadi, Port Harcourt'],
  ['Lawal Kiosk', 'Yusuf Lawal', 'Yaba, Lagos'],
] as const;
const DEMO_ORDER_COUNT = 72;

const dayOffset = (now: Date, days: number) => {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

/**
 * The demo affiliate's retailers and orders: every status, some this month (each status at least once),
 * the rest over the last 13 months; plus its commission rates and KYC history.
 */
async function seedDemoNetwork(sql: Sql, demo: DemoAccountIds, now: Date): Promise<void> {
  const { rows } = await sql.query<{ affiliate_code: string }>(
    'SELECT affiliate_code FROM affiliates WHERE affiliate_id = $1',
    [demo.affiliateId],
  );
  const affiliateCode = rows[0].affiliate_code;
  // Rates first: orders earn their commission as they are ingested.
  await seedCommissionRates(sql, {
    at: `'${now.toISOString()}'::timestamptz`,
    today: `'${dayOffset(now, 0)}'::date`,
    where: `a.affiliate_id = ${Number(demo.affiliateId)}`,
  });
  await ingestRetailers(
    sql,
    DEMO_RETAILERS.map(([businessName, faoName, location], i) => ({
      externalId: `DEMO-R${i + 1}`,
      affiliateCode,
      businessName,
      faoName,
      faoMobileNo: `0803${String(4_100_000 + (i + 1) * 7_919).padStart(7, '0')}`,
      clusterManager: 'Bisi Adewale',
      location,
    })),
  );
  const dayOfMonth = now.getUTCDate();
  const orders = Array.from({ length: DEMO_ORDER_COUNT }, (_, i) => {
    const thisMonth = i < 15;
    return {
      externalId: `DEMO-ORDD${String(i + 1).padStart(5, '0')}`,
      retailerExternalId: `DEMO-R${((i * 5) % DEMO_RETAILERS.length) + 1}`,
      orderDate: thisMonth ? dayOffset(now, i % dayOfMonth) : dayOffset(now, dayOfMonth + ((i * 37) % 380)),
      status: thisMonth
        ? ORDER_STATUSES[i % 5]
        : (['Completed', 'Delivered', 'Completed', 'Rejected', 'Completed'] as const)[i % 5],
      orderValue: (4_500 + ((i * 7_919) % 180_000) + (i % 4) * 0.25).toFixed(2),
      productCategory: PRODUCT_CATEGORIES[i % PRODUCT_CATEGORIES.length].name,
      buyerName: ['Kemi Alade', 'Sani Garba', 'Ada Obi', 'John Okoro', 'Bola Adeyemi', 'Zara Musa'][i % 6],
    };
  });
  // This month's orders qualify now (pending in the ledger). Older ones qualified two days after their order
  // date, so the demo affiliate also has commission already available: the ledger trigger holds each order
  // from `portal.ledger_now` when it is set (migration 060), one order per call.
  await ingestOrders(sql, orders.slice(0, 15));
  for (const order of orders.slice(15)) {
    const qualified = Math.min(Date.parse(`${order.orderDate}T12:00:00Z`) + 2 * 86_400_000, now.getTime());
    await sql.query("SELECT set_config('portal.ledger_now', $1, true)", [new Date(qualified).toISOString()]);
    await ingestOrders(sql, [order]);
  }
  await sql.query("SELECT set_config('portal.ledger_now', '', true)");
  await sql.query(
    `INSERT INTO audit_log (actor_user_id, action, entity_type, entity_id, from_status, to_status, created_at)
     SELECT NULL, 'affiliate.register', 'affiliate', $1, NULL, 'KYC Pending', created_date FROM affiliates WHERE affiliate_id = $1::bigint
     UNION ALL
     SELECT $2::bigint, 'affiliate.approve', 'affiliate', $1, 'KYC Pending', 'KYC Complete', first_decision_at
       FROM affiliates WHERE affiliate_id = $1::bigint`,
    [String(demo.affiliateId), demo.backofficeUserId],
  );
}

/** Two notices: one for all countries (0), a newer one for Nigeria only. */
async function seedNotifications(sql: Sql, demo: DemoAccountIds, now: Date): Promise<void> {
  const notices = [
    {
      title: 'Welcome to the affiliate programme',
      message:
        '<p>Thank you for joining. Grow your retailer network and earn <strong>commission on every qualified order</strong>.</p>' +
        '<p>Questions? Write to the help desk.</p>',
      countryId: 0,
      daysAgo: 30,
    },
    {
      title: 'New commission rates',
      message:
        '<p>New commission rates for <em>Personal Care</em> and <em>Snacks</em> apply from the first of next month.</p>',
      countryCode: 'NG',
      daysAgo: 3,
    },
  ];
  for (const notice of notices) {
    const at = new Date(now.getTime() - notice.daysAgo * 86_400_000);
    const { rows } = await sql.query<{ notification_id: number | string }>(
      `INSERT INTO notifications (title, message_text, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $4) RETURNING notification_id`,
      [notice.title, notice.message, demo.adminUserId, at],
    );
    await sql.query(
      `INSERT INTO notification_countries (notification_id, country_id)
       SELECT $1, ${'countryCode' in notice ? '(SELECT country_id FROM countries WHERE country_code = $2)' : '$2::int'}`,
      [rows[0].notification_id, 'countryCode' in notice ? notice.countryCode : notice.countryId],
    );
  }
}

/** A month of sign-ins for each demo account (older than a day, so none counts towards a lockout). */
async function seedDemoLoginHistory(sql: Sql, now: Date): Promise<void> {
  const emails = Object.values(DEMO_ACCOUNTS).map((account) => account.email);
  await sql.query(
    `INSERT INTO login_history (user_id, user_name, logged_at, ip, user_agent, latitude, longitude, success, failure_reason)
     SELECT u.user_id, u.email, $2::timestamptz - (1 + n) * interval '1 day' - (n * 3571 % 28800) * interval '1 second',
            '102.89.' || (n % 7) || '.' || (40 + n),
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
            CASE WHEN n % 3 = 0 THEN 6.6018 END, CASE WHEN n % 3 = 0 THEN 3.3515 END,
            n % 9 <> 4, CASE WHEN n % 9 = 4 THEN 'invalid_credentials' END
       FROM users u CROSS JOIN generate_series(0, 24) AS n
      WHERE u.email = ANY($1::text[])
      ORDER BY 3, u.user_id`,
    [emails, now],
  );
}
