-- What a payout run sums (issue 28, modules/payouts/balances.ts eligibilitySql): every affiliate's payable
-- entries before the cutoff. Read from this index alone, in affiliate order, the sum over ~520k entries at 50k
-- affiliates takes ~0.45 s instead of a scan of the whole ledger (bench/payout-run.bench.ts).
CREATE INDEX commission_entries_payable_idx ON commission_entries (affiliate_id, available_at) INCLUDE (amount)
  WHERE kind <> 'reversal' AND NOT reversed;
