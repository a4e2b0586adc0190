import type { PayoutProvider } from '@portal/contracts';

/**
 * A way of paying an approved run (a run keeps the rail it was created with: payout_runs.provider). The steps of
 * a run ask their rail instead of naming one; each rail is one file beside this one, chosen by registry.ts.
 */
export interface PayoutRail {
  /** Stored in payout_runs.provider and shown on the run (contracts' PayoutProvider). */
  readonly id: PayoutProvider;
  /** How an affiliate's data export and staff's health page name it. */
  readonly label: string;
  /**
   * Whether a line may pay an account not yet verified: the bank checks the name on its file and its paid result
   * verifies the account (docs/bank-file-verification.md); a provider paying by API pays verified accounts only.
   */
  readonly paysUnverifiedAccounts: boolean;
  /** A run's status once approved: 'executing' when paying starts at once, 'approved' when it waits for Pay now. */
  readonly statusOnApproval: 'approved' | 'executing';
  /** The approver's message. */
  readonly approvedMessage: string;
  /** Pay now (POST …/execute) applies: the gateway's payout job sends the transfers. */
  readonly paidOnRequest: boolean;
  /** The bulk-payment file and the bank's result (upload, or marking by hand) apply. */
  readonly takesBankResult: boolean;
  /** The run's totals show the provider's fees (the transfers' own, as the provider reports them). */
  readonly reportsFees: boolean;
  /** A provider is called (staff's /api/health lists it as configured, with its last answers). */
  readonly callsProvider: boolean;
}
