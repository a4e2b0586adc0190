import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './stat-cards.module.css';

export type StatTone = 'blue' | 'green' | 'amber' | 'red' | 'violet';

export interface StatCardProps {
  label: string;
  /** Already formatted: a count, naira, a percentage. */
  value: string;
  /** A PrimeIcons class, e.g. 'pi pi-users'. */
  icon: string;
  tone?: StatTone;
  /** When set, the whole card is a link there (the back office's cards open the filtered list). */
  to?: string;
  /** Under the value: a trend ('12.5% up from last month') or a breakdown. */
  children?: ReactNode;
}

/** One figure of a dashboard or a list's summary: icon, label, value. */
export function StatCard({ label, value, icon, tone = 'blue', to, children }: StatCardProps) {
  const body = (
    <>
      <span className={`${styles.icon} ${styles[tone]}`} aria-hidden="true">
        <i className={icon} />
      </span>
      <span className={styles.text}>
        <span className={styles.label}>{label}</span>
        <span className={styles.value} style={{ '--chars': value.length } as CSSProperties}>
          {value}
        </span>
        {children}
      </span>
    </>
  );
  return (
    <li className={styles.item}>
      {to ? (
        <Link to={to} className={`${styles.card} ${styles.link}`}>
          {body}
        </Link>
      ) : (
        <div className={styles.card}>{body}</div>
      )}
    </li>
  );
}

export interface StatCardsProps {
  /** Names the list for screen readers ('Totals', 'Order summary'). */
  label: string;
  /** While the figures are being refreshed. */
  busy?: boolean;
  children: ReactNode;
}

/** The row of cards: as many columns as fit, one under the other on a phone. */
export function StatCards({ label, busy, children }: StatCardsProps) {
  return (
    <ul className={styles.cards} aria-label={label} aria-busy={busy}>
      {children}
    </ul>
  );
}
