import { errorMessageOf, isRetryable } from '../http-client';
import { homePathFor } from '../landing-path';
import { navigateTo } from '../navigation';
import { currentUserDetails } from '../session-store';
import { ThemedButton } from '../themed-controls';
import styles from './load-failed.module.css';

export interface LoadFailedProps {
  /** What could not be loaded, e.g. "The dashboard could not be loaded." */
  message: string;
  onRetry(): void;
  /**
   * What the load failed with. A refusal that asking again cannot change (403, 404 ...) gets no Retry: the
   * server's reason is said here and Go Home is offered instead.
   */
  error?: unknown;
}

/**
 * The error state of a section or card: says what failed and offers Retry when another try can succeed (a
 * network error, a timeout, a 5xx; the toast has said why). A final refusal says why and where to go instead.
 */
export function LoadFailed({ message, onRetry, error }: LoadFailedProps) {
  if (error === undefined || isRetryable(error)) {
    return (
      <div role="alert" className={styles.failed}>
        <p>{message}</p>
        <ThemedButton label="Retry" icon="pi pi-refresh" onClick={onRetry} />
      </div>
    );
  }
  const details = currentUserDetails();
  const home = details ? homePathFor(details) : null;
  const here = typeof window === 'undefined' ? '' : window.location.pathname;
  return (
    <div role="alert" className={styles.failed}>
      <p>
        {message} {errorMessageOf(error)}
      </p>
      {home && home !== here ? (
        <ThemedButton label="Go Home" icon="pi pi-home" onClick={() => navigateTo(home)} />
      ) : null}
    </div>
  );
}
