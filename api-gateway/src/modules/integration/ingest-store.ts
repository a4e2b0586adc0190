import {
  IntegrationMessages,
  type IngestResponse,
  type IntegrationOrder,
  type IntegrationRetailer,
} from '@portal/contracts';
import type { Sql } from '../../db/database';
import { badRequest, HttpError } from '../../http/errors';
import { earnedCommissionSql, lockRatesShared } from '../commission';

/**
 * The one way retailers and orders are written (DESIGN §5): the integration API and the demo seed both call
 * these, in their own transaction. Each batch is checked whole first (duplicates in the batch, unknown
 * affiliates and retailers): any problem refuses the batch with a 400 naming each item by index and field,
 * before anything is written. Then one multi-row INSERT ... ON CONFLICT (external_id) writes it, in externalId
 * order so concurrent batches lock rows in one order; rows whose values did not change are not touched, and
 * RETURNING tells created from updated.
 *
 * Who owns a retailer (its affiliate) or an order (its retailer) is decided by that statement, not by a read
 * before it: of two batches sending one new item at once under two owners, the unique index lets one insert
 * and makes the other wait, then take the ON CONFLICT path on the committed row, whose stored owner it
 * reports. An item stored under another owner refuses the whole batch with 409 (rolled back).
 */

type Errors = Record<string, string>;

function refuseIfAny(errors: Errors, what: 'retailers' | 'orders'): void {
  const count = new Set(Object.keys(errors).map((key) => key.slice(0, key.indexOf(']') + 1))).size;
  if (count > 0) throw badRequest(IntegrationMessages.invalidBatch(count, what), errors);
}

/** Each externalId once per batch: ON CONFLICT cannot write one row twice in a statement. */
function duplicateErrors(items: readonly { externalId: string }[], what: 'retailers' | 'orders'): Errors {
  const errors: Errors = {};
  const first = new Map<string, number>();
  items.forEach((item, index) => {
    const seen = first.get(item.externalId);
    if (seen === undefined) first.set(item.externalId, index);
    else errors[`${what}[${index}].externalId`] = IntegrationMessages.duplicate(`${what}[${seen}]`);
  });
  return errors;
}

/** Counts from `RETURNING (xmax = 0) AS created`: rows not returned were left as they were. */
function counted(total: number, rows: readonly { created: boolean }[]): IngestResponse {
  const created = rows.filter((row) => row.created).length;
  return { created, updated: rows.length - created, unchanged: total - rows.length };
}

/** 409 when the write found items stored under another owner (`n`: 1-based index in the batch). */
function refuseTaken(
  written: readonly { n: number | string; taken: boolean }[],
  items: readonly { externalId: string }[],
  what: 'retailers' | 'orders',
): void {
  const taken = written.filter((row) => row.taken);
  if (taken.length === 0) return;
  const indexes = taken.map((row) => Number(row.n) - 1).sort((x, y) => x - y);
  const field = what === 'retailers' ? 'affiliateCode' : 'retailerExternalId';
  const reason =
    what === 'retailers' ? IntegrationMessages.affiliateChanged : IntegrationMessages.retailerChanged;
  throw new HttpError(
    409,
    IntegrationMessages.ownerConflict(
      what,
      indexes.map((index) => items[index].externalId),
    ),
    Object.fromEntries(indexes.map((index) => [`${what}[${index}].${field}`, reason])),
  );
}

export async function ingestRetailers(
  sql: Sql,
  retailers: readonly IntegrationRetailer[],
): Promise<IngestResponse> {
  if (retailers.length === 0) return { created: 0, updated: 0, unchanged: 0 };
  const errors = duplicateErrors(retailers, 'retailers');
  refuseIfAny(errors, 'retailers');
  const externalIds = retailers.map((r) => r.externalId);
  const affiliateCodes = retailers.map((r) => r.affiliateCode);

  const { rows: unknown } = await sql.query<{ n: number | string }>(
    `SELECT i.n FROM unnest($1::text[]) WITH ORDINALITY AS i(affiliate_code, n)
      WHERE NOT EXISTS (SELECT 1 FROM affiliates a WHERE a.affiliate_code = i.affiliate_code)
      ORDER BY i.n`,
    [affiliateCodes],
  );
  for (const { n } of unknown)
    errors[`retailers[${Number(n) - 1}].affiliateCode`] = IntegrationMessages.unknownAffiliate;
  refuseIfAny(errors, 'retailers');

  const { rows } = await sql.query<{ created: boolean; n: number | string; taken: boolean }>(
    `WITH written AS (
     INSERT INTO retailers AS r (retailer_id, external_id, retailer_code, affiliate_id, business_name, fao_name,
                                 fao_mobile_no, cluster_manager, location)
     SELECT id, external_id, 'RTL' || lpad(id::text, 7, '0'), affiliate_id, business_name, fao_name,
            fao_mobile_no, cluster_manager, location
       FROM (SELECT nextval(pg_get_serial_sequence('retailers', 'retailer_id')) AS id, s.*
               FROM (SELECT i.*, a.affiliate_id
                       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                                   $7::text[])
                            AS i(external_id, affiliate_code, business_name, fao_name, fao_mobile_no,
                                 cluster_manager, location)
                       JOIN affiliates a ON a.affiliate_code = i.affiliate_code
                      ORDER BY i.external_id) s) numbered
     ON CONFLICT (external_id) DO UPDATE SET
       business_name = excluded.business_name, fao_name = excluded.fao_name,
       fao_mobile_no = excluded.fao_mobile_no, cluster_manager = excluded.cluster_manager,
       location = excluded.location
     WHERE r.affiliate_id <> excluded.affiliate_id
        OR (r.business_name, r.fao_name, r.fao_mobile_no, r.cluster_manager, r.location)
           IS DISTINCT FROM (excluded.business_name, excluded.fao_name, excluded.fao_mobile_no,
                             excluded.cluster_manager, excluded.location)
     RETURNING (xmax = 0) AS created, r.external_id, r.affiliate_id
     )
     SELECT w.created, i.n, w.affiliate_id <> a.affiliate_id AS taken
       FROM written w
       JOIN unnest($1::text[], $2::text[]) WITH ORDINALITY AS i(external_id, affiliate_code, n)
         ON i.external_id = w.external_id
       JOIN affiliates a ON a.affiliate_code = i.affiliate_code`,
    [
      externalIds,
      affiliateCodes,
      retailers.map((r) => r.businessName),
      retailers.map((r) => r.faoName),
      retailers.map((r) => r.faoMobileNo),
      retailers.map((r) => r.clusterManager),
      retailers.map((r) => r.location),
    ],
  );
  refuseTaken(rows, retailers, 'retailers');
  return counted(retailers.length, rows);
}

