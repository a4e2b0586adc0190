const LONG_MONTH_LABEL = new Intl.DateTimeFormat('en-NG', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const firstDay = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** 'June 2025' for '2025-06' (the statement's month picker). */
export function longMonthLabel(month: string): string {
  return LONG_MONTH_LABEL.format(firstDay(month));
}
