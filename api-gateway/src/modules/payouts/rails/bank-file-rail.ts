import { PayoutMessages } from '@portal/contracts';
import type { PayoutRail } from './payout-rail';

/**
 * The bank file (the default): on approval the run is being paid; an admin downloads the bulk-payment Excel
 * (bank-file.ts) and records the bank's result (bank-result.ts) or marks lines by hand.
 */
export const BANK_FILE_RAIL = {
  id: 'bank-file',
  label: 'Bank file',
  paysUnverifiedAccounts: true,
  statusOnApproval: 'executing',
  approvedMessage: PayoutMessages.approvedBankFile,
  paidOnRequest: false,
  takesBankResult: true,
  reportsFees: false,
  callsProvider: false,
} as const satisfies PayoutRail;
