import styles from './loading-spinner.module.css';

/**
 * A centred spinner for a screen or section that is loading. Drawn with CSS rather than PrimeReact's
 * ProgressSpinner: it shows on the sign-in page, which must not load PrimeReact's core (bundle budget).
 */
export function LoadingSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className={styles.status}>
      <span className={styles.spinner} role="progressbar" aria-label={label} aria-busy="true" />
    </div>
  );
}
