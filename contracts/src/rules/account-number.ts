import { Messages } from '../messages';

/** Nigerian bank accounts are 10-digit NUBANs (CBN standard); every bank in the list is Nigerian. */
export const ACCOUNT_NUMBER_LENGTH = 10;

export const AccountNumberMessages = {
  format: `Account number must be ${ACCOUNT_NUMBER_LENGTH} digits.`,
} as const;

export function normaliseAccountNumber(value: string): string {
  return value.replace(/\s/g, '');
}

export function accountNumberError(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return Messages.accountNumberRequired;
  if (!new RegExp(`^\\d{${ACCOUNT_NUMBER_LENGTH}}$`).test(normaliseAccountNumber(value))) {
    return AccountNumberMessages.format;
  }
  return undefined;
}
