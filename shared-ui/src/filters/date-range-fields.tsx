import { useId } from 'react';
import { Calendar } from 'primereact/calendar';
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
        <Calendar
          inputId={`${id}-from`}
          value={range.fromDate}
          onChange={(event) => range.setFromDate(event.value ?? null)}
          dateFormat="yy-mm-dd"
          showIcon
          showButtonBar
          placeholder="yyyy-mm-dd"
        />
      </div>
      <div className={fieldClassName}>
        <label htmlFor={`${id}-to`}>End Date</label>
        <Calendar
          inputId={`${id}-to`}
          value={range.toDate}
          onChange={(event) => range.setToDate(event.value ?? null)}
          dateFormat="yy-mm-dd"
          showIcon
          showButtonBar
          placeholder="yyyy-mm-dd"
          invalid={range.error !== null}
          aria-describedby={range.error ? `${id}-date-error` : undefined}
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
