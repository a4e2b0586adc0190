import { BUSINESS_TIME_ZONE, businessDay } from '@portal/contracts';

// The day of an instant is the same function the screens format dates with (contracts' business-time.ts).
export { businessDay };

/** yyyy-MM-dd plus (or minus) whole days, on the calendar. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first day of the month of `day`, and of the month before it. */
export function monthStart(day: string, monthsBack = 0): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - monthsBack);
  return date.toISOString().slice(0, 10);
}

const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Minutes the business time zone is ahead of UTC at an instant. */
function offsetMinutes(instant: Date): number {
  const parts = Object.fromEntries(
    offsetFormat.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(
    +parts.year,
    +parts.month - 1,
    +parts.day,
    +parts.hour,
    +parts.minute,
    +parts.second,
  );
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a business day starts (its local midnight). */
export function startOfBusinessDay(day: string): Date {
  const guess = new Date(`${day}T00:00:00Z`);
  return new Date(guess.getTime() - offsetMinutes(guess) * 60_000);
}

/** 'Today', 'Yesterday' or yyyy-MM-dd, as Recent Activity shows it. */
export function activityOn(instant: Date, now: Date): string {
  const day = businessDay(instant);
  const today = businessDay(now);
  if (day === today) return 'Today';
  if (day === addDays(today, -1)) return 'Yesterday';
  return day;
}

const offsetByHour = new Map<number, number>();

/**
 * yyyy-MM-dd HH:mm:ss in the business time zone, for spreadsheets. Called once per exported row, so the
 * zone's offset is looked up once per hour of time rather than formatted through Intl every call.
 */
export function businessTimestamp(instant: Date): string {
  const hour = Math.floor(instant.getTime() / 3_600_000);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = offsetMinutes(new Date(hour * 3_600_000));
    if (offsetByHour.size > 100_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  const local = new Date(instant.getTime() + offset * 60_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`
  );
}
