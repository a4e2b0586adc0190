import type { IntegrationOrder } from '@portal/contracts';
import type { AppContext } from '../src/context';
import { businessDay } from '../src/lib/business-time';
import { sealedNumberParams } from '../src/lib/sealed-numbers';
import { ingestOrders, ingestRetailers } from '../src/modules/integration';
import { createAffiliate, type TestAffiliate } from './affiliate-fixtures';

/**
 * Risk test data (issue 49): KYC Complete affiliates with a rate, retailers and orders written through the
 * product's ingestion (so the ledger and the risk marks are the product's own), dated relative to today.
 */

export const RISK_CATEGORY = 'Risk Beverages';
let sequence = 0;

export interface Planted extends TestAffiliate {
  retailers: string[];
}

/** The business day `days` before the app's today. */
export function dayBefore(ctx: AppContext, days: number): string {
  const date = new Date(`${businessDay(ctx.now())}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** An affiliate with a 10 % rate on RISK_CATEGORY (minimum order value `minimum`) and its sealed numbers. */
export async function riskAffiliate(
  ctx: AppContext,
  options: { minimum?: number; accountNumber?: string; fullName?: string } = {},
): Promise<Planted> {
  const n = ++sequence;
  const affiliate = await createAffiliate(ctx.db, { status: 'KYC Complete', fullName: options.fullName });
  await setNumbers(ctx, affiliate.affiliateId, {
    ninOrBVN: String(30000000000 + affiliate.affiliateId * 7 + n),
    accountNumber: options.accountNumber ?? String(4000000000 + affiliate.affiliateId * 13 + n),
  });
  await ctx.db.query(
    `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, minimum_order_value, effective_date)
     VALUES ($1, $2, 10, $3, '2020-01-01')`,
    [affiliate.affiliateCode, RISK_CATEGORY, options.minimum ?? 0],
  );
  return { ...affiliate, retailers: [] };
}

/** Writes the affiliate's numbers sealed, with their keyed hashes, as registration and bank changes do. */
export async function setNumbers(
  ctx: AppContext,
  affiliateId: number,
  numbers: { ninOrBVN: string; accountNumber: string },
) {
  const [ninSealed, ninHash, accountSealed, accountHash] = sealedNumberParams(
    ctx.config.dataKeyring,
    numbers,
  );
  await ctx.db.query(
    `UPDATE affiliates SET nin_or_bvn = NULL, account_number = NULL, nin_or_bvn_sealed = $2, nin_or_bvn_hash = $3,
            account_number_sealed = $4, account_number_hash = $5 WHERE affiliate_id = $1`,
    [affiliateId, ninSealed, ninHash, accountSealed, accountHash],
  );
}

/** A retailer of the affiliate with this contact; answers its external id. */
export async function addRetailer(
  ctx: AppContext,
  affiliate: Planted,
  contact: { faoName?: string; faoMobileNo?: string } = {},
): Promise<string> {
  const n = ++sequence;
  const externalId = `RISK-R${n}-${affiliate.affiliateId}`;
  await ctx.db.transaction((tx) =>
    ingestRetailers(tx, [
      {
        externalId,
        affiliateCode: affiliate.affiliateCode,
        businessName: `Shop ${n}`,
        faoName: contact.faoName ?? `Contact Person ${n}`,
        faoMobileNo: contact.faoMobileNo ?? `0906${String(1000000 + n * 37).padStart(7, '0')}`,
        clusterManager: 'Bisi Adewale',
        location: 'Ikeja, Lagos',
      },
    ]),
  );
  affiliate.retailers.push(externalId);
  return externalId;
}

export interface PlannedOrder {
  daysAgo: number;
  value: string;
  status?: IntegrationOrder['status'];
  retailer?: string;
}

/** Orders of the affiliate's (first, unless named) retailer; answers their external ids. */
export async function addOrders(ctx: AppContext, affiliate: Planted, planned: readonly PlannedOrder[]) {
  const orders: IntegrationOrder[] = planned.map((order) => ({
    externalId: `RISK-O${++sequence}-${affiliate.affiliateId}`,
    retailerExternalId: order.retailer ?? affiliate.retailers[0],
    orderDate: dayBefore(ctx, order.daysAgo),
    productCategory: RISK_CATEGORY,
    orderValue: order.value,
    buyerName: 'Kemi Alade',
    status: order.status ?? 'Delivered',
  }));
  for (let start = 0; start < orders.length; start += 500) {
    await ctx.db.transaction((tx) => ingestOrders(tx, orders.slice(start, start + 500)));
  }
  return orders;
}

/** The same orders again with another status (a return after commission was earned). */
export async function changeStatus(
  ctx: AppContext,
  orders: readonly IntegrationOrder[],
  status: IntegrationOrder['status'],
) {
  await ctx.db.transaction((tx) =>
    ingestOrders(
      tx,
      orders.map((order) => ({ ...order, status })),
    ),
  );
}