/**
 * Orders take their affiliate and FAO from their retailer (the FAO as it was when the order arrived) and
 * their commission from the engine's rule, computed in the same statement (earnedCommissionSql): the
 * statement triggers then move order_daily_counts and affiliate_commission_months by the written rows.
 */
export async function ingestOrders(sql: Sql, orders: readonly IntegrationOrder[]): Promise<IngestResponse> {
  if (orders.length === 0) return { created: 0, updated: 0, unchanged: 0 };
  // First in the transaction: no rate upload commits between this batch's commission and its commit.
  await lockRatesShared(sql);
  const errors = duplicateErrors(orders, 'orders');
  refuseIfAny(errors, 'orders');
  const externalIds = orders.map((o) => o.externalId);
  const retailerIds = orders.map((o) => o.retailerExternalId);

  const { rows: unknown } = await sql.query<{ n: number | string }>(
    `SELECT i.n FROM unnest($1::text[]) WITH ORDINALITY AS i(retailer_external_id, n)
      WHERE NOT EXISTS (SELECT 1 FROM retailers r WHERE r.external_id = i.retailer_external_id)
      ORDER BY i.n`,
    [retailerIds],
  );
  for (const { n } of unknown)
    errors[`orders[${Number(n) - 1}].retailerExternalId`] = IntegrationMessages.unknownRetailer;
  refuseIfAny(errors, 'orders');

  const earned = earnedCommissionSql({
    affiliateCode: 'a.affiliate_code',
    productCategory: 'i.product_category',
    orderDate: 'i.order_date',
    orderValue: 'i.order_value',
    status: 'i.status',
  });
  const { rows } = await sql.query<{ created: boolean; n: number | string; taken: boolean }>(
    `WITH written AS (
     INSERT INTO orders AS o (order_id, external_id, order_code, retailer_id, affiliate_id, order_date,
                              buyer_name, order_value, product_category, status, fao_name, fao_mobile_no,
                              commission_amount, commission_rate_date)
     SELECT id, external_id, 'ORD' || lpad(id::text, 8, '0'), retailer_id, affiliate_id, order_date,
            buyer_name, order_value, product_category, status, fao_name, fao_mobile_no, amount, rate_date
       FROM (SELECT nextval(pg_get_serial_sequence('orders', 'order_id')) AS id, s.*
               FROM (SELECT i.*, r.retailer_id, r.affiliate_id, r.fao_name, r.fao_mobile_no,
                            ${earned.amount} AS amount, ${earned.rateDate} AS rate_date
                       FROM unnest($1::text[], $2::text[], $3::date[], $4::text[], $5::numeric[], $6::text[],
                                   $7::text[])
                            AS i(external_id, retailer_external_id, order_date, product_category, order_value,
                                 buyer_name, status)
                       JOIN retailers r ON r.external_id = i.retailer_external_id
                       JOIN affiliates a ON a.affiliate_id = r.affiliate_id
                       ${earned.join}
                      ORDER BY i.external_id) s) numbered
     ON CONFLICT (external_id) DO UPDATE SET
       order_date = excluded.order_date, buyer_name = excluded.buyer_name,
       order_value = excluded.order_value, product_category = excluded.product_category,
       status = excluded.status, commission_amount = excluded.commission_amount,
       commission_rate_date = excluded.commission_rate_date
     WHERE o.retailer_id <> excluded.retailer_id
        OR (o.order_date, o.buyer_name, o.order_value, o.product_category, o.status)
           IS DISTINCT FROM (excluded.order_date, excluded.buyer_name, excluded.order_value,
                             excluded.product_category, excluded.status)
     RETURNING (xmax = 0) AS created, o.external_id, o.retailer_id
     )
     SELECT w.created, i.n, w.retailer_id <> r.retailer_id AS taken
       FROM written w
       JOIN unnest($1::text[], $2::text[]) WITH ORDINALITY AS i(external_id, retailer_external_id, n)
         ON i.external_id = w.external_id
       JOIN retailers r ON r.external_id = i.retailer_external_id`,
    [
      externalIds,
      retailerIds,
      orders.map((o) => o.orderDate),
      orders.map((o) => o.productCategory),
      orders.map((o) => o.orderValue),
      orders.map((o) => o.buyerName),
      orders.map((o) => o.status),
    ],
  );
  refuseTaken(rows, orders, 'orders');
  return counted(orders.length, rows);
}
