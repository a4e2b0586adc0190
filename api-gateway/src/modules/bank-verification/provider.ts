import type { Logger } from 'pino';
import type { AppConfig } from '../../config';
import { paystackResolver } from './paystack';

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

/** The configured provider, or undefined for the development default ('not verified'). */
export function bankAccountResolver(config: AppConfig, logger: Logger): BankAccountResolver | undefined {
  const settings = config.bankVerification;
  if (settings.provider === 'paystack') return paystackResolver(settings, logger);
  return undefined;
}

/** An account number as logs show it: the last four digits. */
export const maskedAccount = (accountNumber: string) => `******${accountNumber.slice(-4)}`;
