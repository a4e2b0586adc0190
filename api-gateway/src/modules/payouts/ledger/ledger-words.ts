/**
 * A ledger entry's reason as the affiliate reads it (issue 51). The stored reason (written by the ledger's SQL,
 * migrations 060-071) stays the audit's record: 'Order ORD12: commission recomputed from 4712.96 to 6283.94
 * (rate upload 1)'. The affiliate reads what happened to them, with money as ₦ and no inner words: 'Commission
 * rate for Beverages changed from 10% to 12.5% from 2026-11-01: ₦4,712.96 is replaced by ₦6,283.94'.
 */
export interface ReasonFacts {
  /** earned, reversal, clawback, adjustment */
  kind: string;
  stored: string;
  /** The entry's own amount (naira text). */
  amount: string;
  /** The order's value and category, and the rate now applied to it (percent text and its effective day). */
  orderValue: string;
  category: string;
  ratePercent: string | null;
  rateDate: string | null;
  /** The order's commission went out in a paid payout. */
  paid: boolean;
}

let nairaFormat: Intl.NumberFormat | undefined;

/** ₦4,712.96 (as the portal's screens write naira); '-' before the sign for money taken back. */
export function naira(amount: string | number): string {
  nairaFormat ??= new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
  return nairaFormat.format(Number(amount));
}

/** '12.500' -> '12.5%', '10.000' -> '10%'. */
const percent = (value: number) => `${Number(value.toFixed(3))}%`;

/**
 * The rate that gives `commission` on `orderValue` by the engine's rounding (round(value × rate / 100, 2), rates
 * with three decimals), or null when none does exactly (a commission of 0 below the minimum order value).
 */
export function rateOf(commission: string, orderValue: string): number | null {
  const value = Number(orderValue);
  const amount = Number(commission);
  if (!(value > 0) || !(amount > 0)) return null;
  const rate = Math.round((amount * 100 * 1000) / value) / 1000;
  return Math.round(value * rate) / 100 === Math.round(amount * 100) / 100 ? rate : null;
}

/** 'Commission rate for Beverages changed from 10% to 12.5% from 2026-11-01', as far as the facts tell. */
function rateChange(facts: ReasonFacts, from: string, to: string, byRate: boolean): string {
  if (!byRate) return 'Commission on this order recomputed';
  const before = rateOf(from, facts.orderValue);
  const now = facts.ratePercent !== null ? Number(facts.ratePercent) : rateOf(to, facts.orderValue);
  const since = facts.rateDate ? ` from ${facts.rateDate}` : '';
  if (now !== null && before !== null && before !== now)
    return `Commission rate for ${facts.category} changed from ${percent(before)} to ${percent(now)}${since}`;
  if (now !== null) return `Commission rate for ${facts.category} changed to ${percent(now)}${since}`;
  return `Commission rate for ${facts.category} changed`;
}

const CAUSE = /\s*\((?:rate upload|upload|seed)[^)]*\)\s*$/i;
const ORDER = /^Order [^:]+:\s*/;
const MONEY = /(^|[\s(])(-?\d+\.\d{2})(?=$|[\s),.;])/g;

/** The affiliate's words for one entry. */
export function affiliateReason(facts: ReasonFacts): string {
  const text = facts.stored.replace(ORDER, '').replace(CAUSE, '');
  const byRate = /\(rate upload[^)]*\)\s*$/i.test(facts.stored);
  const afterPay = facts.paid ? ' after it was paid' : ' before it was paid';
  let match: RegExpMatchArray | null;

  if ((match = text.match(/^commission recomputed from (-?[\d.]+) to (-?[\d.]+)$/)))
    return `${rateChange(facts, match[1], match[2], byRate)}: ${naira(match[1])} is replaced by ${naira(match[2])}`;
  if ((match = text.match(/^commission recomputed to (-?[\d.]+)$/)))
    return `${rateChange(facts, match[1], match[1], byRate)}: the new commission is ${naira(match[1])}`;
  if ((match = text.match(/^commission changed from (-?[\d.]+) to (-?[\d.]+) after payment$/))) {
    const difference = naira(Math.abs(Number(facts.amount)));
    const change = `${rateChange(facts, match[1], match[2], byRate)}${afterPay}`;
    return Number(facts.amount) < 0
      ? `${change}: ${difference} less, taken from your next commission`
      : `${change}: ${difference} more`;
  }
  if ((match = text.match(/^status changed from (.+) to (.+) after payment$/))) {
    const moved = `Order went from ${match[1]} to ${match[2]}${afterPay}`;
    return facts.kind === 'clawback'
      ? `${moved}: its commission is taken back from your next commission`
      : `${moved}: its commission is added`;
  }
  if ((match = text.match(/^status changed from (.+) to (.+)$/)))
    return facts.kind === 'reversal'
      ? `Order went from ${match[1]} to ${match[2]}: its commission is cancelled`
      : `Earned when the order went from ${match[1]} to ${match[2]}`;
  if ((match = text.match(/^received as (.+)$/))) return `Earned on an order received as ${match[1]}`;
  if ((match = text.match(/^(.+) when the ledger opened$/))) return `Earned on an order ${match[1]}`;
  // A reason written another way: its figures as naira at least.
  return text.replace(MONEY, (_, lead: string, amount: string) => `${lead}${naira(amount)}`);
}
