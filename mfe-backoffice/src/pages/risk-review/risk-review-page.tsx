import { useCallback, useEffect, useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { RiskCaseSummary } from '@portal/contracts';
import { PagedTable, formatDate, usePagedList } from '@portal/shared-ui';
import type { DataColumn } from '@portal/shared-ui';
import { CaseView, Severity } from './case-view';
import { fetchRiskCases } from './risk-api';
import { ageOf, kindLabel } from './risk-text';
import styles from './risk-review.module.css';

const NO_FILTERS = {};

/** `?case=` as a case id, null when absent, NaN when it names no case. */
function caseIdOf(value: string | null): number | null {
  if (value === null) return null;
  return /^[1-9]\d{0,14}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

function Queue() {
  const id = useId();
  const fetchPage = useCallback(
    ({ page }: { page: number }, signal: AbortSignal) => fetchRiskCases(page, signal),
    [],
  );
  const list = usePagedList<RiskCaseSummary, Record<string, string>>({
    fetchPage,
    pageSize: 25,
    defaultFilters: NO_FILTERS,
  });
  const columns = useMemo<DataColumn<RiskCaseSummary>[]>(
    () => [
      { key: 'severity', header: 'Severity', render: (c) => <Severity severity={c.severity} /> },
      { key: 'kind', header: 'Signal', render: (c) => kindLabel(c.kind), wrap: true },
      {
        key: 'affiliate',
        header: 'Affiliate',
        render: (c) => `${c.affiliateCode} ${c.affiliateName}`,
        wrap: true,
      },
      { key: 'summary', header: 'What was seen', render: (c) => c.summary, wrap: true },
      {
        key: 'others',
        header: 'Other signals',
        render: (c) => String(c.otherOpenCases),
        className: styles.number,
      },
      { key: 'opened', header: 'Opened', render: (c) => `${formatDate(c.openedAt)} (${ageOf(c.openedAt)})` },
      {
        key: 'open',
        header: 'Action',
        actions: true,
        render: (c) => (
          <Link
            to={{ pathname: '/backoffice/risk', search: `?case=${c.caseId}` }}
            className="p-button p-button-sm p-button-outlined p-component"
            aria-label={`Review case ${c.caseId}`}
          >
            <span className="p-button-label">Review</span>
          </Link>
        ),
      },
    ],
    [],
  );
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Open cases</h2>
      <p className={styles.hint}>
        Highest severity first, then the oldest. A signal is a reason to look, not a verdict.
      </p>
      <PagedTable
        list={list}
        caption="Open risk cases"
        columns={columns}
        rowKey={(c) => c.caseId}
        emptyMessage="No open risk cases."
        errorMessage="The risk cases could not be loaded."
        pagerLabel="Risk case pages"
      />
    </section>
  );
}

/**
 * backoffice/risk (issue 49): the risk review queue, for back office and admins (right risk_review); `?case=<id>`
 * shows one case. One route, so Back from a case returns to the queue page it came from.
 */
export default function RiskReviewPage() {
  const [params] = useSearchParams();
  const caseId = caseIdOf(params.get('case'));

  useEffect(() => {
    document.title = `${caseId !== null && !Number.isNaN(caseId) ? `Case #${caseId}` : 'Risk Review'} | Affiliate Portal`;
  }, [caseId]);

  return (
    <section className={styles.page}>
      {caseId === null ? (
        <>
          <h1 className={styles.title}>Risk Review</h1>
          <Queue />
        </>
      ) : Number.isNaN(caseId) ? (
        <>
          <Link to="/backoffice/risk" className={styles.back}>
            <i className="pi pi-arrow-left" aria-hidden="true" /> Back to the review queue
          </Link>
          <h1 className={styles.title}>Risk Review</h1>
          <p role="alert">Risk case not found.</p>
        </>
      ) : (
        <CaseView key={caseId} caseId={caseId} />
      )}
    </section>
  );
}
