import { useId } from 'react';
import { DayField } from './day-field';
import type { DateRange } from './use-date-range';
import styles from './date-range-fields.module.css';

export interface DateRangeFieldsProps {
  range: DateRange;
  /** The filter bar's own field style, so the pair lines up with the fields beside it. */
  fieldClassName?: string;
}

/** Start Date and End Date pickers (yyyy-mm-dd), with the range's error under End Date. */
export function DateRangeFields({ range, fieldClassName = styles.field }: DateRangeFieldsProps) {
  const id = useId();
  return (
    <>
      <div className={fieldClassName}>
        <label htmlFor={`${id}-from`}>Start Date</label>
        <DayField inputId={`${id}-from`} value={range.fromDate} onChange={range.setFromDate} />
      </div>
      <div className={fieldClassName}>
        <label htmlFor={`${id}-to`}>End Date</label>
        <DayField
          inputId={`${id}-to`}
          value={range.toDate}
          onChange={range.setToDate}
          invalid={range.error !== null}
          describedBy={range.error ? `${id}-date-error` : undefined}
        />
        {range.error ? (
          <small id={`${id}-date-error`} className={styles.fieldError} role="alert">
            {range.error}
          </small>
        ) : null}
      </div>
    </>
  );
}
