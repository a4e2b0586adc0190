import { Suspense, lazy } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailed, LoadingSpinner, useLoad } from '@portal/shared-ui';
import { fetchAdminDashboard } from './dashboard-api';
import { growthText } from './growth-text';
import styles from './admin-dashboard-page.module.css';

// chart.js comes with the chart, after the cards: it loads on this page only.
const MonthlyChart = lazy(() => import('./monthly-chart'));

const AFFILIATES_PATH = '/admin/affiliates';
const count = new Intl.NumberFormat('en-NG');

/** admin-dashboard (spec §2): Total Affiliates, Total Orders, System Statistics, and a 12-month chart. */
export default function AdminDashboardPage() {
  const loaded = useLoad((signal) => fetchAdminDashboard(signal), []);
  const dashboard = loaded.state === 'ready' ? loaded.data : undefined;

  return (
    <section className={styles.page} aria-labelledby="admin-dashboard-title">
      <h1 id="admin-dashboard-title">Admin Dashboard</h1>
      {!dashboard ? (
        loaded.state === 'error' ? (
          <LoadFailed message="The dashboard could not be loaded." onRetry={loaded.reload} />
        ) : (
          <LoadingSpinner label="Loading dashboard" />
        )
      ) : (
        <>
          <ul className={styles.cards} aria-label="Totals">
            <li className={styles.card}>
              <span className={`${styles.cardIcon} ${styles.affiliates}`} aria-hidden="true">
                <i className="pi pi-users" />
              </span>
              <span className={styles.cardText}>
                <span className={styles.cardLabel}>Total Affiliates</span>
                <span className={styles.cardValue}>{count.format(dashboard.affiliates.totalAffiliates)}</span>
                <span
                  className={
                    dashboard.affiliates.monthlyGrowthPercent < 0 ? styles.growthDown : styles.growthUp
                  }
                >
                  {growthText(dashboard.affiliates.monthlyGrowthPercent)}
                </span>
              </span>
            </li>
            <li className={styles.card}>
              <span className={`${styles.cardIcon} ${styles.orders}`} aria-hidden="true">
                <i className="pi pi-shopping-cart" />
              </span>
              <span className={styles.cardText}>
                <span className={styles.cardLabel}>Total Orders</span>
                <span className={styles.cardValue}>{count.format(dashboard.orders.totalOrders)}</span>
              </span>
            </li>
          </ul>

          <div className={styles.panels}>
            <section className={styles.panel} aria-labelledby="system-statistics-title">
              <h2 id="system-statistics-title">System Statistics</h2>
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
            </section>

            <section className={styles.panel} aria-labelledby="monthly-activity-title">
              <h2 id="monthly-activity-title">Registrations and Orders, Last 12 Months</h2>
              <Suspense fallback={<LoadingSpinner label="Loading chart" />}>
                <MonthlyChart months={dashboard.monthlyActivity} />
              </Suspense>
            </section>
          </div>
        </>
      )}
    </section>
  );
}
