import { PAYOUT_LINE_MAX, type PayoutProvider } from '@portal/contracts';
import { LIVE_LINE_STATUSES_SQL, PAYABLE_KIND_SQL } from './ledger/balances';
import { railOf } from './rails/registry';
import { HELD_AFFILIATES_SQL } from './risk-hold-sql';

// Who a run pays and who it does not, with the reason: the one place a new condition of eligibility goes (a
// run's draft and its submission both read it).

/**
 * Eligibility at a cutoff: per affiliate with payable money before `$1` (the end of the cutoff day), that
 * sum and the reason it cannot be paid, if any (PayoutIneligibleReasons' words, first that applies:
 * Inactive, KYC not complete, Under risk review (an open risk case at the hold's severity: risk-holds.ts), Bank
 * account not verified, Negative balance, Below the minimum payout, Above the
 * largest amount one payout can pay: PAYOUT_LINE_MAX). A bank-file run pays an account not yet verified (the
 * bank checks the name on its file, and its paid result verifies the account: docs/bank-file-verification.md);
 * a Paystack run pays only verified ones (the run's rail: paysUnverifiedAccounts).
 * `$2` is the minimum payout. `onlyAffiliates`, when given, is a condition on `e.affiliate_id` that narrows the
 * sum to some affiliates. Columns: affiliate_id, amount (numeric), reason (text or NULL), and what a line copies
 * of the affiliate: bank_id, bank_account_name.
 *
 * The payable sum is that of every payable-kind entry (read in affiliate order from commission_entries_payable_idx
 * alone) less that of the entries a live line holds (each at most once: payout_line_entries_once_idx): the same
 * sum as over PAYABLE_ENTRY_SQL's free entries. Asked per entry, "is it held?" was planned as a scan of the link
 * table per entry and cost ~0.9 s of a 50k-affiliate run while that table was empty (bench/payout-run.bench.ts).
 */
export const eligibilitySql = (onlyAffiliates: string, provider: PayoutProvider) => {
  const verifiedRequired = !railOf(provider).paysUnverifiedAccounts;
  return `
  WITH payable AS (
    SELECT every.affiliate_id, every.amount - coalesce(held.amount, 0) AS amount
      FROM (SELECT e.affiliate_id, sum(e.amount) AS amount
              FROM commission_entries e
             WHERE e.available_at < $1 AND ${PAYABLE_KIND_SQL} AND ${onlyAffiliates}
             GROUP BY e.affiliate_id) every
      LEFT JOIN (SELECT e.affiliate_id, sum(e.amount) AS amount
                   FROM payout_line_entries p
                   JOIN commission_entries e ON e.entry_id = p.entry_id
                  WHERE p.line_status IN ${LIVE_LINE_STATUSES_SQL}
                    AND e.available_at < $1 AND ${PAYABLE_KIND_SQL} AND ${onlyAffiliates}
                  GROUP BY e.affiliate_id) held ON held.affiliate_id = every.affiliate_id
     WHERE every.amount - coalesce(held.amount, 0) <> 0
  )
  SELECT a.affiliate_id, payable.amount,
         CASE WHEN a.status = 'Inactive' OR NOT u.is_active THEN 'Inactive'
              WHEN a.status <> 'KYC Complete' THEN 'KYC not complete'
              WHEN a.affiliate_id IN (${HELD_AFFILIATES_SQL}) THEN 'Under risk review'
              WHEN ${verifiedRequired ? 'a.bank_resolved_at IS NULL' : 'false'} THEN 'Bank account not verified'
              WHEN payable.amount < 0 THEN 'Negative balance'
              WHEN payable.amount < $2 THEN 'Below the minimum payout'
              WHEN payable.amount > ${PAYOUT_LINE_MAX} THEN 'Above the largest amount one payout can pay'
         END AS reason,
         a.bank_id, a.bank_account_name
    FROM payable
    JOIN affiliates a ON a.affiliate_id = payable.affiliate_id
    JOIN users u ON u.user_id = a.user_id`;
};
