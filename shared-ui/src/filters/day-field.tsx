import { useRef } from 'react';
import type { FocusEvent } from 'react';
import { Calendar } from 'primereact/calendar';

/**
 * PrimeReact's default inputmode ('none') keeps a phone's keyboard away from a field that is meant to be typed.
 * Calendar passes `inputMode` to its input, but its type declarations (10.9) do not list the prop: spread, it
 * is not refused as an excess property.
 */
const TYPED_ON_A_PHONE = { inputMode: 'text' } as const;

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
 * focus and every typed character ('2026-11-01'); from the keyboard, Arrow Down opens it with today (or the
 * chosen day) focused, the arrows move, Enter picks.
 */
export function DayField({ inputId, value, onChange, invalid = false, describedBy }: DayFieldProps) {
  const calendar = useRef<Calendar>(null);

  // PrimeReact moves focus from the field into the calendar's days, but the field's blur re-renders the
  // calendar and its days are drawn anew (a new key on every render): focus fell to the page, and a keyboard
  // could not pick a day. Once drawn again, the same day takes the focus back.
  const keepDayFocused = (event: FocusEvent<HTMLInputElement>) => {
    const day = event.relatedTarget instanceof HTMLElement ? event.relatedTarget.closest('td') : null;
    const label = day?.getAttribute('aria-label');
    if (!label) return;
    requestAnimationFrame(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      const again = calendar.current
        ?.getOverlay()
        ?.querySelector<HTMLElement>(`td[aria-label="${label}"] > span:not([data-p-disabled="true"])`);
      if (again) {
        again.tabIndex = 0;
        again.focus();
      }
    });
  };

  return (
    <Calendar
      ref={calendar}
      inputId={inputId}
      value={value}
      onChange={(event) => onChange(event.value ?? null)}
      onBlur={keepDayFocused}
      dateFormat="yy-mm-dd"
      {...TYPED_ON_A_PHONE}
      showIcon
      showButtonBar
      showOnFocus={false}
      placeholder="yyyy-mm-dd"
      invalid={invalid}
      aria-describedby={describedBy}
    />
  );
}
