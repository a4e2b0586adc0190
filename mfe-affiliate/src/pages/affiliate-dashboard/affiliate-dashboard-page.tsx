import { Suspense, useEffect } from 'react';
import 'quill/dist/quill.core.css';
import type { AffiliateDashboard } from '@portal/contracts';
import {
  BarChart,
  DashboardContent,
  DashboardPanel,
  DashboardPanels,
  LoadingSpinner,
  StatCard,
  StatCards,
  formatMonth,
  formatNaira,
  useLoad,
} from '@portal/shared-ui';
import { CommissionStatement } from './commission-statement';
import { fetchAffiliateDashboard } from './dashboard-api';
import styles from './affiliate-dashboard-page.module.css';

const count = new Intl.NumberFormat('en-NG');
/** The chart's axis: ₦20K rather than ₦20,000.00, so it fits beside the bars on a phone. */
const compactNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  notation: 'compact',
});

/** A new affiliate: no order has arrived for its network yet. */
function hasNoOrders(dashboard: AffiliateDashboard): boolean {
  return (
    dashboard.orders.completeClosedOrders + dashboard.orders.pendingProcessingOrders === 0 &&
    Number(dashboard.commission.projectedCommission) === 0 &&
    dashboard.commissionByMonth.every((m) => Number(m.projectedCommission) === 0)
  );
}

const MONEY_CARDS = [
  {
    key: 'qualifiedOrdersMTD',
    label: 'Qualified Orders (MTD)',
    icon: 'pi-check-circle',
    tone: 'green',
    hint: 'Closed/completed orders this month',
  },
  {
    key: 'projectedCommission',
    label: 'Projected Commission',
    icon: 'pi-chart-line',
    tone: 'blue',
    hint: 'All order statuses',
  },
  {
    key: 'qualifiedCommission',
    label: 'Qualified Commission',
    icon: 'pi-wallet',
    tone: 'green',
    hint: 'Qualified orders only',
  },
  {
    key: 'monthlyCommission',
    label: 'Monthly Commission',
    icon: 'pi-calendar',
    tone: 'amber',
    hint: "This month's earnings",
  },
] as const;

/** affiliate-dashboard (spec §2 Affiliate dashboard): welcome, notice, commission cards, orders, chart, statement. */
export default function AffiliateDashboardPage() {
  useEffect(() => {
    document.title = 'Affiliate Dashboard | Affiliate Portal';
  }, []);
  const loaded = useLoad((signal) => fetchAffiliateDashboard(signal), []);

  return (
    <section className={styles.page} aria-labelledby="affiliate-dashboard-title">
      <h1 id="affiliate-dashboard-title">Affiliate Dashboard</h1>
      <DashboardContent loaded={loaded}>
        {(dashboard) => <Dashboard dashboard={dashboard} />}
      </DashboardContent>
    </section>
  );
}

function Dashboard({ dashboard }: { dashboard: AffiliateDashboard }) {
  const empty = hasNoOrders(dashboard);
  return (
    <>
      <div className={styles.welcome}>
        <p className={styles.welcomeName}>Welcome, {dashboard.affiliateName}</p>
        <p data-testid="affiliate-id">
          ID: {dashboard.affiliateId} ({dashboard.kycStatus})
        </p>
        <p>
          Need help? Email our help desk at{' '}
          <a href={`mailto:${dashboard.helpDeskEmail}`}>{dashboard.helpDeskEmail}</a>
        </p>
      </div>

      {dashboard.notice ? (
        <section className={styles.notice} aria-labelledby="notice-title">
          <h2 id="notice-title">
            <i className="pi pi-megaphone" aria-hidden="true" /> {dashboard.notice.title}
          </h2>
          {/* The gateway keeps only the HTML Quill's toolbar makes (modules/notifications/notification-html.ts),
              on save and again when it serves the notice: no script, handler, link, image or URL reaches here. */}
          <div
            className={`ql-editor ${styles.noticeText}`}
            data-testid="notice-text"
            dangerouslySetInnerHTML={{ __html: dashboard.notice.description }}
          />
        </section>
      ) : (
        <p className={styles.muted}>No notices at the moment.</p>
      )}

      <StatCards label="Commission">
        {MONEY_CARDS.map((card) => (
          <StatCard
            key={card.key}
            label={card.label}
            value={formatNaira(dashboard.commission[card.key])}
            icon={`pi ${card.icon}`}
            tone={card.tone}
          >
            <span className={styles.cardHint}>{card.hint}</span>
          </StatCard>
        ))}
        <StatCard
          label="Total Orders"
          value={count.format(
            dashboard.orders.completeClosedOrders + dashboard.orders.pendingProcessingOrders,
          )}
          icon="pi pi-shopping-cart"
          tone="violet"
        >
          <dl className={styles.orderCounts}>
            <div>
              <dt>Complete/Closed</dt>
              <dd>{count.format(dashboard.orders.completeClosedOrders)}</dd>
            </div>
            <div>
              <dt>Pending/Processing</dt>
              <dd>{count.format(dashboard.orders.pendingProcessingOrders)}</dd>
            </div>
          </dl>
        </StatCard>
      </StatCards>

      <DashboardPanels wide="first">
        <DashboardPanel id="commission-months-title" title="Commission, Last 12 Months">
          {empty ? (
            <p className={styles.muted}>
              No orders yet. Your commission will show here once your retailers&apos; orders arrive.
            </p>
          ) : (
            <Suspense fallback={<LoadingSpinner label="Loading chart" />}>
              <div className={styles.charts}>
                <BarChart
                  title="Qualified commission per month"
                  tone="green"
                  formatValue={formatNaira}
                  formatAxis={(value) => compactNaira.format(value)}
                  data={dashboard.commissionByMonth.map((m) => ({
                    label: formatMonth(m.month),
                    value: Number(m.qualifiedCommission),
                  }))}
                />
                <BarChart
                  title="Projected commission per month"
                  formatValue={formatNaira}
                  formatAxis={(value) => compactNaira.format(value)}
                  data={dashboard.commissionByMonth.map((m) => ({
                    label: formatMonth(m.month),
                    value: Number(m.projectedCommission),
                  }))}
                />
              </div>
            </Suspense>
          )}
        </DashboardPanel>
        <DashboardPanel id="statement-title" title="Monthly Commission Statement">
          <p className={styles.muted}>Your orders of the month with the commission each earned, as Excel.</p>
          <CommissionStatement months={dashboard.commissionByMonth.map((m) => m.month)} />
        </DashboardPanel>
      </DashboardPanels>
    </>
  );
}
