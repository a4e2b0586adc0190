/** Paystack's NGN transfer fee, at most ₦50 per transfer (₦10 up to ₦5,000, ₦25 up to ₦50,000). */
export function transferFeeKobo(amountKobo: number): number {
  if (amountKobo <= 5_000_00) return 10_00;
  if (amountKobo <= 50_000_00) return 25_00;
  return 50_00;
}

export const formatNaira = (kobo: bigint | number): string => {
  const value = BigInt(kobo);
  const whole = (value / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `₦${whole}.${(value % 100n).toString().padStart(2, '0')}`;
};

/** What a Paystack run's page says of the provider (provider_message) and of a line Paystack refused. */
export const PayoutProviderMessages = {
  balanceTooLow: (balance: bigint, needed: bigint, fees: bigint) =>
    `The Paystack balance (${formatNaira(balance)}) is less than this run needs (${formatNaira(needed)}: ` +
    `${formatNaira(needed - fees)} to pay and up to ${formatNaira(fees)} in transfer fees). ` +
    'Fund the balance, then choose Pay now again.',
  balanceUnknown: 'Paystack could not be asked for the balance; the payment starts when it answers.',
  recipientRefused: (message: string) => `Paystack refused the account: ${message}`,
  transferRefused: (message: string) => `Paystack refused the transfer: ${message}`,
};
