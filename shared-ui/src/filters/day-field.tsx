import { Calendar } from 'primereact/calendar';

export interface DayFieldProps {
  inputId: string;
  value: Date | null;
  onChange: (day: Date | null) => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * One day, shown and typed as yyyy-mm-dd whatever the browser's locale (a native date input follows the
 * locale: mm/dd/yyyy in the United States). The calendar opens from its button only, so the field keeps
 * focus and every typed character ('2026-11-01').
 */
export function DayField({ inputId, value, onChange, invalid = false, describedBy }: DayFieldProps) {
  return (
    <Calendar
      inputId={inputId}
      value={value}
      onChange={(event) => onChange(event.value ?? null)}
      dateFormat="yy-mm-dd"
      showIcon
      showButtonBar
      showOnFocus={false}
      placeholder="yyyy-mm-dd"
      invalid={invalid}
      aria-describedby={describedBy}
    />
  );
}
