import { createHash } from 'node:crypto';
import type { IntegrationOrder, IntegrationRetailer, OrderStatus } from '@portal/contracts';
import { INTEGRATION_BATCH_MAX } from '@portal/contracts';
import type { Sql } from '../db/database';
import { ingestOrders, ingestRetailers } from '../modules/integration';
import {
  CLUSTER_MANAGERS,
  FIRST_NAMES,
  LAST_NAMES,
  LOCATIONS,
  PRODUCT_CATEGORIES,
  SHOP_KINDS,
} from './vocabulary';

/**
 * Retailers and orders reach the database the one way the retail platform's do (DESIGN §5): built here as
 * integration items and written by the integration module's ingestRetailers/ingestOrders, 1,000 per call, in
 * the seed's transaction. Every value is derived from md5 of a row number, so a scale always gives the same rows.
 */

const DAY_MS = 86_400_000;

/** The four 32-bit numbers of md5(text), as the SQL seed read them (hex characters 1, 9, 17 and 25). */
function md5Words(text: string): { hex: string; h: [number, number, number, number] } {
  const hex = createHash('md5').update(text).digest('hex');
  return {
    hex,
    h: [
      parseInt(hex.slice(0, 8), 16),
      parseInt(hex.slice(8, 16), 16),
      parseInt(hex.slice(16, 24), 16),
      parseInt(hex.slice(24, 32), 16),
    ],
  };
}

const pick = <T>(values: readonly T[], n: number): T => values[n % values.length];
const div = (n: number, by: number) => Math.floor(n / by);
const epochDay = (date: Date) => Math.floor(date.getTime() / DAY_MS);
const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Writes items in calls of at most 1,000, as the integration API takes them. */
export async function ingestInBatches<T>(
  sql: Sql,
  items: Iterable<T>,
  ingest: (sql: Sql, batch: T[]) => Promise<unknown>,
): Promise<void> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === INTEGRATION_BATCH_MAX) {
      await ingest(sql, batch);
      batch = [];
    }
  }
  if (batch.length) await ingest(sql, batch);
}

export interface NetworkAffiliate {
  affiliateCode: string;
  createdDate: Date;
}

/** Retailer g of the bulk volume, in the network of one of `network` (chosen by its md5). */
function bulkRetailer(g: number, network: readonly NetworkAffiliate[], now: Date) {
  const { hex, h } = md5Words(`retailer-${g}`);
  const [h1, h2, h3, h4] = h;
  const owner = network[h1 % network.length];
  const mobileDigits = String(parseInt(hex.slice(20, 32), 16) % 10 ** 8).padStart(8, '0');
  const item: IntegrationRetailer = {
    externalId: `SEED-R${String(g).padStart(7, '0')}`,
    affiliateCode: owner.affiliateCode,
    businessName: `${pick(LAST_NAMES, h2)} ${pick(SHOP_KINDS, div(h2, LAST_NAMES.length))}`,
    faoName: `${pick(FIRST_NAMES, h3)} ${pick(LAST_NAMES, div(h3, FIRST_NAMES.length))}`,
    faoMobileNo: `0${'789'[h4 % 3]}${'01'[div(h4, 3) % 2]}${mobileDigits}`,
    clusterManager: pick(CLUSTER_MANAGERS, div(h4, 6)),
    location: pick(LOCATIONS, div(h4, 6 * CLUSTER_MANAGERS.length)),
  };
  // The day the retailer joined: a few days to three months after its affiliate, never after today.
  const joined = Math.min(
    epochDay(now),
    epochDay(new Date(owner.createdDate.getTime() + (2 + (h2 % 90)) * DAY_MS)),
  );
  return { item, joined };
}

function statusFor(age: number, roll: number): OrderStatus {
  if (age <= 3) return roll < 50 ? 'Pending' : roll < 90 ? 'Processing' : 'Rejected';
  if (age <= 14) {
    if (roll < 15) return 'Pending';
    if (roll < 40) return 'Processing';
    if (roll < 75) return 'Delivered';
    return roll < 95 ? 'Completed' : 'Rejected';
  }
  if (roll < 1) return 'Pending';
  if (roll < 3) return 'Processing';
  if (roll < 33) return 'Delivered';
  return roll < 95 ? 'Completed' : 'Rejected';
}

/**
 * `retailers` retailers over the network's affiliates, then `orders` orders over those retailers, each dated
 * from its retailer's start (newer networks have fewer), recent ones still open, numbered in date order
 * like orders arriving day by day. Commission rates must already be there: ingestion computes commission.
 */
export async function seedNetworkThroughIngestion(
  sql: Sql,
  {
    network,
    retailers,
    orders,
    now,
  }: { network: NetworkAffiliate[]; retailers: number; orders: number; now: Date },
): Promise<void> {
  if (network.length === 0 || retailers === 0) return;
  // The seed turns sequential scans on for its set-based SQL, but within its transaction the planner's
  // statistics still see empty tables: ingestion's lookups by externalId would become scans of the growing
  // orders table. Index lookups, as the gateway runs them (PGlite's default), until the network is in.
  await sql.exec('SET LOCAL enable_seqscan = off');
  const today = epochDay(now);
  const ageOfRetailer = new Int16Array(retailers);
  function* retailerItems() {
    for (let g = 1; g <= retailers; g++) {
      const { item, joined } = bulkRetailer(g, network, now);
      ageOfRetailer[g - 1] = Math.max(0, Math.min(395, today - joined));
      yield item;
    }
  }
  await ingestInBatches(sql, retailerItems(), ingestRetailers);

  // Narrow columns first, numbered by (date, g): oldest first, texts built per batch.
  const retailerOf = new Int32Array(orders);
  const age = new Int16Array(orders);
  const h2s = new Uint32Array(orders);
  const h3s = new Uint32Array(orders);
  const h4s = new Uint32Array(orders);
  for (let i = 0; i < orders; i++) {
    const [h1, h2, h3, h4] = md5Words(`order-${i + 1}`).h;
    retailerOf[i] = h1 % retailers;
    age[i] = h2 % (ageOfRetailer[retailerOf[i]] + 1);
    h2s[i] = h2;
    h3s[i] = h3;
    h4s[i] = h4;
  }
  const byDate = Int32Array.from({ length: orders }, (_, i) => i).sort((a, b) => age[b] - age[a] || a - b);

  const categories = PRODUCT_CATEGORIES.map((category) => category.name);
  const nameSpace = FIRST_NAMES.length * LAST_NAMES.length;
  function* orderItems(): Generator<IntegrationOrder> {
    for (let n = 0; n < orders; n++) {
      const i = byDate[n];
      const [h2, h3, h4] = [h2s[i], h3s[i], h4s[i]];
      const cents = 200_000 + (h4 % 25_000_000) * (1 + (div(h4, 25_000_000) % 3));
      yield {
        externalId: `SEED-O${String(n + 1).padStart(8, '0')}`,
        retailerExternalId: `SEED-R${String(retailerOf[i] + 1).padStart(7, '0')}`,
        orderDate: dayText(today - age[i]),
        productCategory: pick(categories, div(h3, nameSpace)),
        orderValue: `${div(cents, 100)}.${String(cents % 100).padStart(2, '0')}`,
        buyerName: `${pick(FIRST_NAMES, h3)} ${pick(LAST_NAMES, div(h3, FIRST_NAMES.length))}`,
        status: statusFor(age[i], div(h2, 400) % 100),
      };
    }
  }
  await ingestInBatches(sql, orderItems(), ingestOrders);
  await sql.exec('SET LOCAL enable_seqscan = on');
}
