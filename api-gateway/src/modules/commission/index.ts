// What the commission module offers the rest of the gateway; other modules import only from here.
export {
  type ChangedRate,
  earnedCommissionSql,
  recomputeCommissionForOrders,
  recomputeCommissionForRates,
} from './commission-engine';
export { affiliateCommissionTotals, type CommissionTotals } from './commission-summary';
export { lockRatesExclusively, lockRatesShared } from './rates-lock';
