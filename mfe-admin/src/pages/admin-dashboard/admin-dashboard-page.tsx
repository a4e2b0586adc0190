import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import {
  BarChart,
  DashboardContent,
  DashboardPanel,
  DashboardPanels,
  RecentActivity,
  LoadingSpinner,
  StatCard,
  StatCards,
  formatMonth,
  useLoad,
} from '@portal/shared-ui';
import { fetchAdminDashboard } from './dashboard-api';
import { growthText } from './growth-text';
import styles from './admin-dashboard-page.module.css';

const AFFILIATES_PATH = '/admin/affiliates';
const count = new Intl.NumberFormat('en-NG');

/** admin-dashboard (spec §2): Total Affiliates, Total Orders, System Statistics, and a 12-month chart. */
export default function AdminDashboardPage() {
  const loaded = useLoad((signal) => fetchAdminDashboard(signal), []);

  return (
    <section className={styles.page} aria-labelledby="admin-dashboard-title">
      <h1 id="admin-dashboard-title">Admin Dashboard</h1>
      <DashboardContent loaded={loaded}>
        {(dashboard) => (
          <>
            <StatCards label="Totals">
              <StatCard
                label="Total Affiliates"
                value={count.format(dashboard.affiliates.totalAffiliates)}
                icon="pi pi-users"
              >
                <span
                  className={
                    dashboard.affiliates.monthlyGrowthPercent < 0 ? styles.growthDown : styles.growthUp
                  }
                >
                  {growthText(dashboard.affiliates.monthlyGrowthPercent)}
                </span>
              </StatCard>
              <StatCard
                label="Total Orders"
                value={count.format(dashboard.orders.totalOrders)}
                icon="pi pi-shopping-cart"
                tone="green"
              />
            </StatCards>

            <DashboardPanels wide="second">
              <DashboardPanel id="system-statistics-title" title="System Statistics">
                <dl className={styles.statistics}>
                  <div>
                    <dt>
                      <Link to={`${AFFILIATES_PATH}?status=active`}>Active Affiliates</Link>
                    </dt>
                    <dd>{count.format(dashboard.systemStatistics.activeAffiliates)}</dd>
                  </div>
                  <div>
                    <dt>
                      <Link to={`${AFFILIATES_PATH}?status=pending`}>Pending Applications</Link>
                    </dt>
                    <dd>{count.format(dashboard.systemStatistics.pendingApplications)}</dd>
                  </div>
                  <div>
                    <dt>Total Retailers</dt>
                    <dd>{count.format(dashboard.systemStatistics.totalRetailers)}</dd>
                  </div>
                </dl>
              </DashboardPanel>

              <DashboardPanel id="monthly-activity-title" title="Registrations and Orders, Last 12 Months">
                {/* Two charts, each on its own scale: orders are hundreds of times more than registrations. */}
                <Suspense fallback={<LoadingSpinner label="Loading chart" />}>
                  <div className={styles.charts}>
                    <BarChart
                      title="Registrations per month"
                      data={dashboard.monthlyActivity.map((m) => ({
                        label: formatMonth(m.month),
                        value: m.registrations,
                      }))}
                    />
                    <BarChart
                      title="Orders per month"
                      tone="green"
                      data={dashboard.monthlyActivity.map((m) => ({
                        label: formatMonth(m.month),
                        value: m.orders,
                      }))}
                    />
                  </div>
                </Suspense>
              </DashboardPanel>
            </DashboardPanels>

            <DashboardPanel id="recent-activity-title" title="Recent Activity">
              <RecentActivity activities={dashboard.activities} />
            </DashboardPanel>
          </>
        )}
      </DashboardContent>
    </section>
  );
}
