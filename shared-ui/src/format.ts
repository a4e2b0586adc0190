const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });

/** Money in naira (spec §1), e.g. ₦12,500.00. Amounts arrive as numbers or numeric strings (numeric(14,2)). */
export function formatNaira(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  return naira.format(value == null || Number.isNaN(value) ? 0 : value);
}

const DATE_ONLY = /^(\d{4}-\d{2}-\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** Dates as yyyy-MM-dd (spec §1), in the viewer's time zone; a plain date string is kept as it is. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string' && DATE_ONLY.test(value)) return value;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
