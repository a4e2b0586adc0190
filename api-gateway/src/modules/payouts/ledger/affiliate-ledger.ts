import type { AffiliateLedgerOrder } from '@portal/contracts';
import type { Sql } from '../../../db/database';
import { FREE_ENTRY_SQL } from './balances';
import { affiliateReason } from './ledger-words';

/**
 * The affiliate's ledger list (issue 51): every entry not in a live payout line, that is every entry behind the
 * Pending and Available cards, grouped by order, newest order first. A reversal stands beside the commission it
 * cancels and the commission that replaced it, so each order's net and the whole list add up to the cards.
 */
const LEDGER_WHERE = `e.affiliate_id = $1 AND ${FREE_ENTRY_SQL}`;

interface LedgerRow {
  entry_id: string;
  order_id: string;
  kind: string;
  reversed: boolean;
  amount: string;
  reason: string;
  created_at: Date;
  available_at: Date;
  order_code: string;
  order_value: string;
  product_category: string;
  rate_percent: string | null;
  rate_date: string | null;
  paid: boolean;
  total: string;
}

export async function pageLedger(
  sql: Sql,
  affiliateId: number,
  now: Date,
  pageNo: number,
  pageSize: number,
): Promise<{ results: AffiliateLedgerOrder[]; totalCount: number }> {
  const { rows } = await sql.query<LedgerRow>(
    // The page of orders is chosen first, then its entries and order facts are read: 25 orders, not the
    // affiliate's whole history, are joined. `paid`: the order's commission went out in a paid line, so a later
    // change is "after payment" (held by a line not yet paid, it is not).
    `WITH free AS (SELECT e.entry_id, e.order_id, e.kind, e.reversed, e.amount, e.reason, e.created_at,
                          e.available_at
                     FROM commission_entries e WHERE ${LEDGER_WHERE}),
          chosen AS (SELECT order_id, max(created_at) AS latest, max(entry_id) AS last_id,
                            count(*) OVER () AS total
                       FROM free GROUP BY order_id
                      ORDER BY latest DESC, last_id DESC LIMIT $2 OFFSET $3)
     SELECT f.entry_id::text, f.order_id::text, f.kind, f.reversed, f.amount::text AS amount, f.reason,
            f.created_at, f.available_at, o.order_code, o.order_value::text AS order_value, o.product_category,
            r.rate_percent::text AS rate_percent, to_char(o.commission_rate_date, 'YYYY-MM-DD') AS rate_date,
            EXISTS (SELECT 1 FROM commission_entries pe
                      JOIN payout_line_entries p ON p.entry_id = pe.entry_id AND p.line_status = 'paid'
                     WHERE pe.order_id = f.order_id) AS paid,
            c.total::text AS total
       FROM chosen c
       JOIN free f ON f.order_id = c.order_id
       JOIN orders o ON o.order_id = c.order_id
       JOIN affiliates a ON a.affiliate_id = o.affiliate_id
       LEFT JOIN LATERAL (SELECT cr.rate_percent FROM commission_rates cr
                           WHERE cr.affiliate_code = a.affiliate_code AND cr.product_category = o.product_category
                             AND cr.effective_date = o.commission_rate_date) r ON true
      ORDER BY c.latest DESC, c.last_id DESC, f.entry_id`,
    [affiliateId, pageSize, (pageNo - 1) * pageSize],
  );
  let totalCount = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && pageNo > 1) {
    const count = await sql.query<{ n: string }>(
      `SELECT count(DISTINCT e.order_id)::text AS n FROM commission_entries e WHERE ${LEDGER_WHERE}`,
      [affiliateId],
    );
    totalCount = Number(count.rows[0].n);
  }
  const orders: AffiliateLedgerOrder[] = [];
  let current: { orderId: string; order: AffiliateLedgerOrder; kobo: bigint } | undefined;
  for (const row of rows) {
    if (current?.orderId !== row.order_id) {
      if (current) current.order.net = fromKobo(current.kobo);
      current = {
        orderId: row.order_id,
        order: { orderCode: row.order_code, net: '0.00', entries: [] },
        kobo: 0n,
      };
      orders.push(current.order);
    }
    const held = row.available_at.getTime() > now.getTime();
    current.kobo += toKobo(row.amount);
    current.order.entries.push({
      entryId: Number(row.entry_id),
      kind: row.kind === 'earned' ? (held ? 'holding' : 'commission') : (row.kind as 'reversal'),
      amount: row.amount,
      reason: affiliateReason({
        kind: row.kind,
        stored: row.reason,
        amount: row.amount,
        orderValue: row.order_value,
        category: row.product_category,
        ratePercent: row.rate_percent,
        rateDate: row.rate_date,
        paid: row.paid,
      }),
      createdAt: row.created_at.toISOString(),
      availableAt: row.available_at.toISOString(),
      held,
    });
  }
  if (current) current.order.net = fromKobo(current.kobo);
  return { results: orders, totalCount };
}

/** Naira text ('-12.50') as kobo, and back: sums without floating point. */
export function toKobo(naira: string): bigint {
  const negative = naira.startsWith('-');
  const [whole, fraction = ''] = naira.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  return negative ? -value : value;
}

export function fromKobo(kobo: bigint): string {
  const abs = kobo < 0n ? -kobo : kobo;
  return `${kobo < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
