import { useEffect, useState } from 'react';

/** Search boxes wait this long after the last keystroke before asking the server (spec §9). */
export const SEARCH_DEBOUNCE_MS = 500;

/** `value`, updated only once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
