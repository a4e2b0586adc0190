/** The names people use for the banks whose full names are long (the bank file keeps the full name). */
const SHORT_NAMES: Record<string, string> = {
  'Guaranty Trust Bank': 'GTBank',
  'First Bank of Nigeria': 'FirstBank',
  'First City Monument Bank': 'FCMB',
  'United Bank for Africa': 'UBA',
  'Union Bank of Nigeria': 'Union Bank',
  'Stanbic IBTC Bank': 'Stanbic IBTC',
  'Kuda Microfinance Bank': 'Kuda',
  'Moniepoint Microfinance Bank': 'Moniepoint',
};

/** An account as screens and messages show it: 'GTBank ****1234'; null without a bank or last four digits. */
export function accountLabel(bankName: string | null, last4: string | null): string | null {
  if (!bankName || !last4) return null;
  return `${SHORT_NAMES[bankName] ?? bankName} ****${last4}`;
}

/** Naira with the sign, thousands separators and two decimals, from numeric text: '₦12,345.60'. */
export function nairaText(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole, fraction = ''] = amount.replace(/^-/, '').split('.');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}₦${grouped}.${(fraction + '00').slice(0, 2)}`;
}
