import { formatDate, formatMonth, formatNaira, formatTime, pickedDay, pickerDate } from '../format';

describe('formatNaira', () => {
  it('formats numbers and numeric strings in naira', () => {
    expect(formatNaira(12500)).toBe(
      new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(12500),
    );
    expect(formatNaira('1234.5')).toMatch(/1,234\.50$/);
    expect(formatNaira(0)).toMatch(/0\.00$/);
  });
  it('shows zero for missing or non-numeric amounts', () => {
    expect(formatNaira(null)).toBe(formatNaira(0));
    expect(formatNaira('abc')).toBe(formatNaira(0));
  });
});

describe('formatDate', () => {
  it('shows yyyy-MM-dd', () => {
    expect(formatDate(new Date(2024, 0, 5, 13, 45))).toBe('2024-01-05');
    expect(formatDate('2024-11-30')).toBe('2024-11-30');
    expect(formatDate(new Date(2024, 11, 31).toISOString())).toBe('2024-12-31');
  });
  it('shows nothing for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('business time', () => {
  it('shows an instant at 23:56 UTC on the next day and hour, as in Lagos', () => {
    expect(formatDate('2025-03-04T23:56:00.000Z')).toBe('2025-03-05');
    expect(formatTime('2025-03-04T23:56:07.000Z')).toBe('00:56:07');
    expect(formatTime('not a date')).toBe('');
  });
  it("reads a picked day on the viewer's calendar, both ways", () => {
    expect(pickedDay(pickerDate('2025-01-31'))).toBe('2025-01-31');
    expect(pickedDay(null)).toBe('');
  });
});

test('formatMonth names a yyyy-MM month shortly, whatever the viewer zone; anything else stays as it is', () => {
  expect(formatMonth('2025-06')).toBe('Jun 25');
  expect(formatMonth('2026-01')).toBe('Jan 26');
  // Three letters for every month, whatever the ICU data says ('Sept' stood out among 'Aug' and 'Oct').
  expect(['2026-08', '2026-09', '2026-10'].map((month) => formatMonth(month))).toEqual([
    'Aug 26',
    'Sep 26',
    'Oct 26',
  ]);
  expect(formatMonth('2025-06', 'long')).toBe('June 2025');
  expect(formatMonth('not a month')).toBe('not a month');
});
