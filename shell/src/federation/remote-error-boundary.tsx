import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Texts } from '@portal/contracts/web';
// Every section draws this boundary, the sign-in page too: no PrimeReact component here (bundle budget).
import { ThemedButton } from '@portal/shared-ui';
import { describeRemoteFailure } from './remote-failure';
import styles from './remote-error-boundary.module.css';

interface Props {
  /** Names the section in the console, for whoever investigates. */
  remote: string;
  /** Forget the failed remote and load it again. */
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
  /** Why, when it is something to tell (a remote and a shell of versions that do not fit together). */
  reason?: string;
}

/**
 * One per remote page: a remote that cannot be loaded or throws while rendering shows this in the layout's
 * content area, while the sidebar, top bar and every other section keep working.
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, reason: describeRemoteFailure(error) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[federation] ${this.props.remote} failed`, error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ failed: false, reason: undefined });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section role="alert" className={styles.unavailable}>
        <i className={`pi pi-exclamation-triangle ${styles.icon}`} aria-hidden="true" />
        <p className={styles.message}>{Texts.sectionUnavailable}</p>
        {this.state.reason && <p className={styles.reason}>{this.state.reason}</p>}
        <ThemedButton label="Retry" icon="pi pi-refresh" onClick={this.retry} />
      </section>
    );
  }
}
