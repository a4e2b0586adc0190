import { useId } from 'react';
import type { AffiliateHistoryEntry } from '@portal/contracts';
import { formatDate, formatTime } from '../format';
import styles from './affiliate-list.module.css';

/** HH:mm in business time, beside the day formatDate shows. */
const timeOf = (value: string) => formatTime(value).slice(0, 5);

/** Every decision on the affiliate, newest first: who, when, from, to, remark. */
export function AffiliateHistory({ entries }: { entries: readonly AffiliateHistoryEntry[] }) {
  const headingId = useId();
  return (
    <section className={styles.history} aria-label="History">
      <h3 id={headingId}>History</h3>
      {entries.length === 0 ? (
        <p className={styles.muted}>No decisions yet.</p>
      ) : (
        // A long history scrolls inside its 12rem box: focusable, so a keyboard can scroll it too (WCAG 2.1.1).
        <ol tabIndex={0} aria-labelledby={headingId}>
          {entries.map((entry) => (
            <li key={entry.auditID}>
              <div className={styles.historyHead}>
                <strong>{entry.title}</strong>
                {entry.fromStatus && entry.toStatus ? (
                  <span>
                    {entry.fromStatus} → {entry.toStatus}
                  </span>
                ) : null}
              </div>
              <div className={styles.muted}>
                <time dateTime={entry.createdOn}>
                  {formatDate(entry.createdOn)} {timeOf(entry.createdOn)}
                </time>
                {entry.actorName
                  ? ` · ${entry.actorName}${entry.actorRole ? ` (${entry.actorRole})` : ''}`
                  : ''}
              </div>
              {entry.remark ? <div className={styles.historyRemark}>“{entry.remark}”</div> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
