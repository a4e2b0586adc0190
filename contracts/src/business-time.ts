// The portal's one notion of "which day": every date it shows (screens, Recent Activity, exports) is the
// calendar day in Nigeria's time, whatever the viewer's or the server's clock zone. No zod here: the
// browser's first page imports this through `@portal/contracts/web`.

/** Days (Today, Yesterday, monthly growth, report date ranges, shown dates) are counted in Nigeria's time. */
export const BUSINESS_TIME_ZONE = 'Africa/Lagos';

// Made on first use: an Intl formatter with a time zone loads the zone's data, one of the costliest steps of
// the browser's start (~15 ms on a laptop, ×4 on Lighthouse's phone; issue 14), and the first pages show no date.
let dayFormat: Intl.DateTimeFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;

/** The calendar day (yyyy-MM-dd) of an instant in the business time zone. */
export function businessDay(instant: Date): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return dayFormat.format(instant);
}

/** The time of day (HH:mm:ss, 24-hour) of an instant in the business time zone. */
export function businessTimeOfDay(instant: Date): string {
  timeFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: BUSINESS_TIME_ZONE,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return timeFormat.format(instant);
}
