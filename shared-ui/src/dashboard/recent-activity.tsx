import { WholeTokens } from '../whole-tokens';
import styles from './recent-activity.module.css';

export interface RecentActivityItem {
  title: string;
  description: string;
  activityOn: string;
}

/** Spec §2: activityOn 'Today' is shown blue, 'Yesterday' green, anything else grey. */
function tone(activityOn: string): 'today' | 'yesterday' | 'older' {
  const word = activityOn.trim().toLowerCase();
  return word === 'today' ? 'today' : word === 'yesterday' ? 'yesterday' : 'older';
}

/**
 * The Recent Activity list (spec §2, back office; issue 51: the admins who run payouts read their steps here too):
 * title, description (e-mail addresses and dates whole) and the day, toned Today/Yesterday/older.
 */
export function RecentActivity({ activities }: { activities: readonly RecentActivityItem[] }) {
  if (activities.length === 0) return <p className={styles.muted}>No recent activity.</p>;
  return (
    <ul className={styles.activities}>
      {activities.map((activity, index) => (
        <li key={`${index}-${activity.title}`} className={styles.activity}>
          <div>
            <div className={styles.activityTitle}>{activity.title}</div>
            <div className={styles.muted}>
              <WholeTokens text={activity.description} />
            </div>
          </div>
          <span className={`${styles.activityOn} ${styles[tone(activity.activityOn)]}`}>
            {activity.activityOn}
          </span>
        </li>
      ))}
    </ul>
  );
}
