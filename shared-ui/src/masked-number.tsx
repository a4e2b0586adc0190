import { useCallback, useState } from 'react';
import type { IdentityNumbersResponse } from '@portal/contracts';
import styles from './masked-number.module.css';

/**
 * Issue 29: BVN/NIN and account numbers arrive masked (`••••••••562`); Show asks the server for the clear
 * value (the affiliate's own pair; for staff one number per call and audit row, issue 48) and Hide masks them again. `resetKey` (e.g. the affiliate's id)
 * hides them when the screen moves on to someone else.
 */
export interface RevealedNumbers<Clear = IdentityNumbersResponse> {
  clear: Clear | null;
  loading: boolean;
  show(): Promise<void>;
  hide(): void;
}

export function useRevealedNumbers<Clear = IdentityNumbersResponse>(
  fetchClear: () => Promise<Clear>,
  resetKey: unknown,
  onShown?: () => void,
): RevealedNumbers<Clear> {
  const [clear, setClear] = useState<Clear | null>(null);
  const [loading, setLoading] = useState(false);
  const [shownFor, setShownFor] = useState(resetKey);
  if (shownFor !== resetKey) {
    setShownFor(resetKey);
    setClear(null);
    setLoading(false);
  }
  const show = useCallback(async () => {
    setLoading(true);
    try {
      setClear(await fetchClear());
      onShown?.();
    } catch {
      // The HTTP client has shown the server's message; the numbers stay masked.
    } finally {
      setLoading(false);
    }
  }, [fetchClear, onShown]);
  return { clear, loading, show, hide: () => setClear(null) };
}

export interface MaskedNumberProps {
  /** What the field is, for the button's accessible name: 'Show BVN', 'Hide Account Number'. */
  label: string;
  masked: string;
  /** The clear value once shown; null while masked. */
  clear: string | null;
  loading: boolean;
  onShow(): void;
  onHide(): void;
}

export function MaskedNumber({ label, masked, clear, loading, onShow, onHide }: MaskedNumberProps) {
  const lastDigits = masked.replace(/•/g, '');
  return (
    <span className={styles.value}>
      {clear !== null ? (
        <span className={styles.digits}>{clear}</span>
      ) : (
        <>
          <span className={styles.digits} aria-hidden="true">
            {masked}
          </span>
          <span className={styles.visuallyHidden}>
            {lastDigits ? `Hidden, ending in ${lastDigits}` : 'Hidden'}
          </span>
        </>
      )}
      {masked ? (
        <button
          type="button"
          className={styles.toggle}
          aria-label={`${clear !== null ? 'Hide' : 'Show'} ${label}`}
          disabled={loading}
          onClick={clear !== null ? onHide : onShow}
        >
          {clear !== null ? 'Hide' : loading ? 'Showing…' : 'Show'}
        </button>
      ) : null}
    </span>
  );
}
