import type { IntegrationOrder } from '@portal/contracts';
import type { Database, Sql } from '../src/db/database';
import { ingestOrders, ingestRetailers } from '../src/modules/integration';
import { createAffiliate, type TestAffiliate } from './affiliate-fixtures';

/**
 * Payout test data (issue 28): affiliates whose commission is already available (orders qualified a month ago,
 * through the product's ingestion with the seed's `portal.ledger_now`), with or without a resolved bank account.
 */

export const PAYOUT_CATEGORY = 'Payout Beverages';
const DAY = 86_400_000;
let sequence = 0;

type Transactional = Database;

/** 10 % on PAYOUT_CATEGORY for the affiliate, from 2026-01-01. */
async function rateFor(db: Sql, affiliateCode: string) {
  await db.query(
    `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, minimum_order_value, effective_date)
     VALUES ($1, $2, 10, 0, '2026-01-01') ON CONFLICT DO NOTHING`,
    [affiliateCode, PAYOUT_CATEGORY],
  );
}

/** Marks the affiliate's bank account resolved (as the provider would at registration). */
export async function resolveBankAccount(db: Sql, affiliateId: number, accountName = 'RESOLVED NAME') {
  await db.query(
    `UPDATE affiliates SET bank_account_name = $2, bank_name_match_score = 100, bank_resolution_ref = 'test',
            bank_resolved_at = now() WHERE affiliate_id = $1`,
    [affiliateId, accountName],
  );
}

export interface FundedAffiliate extends TestAffiliate {
  retailer: string;
}

/**
 * A KYC Complete affiliate with a retailer and the 10 % rate, its bank account resolved unless said otherwise,
 * and orders of the given commissions (naira text) that qualified `daysAgo` days ago (available after 14).
 */
export async function fundedAffiliate(
  db: Transactional,
  commissions: readonly string[],
  options: { resolved?: boolean; daysAgo?: number } = {},
): Promise<FundedAffiliate> {
  const affiliate = await createAffiliate(db, { status: 'KYC Complete' });
  await rateFor(db, affiliate.affiliateCode);
  if (options.resolved !== false) await resolveBankAccount(db, affiliate.affiliateId);
  const retailer = `PAYOUT-R${++sequence}-${affiliate.affiliateId}`;
  await db.transaction((tx) =>
    ingestRetailers(tx, [
      {
        externalId: retailer,
        affiliateCode: affiliate.affiliateCode,
        businessName: 'Payout shop',
        faoName: 'Fao',
        faoMobileNo: '08031000000',
        clusterManager: 'Bisi Adewale',
        location: 'Ikeja, Lagos',
      },
    ]),
  );
  await addOrders(db, { ...affiliate, retailer }, commissions, options.daysAgo ?? 30);
  return { ...affiliate, retailer };
}

/** Orders earning these commissions (10 % of ten times each), qualified `daysAgo` days ago. Answers their ids. */
export async function addOrders(
  db: Transactional,
  affiliate: FundedAffiliate,
  commissions: readonly string[],
  daysAgo = 30,
  status: IntegrationOrder['status'] = 'Delivered',
): Promise<string[]> {
  const orders: IntegrationOrder[] = commissions.map((commission) => ({
    externalId: `PO-${affiliate.affiliateId}-${++sequence}`,
    retailerExternalId: affiliate.retailer,
    orderDate: '2026-05-10',
    productCategory: PAYOUT_CATEGORY,
    orderValue: tenTimes(commission),
    buyerName: 'Kemi Alade',
    status,
  }));
  await db.transaction(async (tx) => {
    await tx.query("SELECT set_config('portal.ledger_now', $1, true)", [
      new Date(Date.now() - daysAgo * DAY).toISOString(),
    ]);
    await ingestOrders(tx, orders);
  });
  return orders.map((order) => order.externalId);
}

/** Changes an order's status through ingestion (a return after payment is a clawback). */
export async function setOrderStatus(
  db: Transactional,
  affiliate: FundedAffiliate,
  externalId: string,
  commission: string,
  status: IntegrationOrder['status'],
) {
  await db.transaction((tx) =>
    ingestOrders(tx, [
      {
        externalId,
        retailerExternalId: affiliate.retailer,
        orderDate: '2026-05-10',
        productCategory: PAYOUT_CATEGORY,
        orderValue: tenTimes(commission),
        buyerName: 'Kemi Alade',
        status,
      },
    ]),
  );
}

/** '123.45' -> '1234.50' without floating point. */
function tenTimes(amount: string): string {
  const [whole, fraction = ''] = amount.split('.');
  const kobo = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  const value = kobo * 10n;
  return `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
}
