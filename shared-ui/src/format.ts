import { businessDay, businessTimeOfDay } from '@portal/contracts/web';

// The Intl formatters are made on first use, not when the shell starts: making one loads locale (and time
// zone) data, and the sign-in and registration pages format no money or month (issue 14, start-up time).
let naira: Intl.NumberFormat | undefined;

/** Money in naira (spec §1), e.g. ₦12,500.00. Amounts arrive as numbers or numeric strings (numeric(14,2)). */
export function formatNaira(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  naira ??= new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });
  return naira.format(value == null || Number.isNaN(value) ? 0 : value);
}

const DATE_ONLY = /^(\d{4}-\d{2}-\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

function instantOf(value: string | number | Date | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Dates as yyyy-MM-dd (spec §1) on Nigeria's calendar (business time, the day the gateway's Recent Activity
 * and exports use), whatever the viewer's clock zone; a plain date string is kept as it is.
 */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (typeof value === 'string' && DATE_ONLY.test(value)) return value;
  const date = instantOf(value);
  return date ? businessDay(date) : '';
}

/** The time of day (HH:mm:ss) of an instant in business time, beside its formatDate. */
export function formatTime(value: string | number | Date | null | undefined): string {
  const date = instantOf(value);
  return date ? businessTimeOfDay(date) : '';
}

/**
 * The day a date picker holds (its local midnight), as yyyy-MM-dd for a query. Not for showing an instant:
 * a picked day has no time zone, so it is read on the viewer's calendar.
 */
export function pickedDay(value: Date | null | undefined): string {
  if (!value || Number.isNaN(value.getTime())) return '';
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

/** yyyy-MM-dd as the local Date a date picker shows for that day. */
export function pickerDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

// Fixed three-letter names: ICU's English short month differs by version and locale ('Sept' in some).
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
let longMonth: Intl.DateTimeFormat | undefined;

/**
 * A month as yyyy-MM ('2025-06'): 'Jun 25' (short, the charts' bars) or 'June 2025' (long, a month picker).
 */
export function formatMonth(month: string, length: 'short' | 'long' = 'short'): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  if (length === 'short')
    return `${SHORT_MONTHS[date.getUTCMonth()]} ${String(date.getUTCFullYear() % 100).padStart(2, '0')}`;
  longMonth ??= new Intl.DateTimeFormat('en-NG', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return longMonth.format(date);
}
