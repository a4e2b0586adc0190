import { Texts } from '@portal/contracts';
import type { BackofficeDashboard } from '@portal/contracts';
import {
  DashboardContent,
  DashboardPanel,
  DashboardPanels,
  RecentActivity,
  StatCard,
  StatCards,
  useLoad,
} from '@portal/shared-ui';
import type { StatTone } from '@portal/shared-ui';
import { fetchBackofficeDashboard } from './dashboard-api';
import styles from './backoffice-dashboard-page.module.css';

const USERS_PATH = '/backoffice/users';
/** Issue 50: the queue's ageing against its target, each card opening the queue. */
const KYC_QUEUE_PATH = '/backoffice/kyc';

interface ApplicationCard {
  label: string;
  value: (d: BackofficeDashboard) => number;
  status: 'pending' | 'active' | 'all';
  icon: string;
  tone: StatTone;
}

/** Spec §2: the cards lead to backoffice/users with status pending, active, all. */
const APPLICATION_CARDS: readonly ApplicationCard[] = [
  {
    label: 'Pending Applications',
    value: (d) => d.applications.pending,
    status: 'pending',
    icon: 'pi pi-clock',
    tone: 'amber',
  },
  {
    label: 'Active Affiliates',
    value: (d) => d.applications.active,
    status: 'active',
    icon: 'pi pi-check-circle',
    tone: 'green',
  },
  {
    label: 'Total Applications',
    value: (d) => d.applications.total,
    status: 'all',
    icon: 'pi pi-users',
    tone: 'blue',
  },
];

const count = new Intl.NumberFormat('en-NG');

export default function BackofficeDashboardPage() {
  const loaded = useLoad((signal) => fetchBackofficeDashboard(signal), []);

  return (
    <section className={styles.page} aria-labelledby="backoffice-dashboard-title">
      <h1 id="backoffice-dashboard-title">Backoffice Dashboard</h1>
      <DashboardContent loaded={loaded}>
        {(dashboard) => (
          <>
            <StatCards label="Applications">
              {APPLICATION_CARDS.map((card) => (
                <StatCard
                  key={card.status}
                  label={card.label}
                  value={count.format(card.value(dashboard))}
                  icon={card.icon}
                  tone={card.tone}
                  to={`${USERS_PATH}?status=${card.status}`}
                />
              ))}
            </StatCards>

            {dashboard.kycQueue ? (
              <StatCards label="KYC Queue">
                <StatCard
                  label="Waiting for Review"
                  value={count.format(dashboard.kycQueue.waiting)}
                  icon="pi pi-inbox"
                  tone="violet"
                  to={KYC_QUEUE_PATH}
                />
                <StatCard
                  label={`Over ${dashboard.kycQueue.targetHours} h Target`}
                  value={count.format(dashboard.kycQueue.overTarget)}
                  icon="pi pi-exclamation-triangle"
                  tone={dashboard.kycQueue.overTarget > 0 ? 'red' : 'green'}
                  to={`${KYC_QUEUE_PATH}?sort=age`}
                />
                <StatCard
                  label="Oldest Waiting"
                  value={`${count.format(dashboard.kycQueue.oldestHours)} h`}
                  icon="pi pi-hourglass"
                  tone={dashboard.kycQueue.oldestHours >= dashboard.kycQueue.targetHours ? 'red' : 'blue'}
                />
              </StatCards>
            ) : null}

            <DashboardPanels wide="second">
              <DashboardPanel id="system-overview-title" title="System Overview">
                <dl className={styles.overview}>
                  <div>
                    <dt>Total KYC Completed</dt>
                    <dd>{count.format(dashboard.systemOverview.totalUsers)}</dd>
                  </div>
                  <div>
                    <dt>Active Sessions</dt>
                    <dd>{count.format(dashboard.systemOverview.activeSessions)}</dd>
                  </div>
                  <div>
                    <dt>System Status</dt>
                    <dd className={styles.online}>
                      <span className={styles.onlineDot} aria-hidden="true" />
                      {Texts.systemStatusOnline}
                    </dd>
                  </div>
                </dl>
              </DashboardPanel>

              <DashboardPanel id="recent-activity-title" title="Recent Activity">
                <RecentActivity activities={dashboard.activities} />
              </DashboardPanel>
            </DashboardPanels>
          </>
        )}
      </DashboardContent>
    </section>
  );
}
