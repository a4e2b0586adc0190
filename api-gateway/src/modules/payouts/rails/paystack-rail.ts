import { PayoutMessages } from '@portal/contracts';
import type { PayoutRail } from './payout-rail';

/**
 * Paystack Transfers: an approved run waits for Pay now; the payout job, webhook and reconciler of
 * modules/paystack-payouts pay it and record each transfer's outcome through status-moves.ts.
 */
export const PAYSTACK_RAIL = {
  id: 'paystack',
  label: 'Paystack',
  paysUnverifiedAccounts: false,
  statusOnApproval: 'approved',
  approvedMessage: PayoutMessages.approvedPaystack,
  paidOnRequest: true,
  takesBankResult: false,
  reportsFees: true,
  callsProvider: true,
} as const satisfies PayoutRail;
