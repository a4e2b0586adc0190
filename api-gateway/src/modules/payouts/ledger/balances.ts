import type { Sql } from '../../../db/database';

/**
 * The one definition of an affiliate's money (docs/decisions.md, "Balances: one SQL definition"), over its
 * commission entries:
 * - in a live line (payout_line_entries_once_idx: pending, sending, processing, paid): in payout while the line
 *   is pending, sending or processing, paid when it is paid;
 * - otherwise pending before the entry's available_at and available from then on.
 * Every entry is in exactly one of the four, so they add up to the sum of the entries, which is the engine's
 * commission of the affiliate's qualified orders (clawbacks and adjustments included, as entries).
 */
export const LIVE_LINE_STATUSES_SQL = `('pending', 'sending', 'processing', 'paid')`;
export const IN_PAYOUT_STATUSES_SQL = `('pending', 'sending', 'processing')`;

/** The entries of affiliates not in a live line (alias e): what can still go into a line. */
export const FREE_ENTRY_SQL = `NOT EXISTS (SELECT 1 FROM payout_line_entries p
                  WHERE p.entry_id = e.entry_id AND p.line_status IN ${LIVE_LINE_STATUSES_SQL})`;

/**
 * Entries of a kind a line may hold (alias e): neither a cancelled earned entry nor a reversal (an earned entry
 * reversed before it was paid and its reversal stay out of every line; together they are 0). Also the predicate
 * of commission_entries_payable_idx (migration 070).
 */
export const PAYABLE_KIND_SQL = `e.kind <> 'reversal' AND NOT e.reversed`;

/** The entries a line may hold: of a payable kind, and free. */
export const PAYABLE_ENTRY_SQL = `${PAYABLE_KIND_SQL} AND ${FREE_ENTRY_SQL}`;

/** An affiliate's money in naira (numeric text with 2 decimals): the four states add up to `total`. */
export interface AffiliateBalances {
  pending: string;
  available: string;
  inPayout: string;
  paid: string;
  total: string;
  /** When the earliest pending money becomes available (ISO), or null with nothing pending. */
  nextAvailableAt: string | null;
}

interface BalanceRow {
  affiliate_id: string | number;
  pending: string;
  available: string;
  in_payout: string;
  paid: string;
  total: string;
  next_available_at: Date | string | null;
}

/**
 * A sum of money as naira text with two decimals, unbounded: an affiliate's sums have no limit (ingestion takes
 * orders up to 999,999,999,999.99, as many as come), so no cast to a fixed precision (issue 48: numeric(16, 2)
 * overflowed and answered 500).
 */
export const moneyText = (sum: string) => `round(coalesce(${sum}, 0), 2)::text`;

/** The SELECT behind every balance: one row per affiliate of `$1::bigint[]`, at the instant `$2`. */
const BALANCES_SQL = `
  SELECT e.affiliate_id,
         ${moneyText(`sum(e.amount) FILTER (WHERE p.line_status IS NULL AND e.available_at > $2)`)} AS pending,
         ${moneyText(`sum(e.amount) FILTER (WHERE p.line_status IS NULL AND e.available_at <= $2)`)} AS available,
         ${moneyText(`sum(e.amount) FILTER (WHERE p.line_status IN ${IN_PAYOUT_STATUSES_SQL})`)} AS in_payout,
         ${moneyText(`sum(e.amount) FILTER (WHERE p.line_status = 'paid')`)} AS paid,
         ${moneyText('sum(e.amount)')} AS total,
         min(e.available_at) FILTER (WHERE p.line_status IS NULL AND e.available_at > $2
                                       AND e.kind = 'earned' AND NOT e.reversed) AS next_available_at
    FROM commission_entries e
    LEFT JOIN payout_line_entries p ON p.entry_id = e.entry_id AND p.line_status IN ${LIVE_LINE_STATUSES_SQL}
   WHERE e.affiliate_id = ANY ($1::bigint[])
   GROUP BY e.affiliate_id`;

const ZERO: AffiliateBalances = {
  pending: '0.00',
  available: '0.00',
  inPayout: '0.00',
  paid: '0.00',
  total: '0.00',
  nextAvailableAt: null,
};

const toBalances = (row: BalanceRow): AffiliateBalances => ({
  pending: row.pending,
  available: row.available,
  inPayout: row.in_payout,
  paid: row.paid,
  total: row.total,
  nextAvailableAt: row.next_available_at === null ? null : new Date(row.next_available_at).toISOString(),
});

/** One affiliate's balances at `now`. */
export async function affiliateBalances(
  sql: Sql,
  affiliateId: number,
  now: Date,
): Promise<AffiliateBalances> {
  const { rows } = await sql.query<BalanceRow>(BALANCES_SQL, [[affiliateId], now]);
  return rows[0] ? toBalances(rows[0]) : { ...ZERO };
}

/** Several affiliates' balances at `now`, by affiliate id (an affiliate without entries: all zero). */
export async function balancesOf(
  sql: Sql,
  affiliateIds: readonly number[],
  now: Date,
): Promise<Map<number, AffiliateBalances>> {
  const { rows } = await sql.query<BalanceRow>(BALANCES_SQL, [affiliateIds, now]);
  const byId = new Map(rows.map((row) => [Number(row.affiliate_id), toBalances(row)]));
  for (const id of affiliateIds) if (!byId.has(id)) byId.set(id, { ...ZERO });
  return byId;
}
