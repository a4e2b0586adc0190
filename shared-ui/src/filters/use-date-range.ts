import { useState } from 'react';
import { pickedDay, pickerDate } from '../format';

export interface DayRange {
  /** yyyy-MM-dd, or '' for an open end. */
  fromDate: string;
  toDate: string;
}

export interface DateRange {
  fromDate: Date | null;
  toDate: Date | null;
  setFromDate: (date: Date | null) => void;
  setToDate: (date: Date | null) => void;
  /** The message under End Date, when the range was refused. */
  error: string | null;
  /** The picked range as days, or null (and `error` set to `orderMessage`) when it ends before it starts. */
  checked: () => DayRange | null;
}

/** The state of a Start Date / End Date pair of pickers, starting from the range a list already shows. */
export function useDateRange(initial: DayRange, orderMessage: string): DateRange {
  const [fromDate, setFromDate] = useState<Date | null>(() =>
    initial.fromDate ? pickerDate(initial.fromDate) : null,
  );
  const [toDate, setToDate] = useState<Date | null>(() =>
    initial.toDate ? pickerDate(initial.toDate) : null,
  );
  const [error, setError] = useState<string | null>(null);

  const checked = (): DayRange | null => {
    if (fromDate && toDate && fromDate > toDate) {
      setError(orderMessage);
      return null;
    }
    setError(null);
    return { fromDate: pickedDay(fromDate), toDate: pickedDay(toDate) };
  };

  return { fromDate, toDate, setFromDate, setToDate, error, checked };
}
