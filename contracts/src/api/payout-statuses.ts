// A payout line's statuses and the kinds of the affiliate's ledger entries, without zod: the affiliate's Payouts
// page reads them (contracts/src/affiliate-payouts.ts). api/payouts.ts exports them with its schemas.

export const PAYOUT_LINE_STATUSES = [
  'ineligible',
  'pending',
  'sending',
  'processing',
  'paid',
  'failed',
  'reversed',
  'excluded',
  'cancelled',
] as const;
export type PayoutLineStatus = (typeof PAYOUT_LINE_STATUSES)[number];
/** What the affiliate reads for a line's status, on the Payouts page and in the remittance advice: where the money is. */
export const AFFILIATE_PAYOUT_STATUS_LABEL: Record<PayoutLineStatus, string> = {
  pending: 'Scheduled',
  sending: 'Processing',
  processing: 'Processing',
  paid: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
  // Never listed to the affiliate (the gateway leaves them out); named for completeness.
  ineligible: 'Not paid',
  excluded: 'Not paid',
  cancelled: 'Cancelled',
};
/**
 * The kinds of entry the affiliate's ledger list shows: commission earned (available, or 'holding' while its
 * return window runs), and the entries that changed it.
 */
export const PAYOUT_EXPLANATION_KINDS = [
  'commission',
  'holding',
  'reversal',
  'clawback',
  'adjustment',
] as const;
