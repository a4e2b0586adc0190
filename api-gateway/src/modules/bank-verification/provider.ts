/** What a provider says of one bank account (issue 27). */
export type ProviderResolution =
  | { outcome: 'resolved'; accountName: string; reference: string }
  /** The bank holds no such account (or the provider does not know the bank code). */
  | { outcome: 'not-found' }
  /** No answer to rely on: down, slow, 5xx, 429, or our key refused. Logged, never shown in detail. */
  | { outcome: 'failed'; reason: string };

/** The one thing the portal asks a bank verification provider. */
export interface BankAccountResolver {
  readonly provider: string;
  resolve(bankCode: string, accountNumber: string): Promise<ProviderResolution>;
}

/** An account number as logs show it: the last four digits. */
export const maskedAccount = (accountNumber: string) => `******${accountNumber.slice(-4)}`;
