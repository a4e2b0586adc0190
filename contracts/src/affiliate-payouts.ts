// `@portal/contracts/affiliate-payouts`: what the affiliate's Payouts page needs, without zod (issue 51: the
// page scores Lighthouse's mobile performance on a budget phone): its calls with the answers' zod-free twins,
// the statuses' and ledger kinds' names, and the answer's types. Everything here is also exported by the package
// root, and is the same module there.
export * from './endpoint';
export * from './endpoints/affiliate-payouts';
export * from './api/payout-statuses';
export type {
  AffiliateLedgerOrder,
  AffiliatePayout,
  AffiliatePayoutCards,
  AffiliatePayoutExplanation,
  AffiliatePayoutsResponse,
} from './api/payouts';
