import { Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import type {
  AffiliateLedgerOrder,
  AffiliatePayout,
  AffiliatePayoutExplanation,
  AffiliatePayoutsResponse,
} from '@portal/contracts/affiliate-payouts';
import { AFFILIATE_PAYOUT_STATUS_LABEL } from '@portal/contracts/affiliate-payouts';
import {
  DashboardPanel,
  DataTable,
  LoadFailed,
  LoadingSpinner,
  Pager,
  StatCard,
  StatCards,
  StatusBadge,
  WholeTokens,
  downloadReport,
  formatDate,
  formatNaira,
  preloadComponents,
  useLoad,
} from '@portal/shared-ui';
import type { DataColumn } from '@portal/shared-ui';
import { fetchAffiliatePayouts, requestRemittanceAdvice } from './payouts-api';
import styles from './payouts-page.module.css';

export const EXPLANATION_LABEL: Record<AffiliatePayoutExplanation['kind'], string> = {
  commission: 'Commission',
  holding: 'Holding',
  reversal: 'Reversal',
  clawback: 'Clawback',
  adjustment: 'Adjustment',
};

/** /affiliate/payouts (issue 28): the balances, each payout with its remittance advice, and why money moved. */
export default function PayoutsPage() {
  useEffect(() => {
    document.title = 'Payouts | Affiliate Portal';
  }, []);
  const [payoutsPage, setPayoutsPage] = useState(1);
  const [explanationsPage, setExplanationsPage] = useState(1);
  const loaded = useLoad(
    (signal) => {
      // The cards and tables load with the figures, not after them (issue 51: Lighthouse on a budget phone).
      preloadComponents('StatCards', 'DataTable', 'StatusBadge');
      return fetchAffiliatePayouts({ page: payoutsPage, explanationsPage }, signal);
    },
    [payoutsPage, explanationsPage],
    { keepPreviousData: true },
  );

  let content;
  if (loaded.data !== undefined && loaded.state !== 'error') {
    content = (
      <Payouts
        data={loaded.data}
        refreshing={loaded.state === 'loading'}
        onPayoutsPage={setPayoutsPage}
        onExplanationsPage={setExplanationsPage}
      />
    );
  } else if (loaded.state === 'error') {
    content = (
      <LoadFailed message="Your payouts could not be loaded." onRetry={loaded.reload} error={loaded.error} />
    );
  } else {
    content = <LoadingSpinner label="Loading payouts" />;
  }

  return (
    <section className={styles.page} aria-labelledby="payouts-title">
      <h1 id="payouts-title">Payouts</h1>
      {content}
    </section>
  );
}

/**
 * Below zero, Available is money owed (a clawback after payment): it is taken from commission still to come,
 * and no payout run pays it.
 */
export function availableHint(available: string): string {
  return Number(available) < 0
    ? `You owe ${formatNaira(-Number(available))}: it will be taken from your future commission`
    : 'Paid in the next payout run';
}

interface PayoutsProps {
  data: AffiliatePayoutsResponse;
  refreshing: boolean;
  onPayoutsPage(page: number): void;
  onExplanationsPage(page: number): void;
}

function Payouts({ data, refreshing, onPayoutsPage, onExplanationsPage }: PayoutsProps) {
  const { cards } = data;
  // Issue 51 (budget phones): the balances are drawn the moment the figures come; the two lists follow in a
  // render React may pause for the browser, so the cards do not wait for the ledger's rows.
  const lists = useDeferredValue<AffiliatePayoutsResponse | null>(data, null);
  return (
    <>
      {cards.heldForReview ? (
        <p className={styles.held} role="status">
          <i className="pi pi-shield" aria-hidden="true" />
          <span>
            <strong>Your payouts are held for review.</strong> Nothing is paid while we review your account;
            we will contact you if we need anything from you.
          </span>
        </p>
      ) : null}
      <StatCards label="Balances" busy={refreshing}>
        <StatCard label="Pending" value={formatNaira(cards.pending)} icon="pi pi-clock" tone="amber">
          <span className={styles.hint}>
            <WholeTokens
              text={
                cards.nextAvailableAt
                  ? `Next available on ${formatDate(cards.nextAvailableAt)}`
                  : 'Nothing on hold'
              }
            />
          </span>
        </StatCard>
        <StatCard label="Available" value={formatNaira(cards.available)} icon="pi pi-wallet" tone="green">
          <span className={styles.hint}>
            {cards.heldForReview && Number(cards.available) >= 0
              ? 'Held for review: paid when the review ends'
              : availableHint(cards.available)}
          </span>
        </StatCard>
        <StatCard label="In payout" value={formatNaira(cards.inPayout)} icon="pi pi-send" tone="blue">
          <span className={styles.hint}>On its way to your bank</span>
        </StatCard>
        <StatCard
          label="Paid this year"
          value={formatNaira(cards.paidThisYear)}
          icon="pi pi-check-circle"
          tone="violet"
        >
          <span className={styles.hint}>Sent to your bank since 1 January</span>
        </StatCard>
      </StatCards>

      <DashboardPanel id="payouts-list-title" title="Your payouts">
        {lists ? (
          <PayoutTable page={lists.payouts} refreshing={refreshing} onPage={onPayoutsPage} />
        ) : (
          <LoadingSpinner label="Loading your payouts" />
        )}
      </DashboardPanel>

      <DashboardPanel id="explanations-title" title="Holding, reversals and adjustments">
        {lists ? (
          <Explanations page={lists.explanations} refreshing={refreshing} onPage={onExplanationsPage} />
        ) : (
          <LoadingSpinner label="Loading the ledger" />
        )}
      </DashboardPanel>
    </>
  );
}

function AdviceButton({ line }: { line: AffiliatePayout }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadReport(await requestRemittanceAdvice(line.lineId));
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      label="Download advice"
      icon="pi pi-file-excel"
      outlined
      size="small"
      // The visible words first (WCAG 2.5.3), then which payout: every row has the same button.
      aria-label={`Download advice: ${formatNaira(line.net)} payout of ${formatDate(line.date)}`}
      onClick={() => void download()}
      loading={busy}
      disabled={busy}
    />
  );
}

