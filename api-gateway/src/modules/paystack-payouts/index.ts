// Issue 28: paying payout runs through Paystack Transfers (docs/payouts.md).
export { startPayoutWorker } from './payout-worker';
export { registerPaystackPayoutRoutes } from './routes';
