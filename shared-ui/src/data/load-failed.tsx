import { ThemedButton } from '../themed-controls';
import styles from './load-failed.module.css';

export interface LoadFailedProps {
  /** What could not be loaded, e.g. "The dashboard could not be loaded." */
  message: string;
  onRetry(): void;
}

/** The error state of a section or card: says what failed and offers Retry (the toast has said why). */
export function LoadFailed({ message, onRetry }: LoadFailedProps) {
  return (
    <div role="alert" className={styles.failed}>
      <p>{message}</p>
      <ThemedButton label="Retry" icon="pi pi-refresh" onClick={onRetry} />
    </div>
  );
}