function PayoutTable({
  page,
  refreshing,
  onPage,
}: {
  page: AffiliatePayoutsResponse['payouts'];
  refreshing: boolean;
  onPage(page: number): void;
}) {
  const columns = useMemo<DataColumn<AffiliatePayout>[]>(
    () => [
      { key: 'date', header: 'Date', render: (line) => formatDate(line.date) },
      { key: 'net', header: 'Amount', render: (line) => formatNaira(line.net), className: styles.money },
      { key: 'account', header: 'Account', render: (line) => line.account ?? '—' },
      {
        key: 'status',
        header: 'Status',
        render: (line) => (
          <>
            <StatusBadge status={AFFILIATE_PAYOUT_STATUS_LABEL[line.status]} />
            {line.reason ? <span className={styles.statusReason}>{line.reason}</span> : null}
          </>
        ),
        wrap: true,
      },
      {
        key: 'advice',
        header: 'Remittance advice',
        render: (line) => <AdviceButton line={line} />,
        actions: true,
      },
    ],
    [],
  );
  return (
    <Suspense fallback={<LoadingSpinner label="Loading payouts" />}>
      <DataTable
        caption="Your payouts"
        columns={columns}
        rows={page.results}
        rowKey={(line) => line.lineId}
        loading={refreshing}
        emptyMessage="No payouts yet. Once your available commission reaches the minimum, it is paid in the next payout run."
      />
      {page.totalCount > page.pageSize ? (
        <Pager
          page={page.pageNo}
          pageSize={page.pageSize}
          totalCount={page.totalCount}
          onPageChange={onPage}
          label="Payout pages"
          disabled={refreshing}
        />
      ) : null}
    </Suspense>
  );
}

function Explanations({
  page,
  refreshing,
  onPage,
}: {
  page: AffiliatePayoutsResponse['explanations'];
  refreshing: boolean;
  onPage(page: number): void;
}) {
  if (page.totalCount === 0)
    return (
      <p className={styles.muted}>
        Nothing waiting: your commission is in a payout or paid. Commission on an order is held for its return
        window before it becomes available.
      </p>
    );
  return (
    <>
      <p className={styles.muted}>
        Every order whose commission is not yet in a payout, with each change to it. Held amounts add up to
        Pending, the others to Available.
      </p>
      <ul className={styles.explanations} aria-label="Ledger by order" aria-busy={refreshing}>
        {page.results.map((order) => (
          <LedgerOrder key={order.orderCode} order={order} />
        ))}
      </ul>
      {page.totalCount > page.pageSize ? (
        <Suspense fallback={null}>
          <Pager
            page={page.pageNo}
            pageSize={page.pageSize}
            totalCount={page.totalCount}
            onPageChange={onPage}
            label="Explanation pages"
            disabled={refreshing}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** One order: its entries in the order they were written, then what the order adds to the balances. */
function LedgerOrder({ order }: { order: AffiliateLedgerOrder }) {
  return (
    <li className={styles.explanation}>
      <div className={styles.explanationHead}>
        <h3 className={styles.orderCode}>{`Order ${order.orderCode}`}</h3>
      </div>
      <ul className={styles.entries} aria-label={`Entries of order ${order.orderCode}`}>
        {order.entries.map((entry) => (
          <li key={entry.entryId} className={styles.entry} data-amount={entry.amount} data-held={entry.held}>
            <div className={styles.explanationHead}>
              <span className={`${styles.kind} ${styles[entry.kind]}`}>{EXPLANATION_LABEL[entry.kind]}</span>
              <span className={styles.amount}>{formatNaira(entry.amount)}</span>
            </div>
            <p className={styles.reason}>
              <WholeTokens text={entry.reason} />
            </p>
            <p className={styles.when}>
              <WholeTokens
                text={`${formatDate(entry.createdAt)} · ${
                  entry.held && entry.availableAt
                    ? `held until ${formatDate(entry.availableAt)}`
                    : 'counts in Available'
                }`}
              />
            </p>
          </li>
        ))}
      </ul>
      <div className={`${styles.explanationHead} ${styles.net}`}>
        <span>Net for this order</span>
        <span className={styles.amount}>{formatNaira(order.net)}</span>
      </div>
    </li>
  );
}
