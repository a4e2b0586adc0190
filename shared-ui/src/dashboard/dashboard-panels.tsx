import type { ReactNode } from 'react';
import { LoadFailed } from '../data/load-failed';
import type { Loaded } from '../data/use-load';
import { LoadingSpinner } from '../loading-spinner';
import styles from './dashboard-panels.module.css';

export interface DashboardContentProps<T> {
  /** What `useLoad` answered for the dashboard's figures. */
  loaded: Loaded<T>;
  /** The dashboard once its figures are here (cards, panels). */
  children(data: T): ReactNode;
}

/**
 * The three states of a dashboard, each distinct: a spinner while the figures load, an error with Retry
 * (the HTTP client's toast has said why), then the dashboard drawn from the figures.
 */
export function DashboardContent<T>({ loaded, children }: DashboardContentProps<T>) {
  if (loaded.state === 'ready' && loaded.data !== undefined) return <>{children(loaded.data)}</>;
  if (loaded.state === 'error')
    return (
      <LoadFailed message="The dashboard could not be loaded." onRetry={loaded.reload} error={loaded.error} />
    );
  return <LoadingSpinner label="Loading dashboard" />;
}

export interface DashboardPanelsProps {
  /** Which of the two panels takes two thirds of the width beside the other (one column on a phone). */
  wide: 'first' | 'second';
  children: ReactNode;
}

/** The row of two panels under a dashboard's cards. */
export function DashboardPanels({ wide, children }: DashboardPanelsProps) {
  return (
    <div className={`${styles.panels} ${wide === 'first' ? styles.firstWide : styles.secondWide}`}>
      {children}
    </div>
  );
}

export interface DashboardPanelProps {
  /** The heading's id, which names the panel's region for screen readers. */
  id: string;
  title: ReactNode;
  children: ReactNode;
}

/** One panel: a titled region (h2) in a card. */
export function DashboardPanel({ id, title, children }: DashboardPanelProps) {
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
