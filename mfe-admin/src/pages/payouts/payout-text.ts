import type { PayoutLineStatus, PayoutProvider, PayoutRunStatus } from '@portal/contracts';

// Issue 28: the words the payout screens show for the gateway's codes.

export const RUN_STATUS_LABELS: Record<PayoutRunStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  executing: 'Paying',
  completed: 'Completed',
};

export const LINE_STATUS_LABELS: Record<PayoutLineStatus, string> = {
  ineligible: 'Ineligible',
  pending: 'Pending',
  sending: 'Sending',
  processing: 'Processing',
  paid: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
  excluded: 'Excluded',
  cancelled: 'Cancelled',
};

export const PROVIDER_LABELS: Record<PayoutProvider, string> = {
  'bank-file': 'Bank file',
  paystack: 'Paystack',
};

/** A percentage as the settings hold it ('7.50') for reading: '7.5%'. */
export function percentText(value: string): string {
  const number = Number(value);
  return Number.isFinite(number) ? `${number}%` : `${value}%`;
}

/** 'Payout run #12', the name every screen and message gives a run. */
export const runName = (runId: number) => `Payout run #${runId}`;
