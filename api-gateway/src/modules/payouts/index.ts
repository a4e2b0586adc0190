// What the payouts module offers the rest of the gateway; other modules import only from here.
export { registerPayoutRoutes } from './routes';
// The affiliate's own Payouts page and remittance advice (right affiliate_payouts; affpayouts).
export { registerAffiliatePayoutRoutes } from './affiliate-routes';
export { accountLabel, nairaText } from './account-label';
export {
  affiliateBalances,
  balancesOf,
  FREE_ENTRY_SQL,
  LIVE_LINE_STATUSES_SQL,
  PAYABLE_ENTRY_SQL,
  type AffiliateBalances,
} from './ledger/balances';
// Shared with Paystack's job, webhook and reconciler (paytransfer): forward-only moves of a line or run, in the
// caller's transaction; each answers whether it changed anything. A paid line's notice is queued by markLinePaid.
export {
  claimLinesForSending,
  completeRunIfSettled,
  failLinesNotSent,
  markLineFailed,
  markLinePaid,
  markLineProcessing,
  markLineReversed,
  runBackToApproved,
  type LineMove,
  type MovedLine,
} from './status-moves';
// The ways of paying a run: the Paystack rail's job (modules/paystack-payouts) asks for its own runs by its id;
// other modules name a rail through railLabel and configuredRail.
export { PAYSTACK_RAIL } from './rails/paystack-rail';
// Issue 49: a line under risk review is not sent until an admin excludes it or lets it go.
export { LINE_UNDER_RISK_REVIEW_SQL } from './risk-hold-sql';
export { configuredRail, railLabel } from './rails/registry';
export type { PayoutRail } from './rails/payout-rail';
export { notifyLinePaid } from './notify-paid';
export { configuredPayoutProvider } from './settings';
// The demo seed pays the demo affiliate's past payouts through the same steps an admin takes.
export { createRun } from './create-run';
export { approveRun, discardRun, rejectRun, submitRun } from './run-steps';
