import { ProgressSpinner } from 'primereact/progressspinner';

/** A centred spinner for a screen or section that is loading. */
export function LoadingSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ display: 'flex', justifyContent: 'center', padding: '3rem 1rem' }}
    >
      <ProgressSpinner style={{ width: '3rem', height: '3rem' }} strokeWidth="4" aria-label={label} />
    </div>
  );
}
