import { Suspense, lazy, useCallback, useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import type { PayoutRun, PayoutSettings } from '@portal/contracts';
import {
  LoadFailed,
  LoadingSpinner,
  PagedTable,
  StatusBadge,
  formatDate,
  formatNaira,
  useLoad,
  usePagedList,
} from '@portal/shared-ui';
import type { DataColumn } from '@portal/shared-ui';
import { RUNS_PAGE_SIZE, fetchPayoutRuns, fetchPayoutSettings } from './payouts-api';
import { PROVIDER_LABELS, RUN_STATUS_LABELS, percentText, runName } from './payout-text';
import styles from './payouts.module.css';

// The dialogs' code loads when one is first opened.
const SettingsDialog = lazy(() => import('./settings-dialog'));
const NewRunDialog = lazy(() => import('./new-run-dialog'));

const NO_FILTERS = {};
const count = new Intl.NumberFormat('en-NG');

/** Money in a cell or a sentence: one unbreakable figure. */
export function Naira({ amount }: { amount: string | null }) {
  return <span className={styles.money}>{amount === null ? '' : formatNaira(amount)}</span>;
}

/** A step of a run: its day, and beneath it who took it. */
function Step({ day, by }: { day: string | null; by: string | null }) {
  if (!day) return null;
  return (
    <span className={styles.stack}>
      <span>{formatDate(day)}</span>
      {by ? <span className={styles.sub}>{by}</span> : null}
    </span>
  );
}

/** Where a run is shown: this page with `?run=<id>` (the guard checks the path; Back returns to the list). */
export const runLink = (runId: number) => ({ pathname: '/admin/payouts', search: `?run=${runId}` });

/** The settings new runs use, and the button that changes them. */
function SettingsPanel() {
  const id = useId();
  const loaded = useLoad((signal) => fetchPayoutSettings(signal), []);
  const [saved, setSaved] = useState<PayoutSettings | null>(null);
  const [editing, setEditing] = useState(false);
  const settings = saved ?? loaded.data;

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <div className={styles.panelHeader}>
        <h2 id={`${id}-title`}>Settings</h2>
        {settings ? (
          <Button
            type="button"
            label="Change settings"
            icon="pi pi-cog"
            outlined
            onClick={() => setEditing(true)}
          />
        ) : null}
      </div>
      {loaded.state === 'error' && !settings ? (
        <LoadFailed
          message="The payout settings could not be loaded."
          onRetry={loaded.reload}
          error={loaded.error}
        />
      ) : !settings ? (
        <LoadingSpinner label="Loading the payout settings" />
      ) : (
        <dl className={styles.facts}>
          <div>
            <dt>Minimum payout</dt>
            <dd>
              <Naira amount={settings.minimumPayout} />
            </dd>
          </div>
          <div>
            <dt>Withholding</dt>
            <dd>{percentText(settings.withholdingPercent)}</dd>
          </div>
          <div>
            <dt>Paid by</dt>
            <dd>{PROVIDER_LABELS[settings.provider]}</dd>
          </div>
          <div>
            <dt>Last changed</dt>
            <dd>
              {settings.updatedAt
                ? `${formatDate(settings.updatedAt)}${settings.updatedBy ? ` by ${settings.updatedBy}` : ''}`
                : 'Default'}
            </dd>
          </div>
        </dl>
      )}
      {editing && settings ? (
        <Suspense fallback={<LoadingSpinner label="Loading the settings form" />}>
          <SettingsDialog
            settings={settings}
            onClose={() => setEditing(false)}
            onSaved={(next) => {
              setSaved(next);
              setEditing(false);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** The runs, newest first, paged in the address; 'New payout run' while no run is open. */
export function RunsList() {
  const id = useId();
  const navigate = useNavigate();
  const [openRunId, setOpenRunId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const fetchPage = useCallback(async ({ page }: { page: number }, signal: AbortSignal) => {
    const answer = await fetchPayoutRuns(page, signal);
    if (!signal.aborted) setOpenRunId(answer.openRunId);
    return answer;
  }, []);
  const list = usePagedList<PayoutRun, Record<string, string>>({
    fetchPage,
    pageSize: RUNS_PAGE_SIZE,
    defaultFilters: NO_FILTERS,
  });

  const columns = useMemo<DataColumn<PayoutRun>[]>(
    () => [
      { key: 'run', header: 'Run', render: (r) => `#${r.runId}` },
      { key: 'cutoff', header: 'Cutoff', render: (r) => formatDate(r.cutoff) },
      {
        key: 'status',
        header: 'Status',
        render: (r) => <StatusBadge status={RUN_STATUS_LABELS[r.status]} />,
      },
      {
        key: 'count',
        header: 'Affiliates',
        render: (r) => count.format(r.totals.count),
        className: styles.number,
      },
      { key: 'net', header: 'Net', render: (r) => <Naira amount={r.totals.net} />, className: styles.number },
      { key: 'provider', header: 'Paid by', render: (r) => PROVIDER_LABELS[r.provider] },
      // Issue 51: twelve columns hid Completed under the Action column at 1366 px. Each step's day with its
      // person beneath it: nine columns, all in view at 1280 px with the sidebar open.
      { key: 'createdAt', header: 'Created', render: (r) => <Step day={r.createdAt} by={r.createdBy} /> },
      { key: 'decidedAt', header: 'Decided', render: (r) => <Step day={r.decidedAt} by={r.decidedBy} /> },
      { key: 'completedAt', header: 'Completed', render: (r) => formatDate(r.completedAt) },
      {
        key: 'open',
        header: 'Action',
        actions: true,
        render: (r) => (
          <Link
            to={runLink(r.runId)}
            className="p-button p-button-sm p-button-outlined p-component"
            aria-label={`Open ${runName(r.runId)}`}
          >
            <span className="p-button-label">Open</span>
          </Link>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <SettingsPanel />
      <section className={styles.panel} aria-labelledby={`${id}-title`}>
        <div className={styles.panelHeader}>
          <h2 id={`${id}-title`}>Payout runs</h2>
          <Button
            type="button"
            label="New payout run"
            icon="pi pi-plus"
            onClick={() => setCreating(true)}
            disabled={openRunId !== null || list.state !== 'ready'}
            aria-describedby={openRunId !== null ? `${id}-open` : undefined}
          />
        </div>
        {openRunId !== null ? (
          <p id={`${id}-open`} className={styles.hint}>
            {`${runName(openRunId)} is still open: complete or reject it before creating another. `}
            <Link to={runLink(openRunId)}>{`Open ${runName(openRunId)}`}</Link>
          </p>
        ) : null}
        <PagedTable
          list={list}
          caption="Payout runs"
          columns={columns}
          rowKey={(r) => r.runId}
          emptyMessage="No payout runs yet."
          errorMessage="The payout runs could not be loaded."
          pagerLabel="Payout run pages"
        />
      </section>
      {creating ? (
        <Suspense fallback={<LoadingSpinner label="Loading the new run form" />}>
          <NewRunDialog
            onClose={() => setCreating(false)}
            onCreated={(run) => {
              setCreating(false);
              navigate(runLink(run.runId));
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
