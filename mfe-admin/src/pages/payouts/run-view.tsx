import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { PayoutMessages } from '@portal/contracts';
import type { PayoutLine, PayoutRun, PayoutRunDetail } from '@portal/contracts';
import {
  ConfirmDialog,
  DataTable,
  LoadFailed,
  LoadingSpinner,
  Pager,
  StatCard,
  StatCards,
  StatusBadge,
  downloadReport,
  formatDate,
  formatNaira,
  formatTime,
  notify,
  useLoad,
} from '@portal/shared-ui';
import type { DataColumn, Loaded } from '@portal/shared-ui';
import { BankResultUpload } from './bank-result-upload';
import {
  LINES_PAGE_SIZE,
  approvePayoutRun,
  bankFileLink,
  discardPayoutRun,
  excludePayoutLine,
  includePayoutLine,
  letGoPayoutLine,
  executePayoutRun,
  fetchPayoutRun,
  markPayoutLine,
  rejectPayoutRun,
  submitPayoutRun,
} from './payouts-api';
import type { LineKind } from './payouts-api';
import { LINE_STATUS_LABELS, PROVIDER_LABELS, RUN_STATUS_LABELS, percentText, runName } from './payout-text';
import { Naira } from './runs-list';
import styles from './payouts.module.css';

const ReasonDialog = lazy(() => import('./reason-dialog'));

/**
 * A Paystack run being paid is asked again this often, so each line's status follows the webhooks without a
 * reload (issue 51: the admin who pressed Pay now watches the lines arrive).
 */
export const PAYING_REFRESH_MS = 5_000;

const count = new Intl.NumberFormat('en-NG');
const when = (value: string | null) => (value ? `${formatDate(value)} ${formatTime(value)}` : '');

/** The question open over the run: one at a time. */
type Asking =
  | { kind: 'approve' }
  | { kind: 'reject' }
  | { kind: 'execute' }
  | { kind: 'discard' }
  | { kind: 'exclude'; line: PayoutLine }
  | { kind: 'mark'; line: PayoutLine; status: 'paid' | 'failed' };

function useLines(runId: number, kind: LineKind) {
  const [page, setPage] = useState(1);
  const loaded = useLoad((signal) => fetchPayoutRun(runId, { kind, page }, signal), [runId, kind, page], {
    keepPreviousData: true,
  });
  return { page, setPage, loaded };
}

interface LinesSectionProps {
  title: string;
  /** The heading's count, from the answer: by default every line of the kind. */
  heading?: (detail: PayoutRunDetail) => string;
  caption: string;
  lines: { page: number; setPage(page: number): void; loaded: Loaded<PayoutRunDetail> };
  columns: DataColumn<PayoutLine>[];
  emptyMessage: string;
  errorMessage: string;
}

/** One kind of line in its own table and pager; loading, empty and failed look different. */
function LinesSection({
  title,
  heading,
  caption,
  lines,
  columns,
  emptyMessage,
  errorMessage,
}: LinesSectionProps) {
  const id = useId();
  const { loaded } = lines;
  const failed = loaded.state === 'error';
  const total = loaded.data?.lines.totalCount ?? 0;
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {loaded.data ? (heading ? heading(loaded.data) : `${title} (${count.format(total)})`) : title}
      </h2>
      <DataTable
        columns={columns}
        rows={failed ? [] : (loaded.data?.lines.results ?? [])}
        rowKey={(line) => line.lineId}
        caption={caption}
        loading={loaded.state === 'loading'}
        emptyMessage={emptyMessage}
        errorMessage={failed ? errorMessage : undefined}
        onRetry={loaded.reload}
        error={loaded.error}
      />
      {!failed && total > 0 ? (
        <Pager
          page={lines.page}
          pageSize={LINES_PAGE_SIZE}
          totalCount={total}
          onPageChange={lines.setPage}
          label={`${caption} pages`}
          disabled={loaded.state === 'loading'}
        />
      ) : null}
    </section>
  );
}

/**
 * 'Eligible (2 to pay, 1 not paid)': the first figure is the Affiliates to pay card's, and the two add up to the
 * lines listed (an excluded, failed or cancelled line is listed and not paid).
 */
export function eligibleHeading({ run, lines }: PayoutRunDetail): string {
  const toPay = run.totals.count;
  const notPaid = lines.totalCount - toPay;
  return `Eligible (${count.format(toPay)} to pay${notPaid > 0 ? `, ${count.format(notPaid)} not paid` : ''})`;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What happens next, for the admin looking at the run. */
function nextStep(run: PayoutRun): string {
  switch (run.status) {
    case 'draft':
      return run.createdByMe
        ? 'Check the lines, exclude any that must not be paid, then submit the run for approval. A draft holds ' +
            'nothing: submitting brings each line up to the commission and standing of that moment (with tens ' +
            'of thousands of affiliates, that takes up to a minute).'
        : `${PayoutMessages.onlyCreatorSubmits} A draft left behind can be discarded.`;
    case 'submitted':
      return run.createdByMe
        ? PayoutMessages.creatorCannotApprove
        : 'Waiting for approval: approve the run, or reject it with a remark.';
    case 'approved':
      return run.provider === 'paystack' ? 'Approved. Choose Pay now to send the transfers.' : 'Approved.';
    case 'executing':
      return run.provider === 'bank-file'
        ? 'Download the bank file for the bank, then upload the bank’s result or mark each line by hand.'
        : 'The transfers are being sent; each line follows the provider’s answers.';
    case 'rejected':
      return 'Rejected: its lines are cancelled and their commission is available again.';
    case 'completed':
      return 'Completed: every line has its result.';
  }
}

/**
 * One payout run (issue 28): what it is and who did what, its totals, the step it waits for and the buttons
 * for it, its eligible lines (with Exclude while a draft, Mark paid/failed while a bank-file run is paid) and
 * its ineligible affiliates with the reason.
 */
export function RunView({ runId }: { runId: number }) {
  const id = useId();
  const eligible = useLines(runId, 'eligible');
  const ineligible = useLines(runId, 'ineligible');
  const reloadEligible = eligible.loaded.reload;
  const reloadIneligible = ineligible.loaded.reload;
  const refresh = useCallback(() => {
    reloadEligible();
    reloadIneligible();
  }, [reloadEligible, reloadIneligible]);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [busy, setBusy] = useState<'submit' | 'execute' | 'bank-file' | 'discard' | null>(null);
  const navigate = useNavigate();
  const [resultUploaded, setResultUploaded] = useState(false);

  // The newest answer's run (either table's call carries it).
  const run = eligible.loaded.data?.run ?? ineligible.loaded.data?.run;
  const paying = run?.status === 'executing' && run.provider === 'paystack';

  useEffect(() => {
    if (!paying) return undefined;
    const timer = setInterval(refresh, PAYING_REFRESH_MS);
    return () => clearInterval(timer);
  }, [paying, refresh]);

  const done = (message: string) => {
    notify.success(message);
    setAsking(null);
    refresh();
  };

  const submit = async () => {
    setBusy('submit');
    try {
      done((await submitPayoutRun(runId)).message);
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };

  const discard = async () => {
    setBusy('discard');
    try {
      notify.success((await discardPayoutRun(runId)).message);
      navigate('/admin/payouts');
    } catch {
      // The HTTP client has shown the server's message (the run moved on): show it as it is now.
      setAsking(null);
      refresh();
    } finally {
      setBusy(null);
    }
  };

  // A line's own one-click step (let go, include again): the line it is for, while it is asked.
  const [lineBusy, setLineBusy] = useState<number | null>(null);
  const lineStep = useCallback(
    async (line: PayoutLine, step: (runId: number, lineId: number) => Promise<{ message: string }>) => {
      setLineBusy(line.lineId);
      try {
        notify.success((await step(runId, line.lineId)).message);
      } catch {
        // The HTTP client has shown the server's message (the case closed, or another admin decided first).
      } finally {
        setLineBusy(null);
        refresh();
      }
    },
    [runId, refresh],
  );
  const letGo = useCallback((line: PayoutLine) => lineStep(line, letGoPayoutLine), [lineStep]);
  const include = useCallback((line: PayoutLine) => lineStep(line, includePayoutLine), [lineStep]);

  const execute = async () => {
    setBusy('execute');
    try {
      done((await executePayoutRun(runId)).message);
    } catch {
      setAsking(null);
      refresh();
    } finally {
      setBusy(null);
    }
  };

  const downloadBankFile = async () => {
    setBusy('bank-file');
    try {
      await downloadReport(await bankFileLink(runId));
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(null);
    }
  };

  const lineColumns = useMemo<DataColumn<PayoutLine>[]>(() => {
    // A draft's line, or one under risk review: Exclude asks for the reason in a dialog.
    const excludeButton = (l: PayoutLine) => (
      <Button
        type="button"
        label="Exclude"
        size="small"
        severity="danger"
        outlined
        aria-label={`Exclude: ${l.affiliateCode}`}
        onClick={() => setAsking({ kind: 'exclude', line: l })}
      />
    );
    const columns: DataColumn<PayoutLine>[] = [
      // Issue 51: ten columns hid Reason and Reference behind the Action column at 1366 px. Who and where are
      // one cell each (code over name, number over account name), the net carries its gross and deductions
      // beneath it, and Reason wraps: every column is in view at 1280 px with the sidebar open.
      {
        key: 'affiliate',
        header: 'Affiliate',
        render: (l) => (
          <span className={styles.stack}>
            <span>{l.affiliateCode}</span>
            {l.affiliateName ? <span className={styles.sub}>{l.affiliateName}</span> : null}
          </span>
        ),
        wrap: true,
      },
      {
        key: 'account',
        header: 'Account',
        render: (l) => (
          <span className={styles.stack}>
            <span className={styles.money}>{l.account ?? ''}</span>
            {/* Issue 48: a bank-file run pays an account not yet verified; the approver sees which. */}
            {l.accountVerified || l.status === 'ineligible' ? (
              l.accountName ? (
                <span className={styles.sub}>{l.accountName}</span>
              ) : null
            ) : (
              <span className={styles.sub}>{`${l.accountName ?? ''} (account not verified)`.trim()}</span>
            )}
          </span>
        ),
        wrap: true,
      },
      {
        key: 'net',
        header: 'Net',
        render: (l) => (
          <span className={styles.stack}>
            <Naira amount={l.net} />
            <span className={styles.sub}>
              <Naira amount={l.gross} /> less <Naira amount={l.deductions} />
            </span>
          </span>
        ),
        className: styles.number,
      },
      {
        key: 'status',
        header: 'Status',
        render: (l) =>
          l.underRiskReview ? (
            <span className={styles.stack}>
              <StatusBadge status={LINE_STATUS_LABELS[l.status]} />
              <span className={styles.sub}>Under risk review</span>
            </span>
          ) : (
            <StatusBadge status={LINE_STATUS_LABELS[l.status]} />
          ),
      },
      { key: 'reason', header: 'Reason', render: (l) => l.reason ?? '', wrap: true },
      { key: 'reference', header: 'Reference', render: (l) => l.reference ?? '' },
    ];
    if (run?.status === 'draft') {
      columns.push({
        key: 'actions',
        header: 'Action',
        actions: true,
        render: (l) =>
          l.status === 'pending' ? (
            excludeButton(l)
          ) : l.status === 'excluded' ? (
            <Button
              type="button"
              label="Include"
              size="small"
              outlined
              disabled={lineBusy !== null}
              aria-label={`Include again: ${l.affiliateCode}`}
              onClick={() => void include(l)}
            />
          ) : null,
      });
    }
    // Issue 49: a case opened after the draft holds the line until an admin decides: exclude it, or let it go.
    if (
      run &&
      (run.status === 'submitted' || run.status === 'approved' || (run.status === 'executing' && paying))
    ) {
      columns.push({
        key: 'actions',
        header: 'Action',
        actions: true,
        render: (l) =>
          l.underRiskReview ? (
            <span className={styles.rowActions}>
              <Button
                type="button"
                label="Let go"
                size="small"
                outlined
                disabled={lineBusy !== null}
                aria-label={`Let go: ${l.affiliateCode}`}
                onClick={() => void letGo(l)}
              />
              {excludeButton(l)}
            </span>
          ) : null,
      });
    }
    if (run?.status === 'executing' && run.provider === 'bank-file') {
      columns.push({
        key: 'actions',
        header: 'Action',
        actions: true,
        render: (l) =>
          l.status === 'processing' ? (
            <span className={styles.rowActions}>
              <Button
                type="button"
                label="Mark paid"
                size="small"
                outlined
                aria-label={`Mark paid: ${l.affiliateCode}`}
                onClick={() => setAsking({ kind: 'mark', line: l, status: 'paid' })}
              />
              <Button
                type="button"
                label="Mark failed"
                size="small"
                severity="danger"
                outlined
                aria-label={`Mark failed: ${l.affiliateCode}`}
                onClick={() => setAsking({ kind: 'mark', line: l, status: 'failed' })}
              />
            </span>
          ) : null,
      });
    }
    return columns;
  }, [run, paying, lineBusy, letGo, include]);

  const ineligibleColumns = useMemo<DataColumn<PayoutLine>[]>(
    () => [
      { key: 'code', header: 'Affiliate ID', render: (l) => l.affiliateCode },
      { key: 'name', header: 'Name', render: (l) => l.affiliateName ?? '', wrap: true },
      {
        key: 'gross',
        header: 'Available',
        render: (l) => <Naira amount={l.gross} />,
        className: styles.number,
      },
      { key: 'reason', header: 'Reason', render: (l) => l.reason ?? '', wrap: true },
    ],
    [],
  );

  const back = (
    <Link to="/admin/payouts" className={styles.back}>
      <i className="pi pi-arrow-left" aria-hidden="true" /> Back to payouts
    </Link>
  );

  if (!run) {
    const failed = eligible.loaded.state === 'error' ? eligible.loaded : null;
    return (
      <>
        {back}
        <h1 className={styles.title}>{runName(runId)}</h1>
        {failed ? (
          <LoadFailed
            message="The payout run could not be loaded."
            onRetry={failed.reload}
            error={failed.error}
          />
        ) : (
          <LoadingSpinner label="Loading the payout run" />
        )}
      </>
    );
  }

  const lineLine = (line: PayoutLine) => (
    <p className={styles.hint}>
      {`${line.affiliateCode}${line.affiliateName ? ` (${line.affiliateName})` : ''}: `}
      <Naira amount={line.net} />
      {line.account ? ` to ${line.account}` : ''}
    </p>
  );

  const { totals } = run;
  return (
    <>
      {back}
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{runName(runId)}</h1>
        <StatusBadge status={RUN_STATUS_LABELS[run.status]} />
      </div>

      <section className={styles.panel} aria-labelledby={`${id}-about`}>
        <h2 id={`${id}-about`} className={styles.visuallyHidden}>
          About this run
        </h2>
        <dl className={styles.facts}>
          <Fact label="Cutoff">{formatDate(run.cutoff)}</Fact>
          <Fact label="Paid by">{PROVIDER_LABELS[run.provider]}</Fact>
          <Fact label="Minimum payout">
            <Naira amount={run.minimumPayout} />
          </Fact>
          <Fact label="Withholding">{percentText(run.withholdingPercent)}</Fact>
          <Fact label="Created">{`${when(run.createdAt)}${run.createdBy ? ` by ${run.createdBy}` : ''}`}</Fact>
          {run.submittedAt ? <Fact label="Submitted">{when(run.submittedAt)}</Fact> : null}
          {run.decidedAt ? (
            <Fact label={run.status === 'rejected' ? 'Rejected' : 'Approved'}>
              {`${when(run.decidedAt)}${run.decidedBy ? ` by ${run.decidedBy}` : ''}`}
            </Fact>
          ) : null}
          {run.decisionRemark ? <Fact label="Remark">{run.decisionRemark}</Fact> : null}
          {run.completedAt ? <Fact label="Completed">{when(run.completedAt)}</Fact> : null}
        </dl>
      </section>

      <StatCards label="Totals">
        <StatCard
          label="Affiliates to pay"
          value={count.format(totals.count)}
          icon="pi pi-users"
          tone="blue"
        />
        <StatCard label="Gross" value={formatNaira(totals.gross)} icon="pi pi-wallet" tone="violet" />
        <StatCard
          label="Deductions"
          value={formatNaira(totals.deductions)}
          icon="pi pi-minus-circle"
          tone="amber"
        />
        <StatCard label="Net" value={formatNaira(totals.net)} icon="pi pi-send" tone="green" />
        {totals.fees !== null ? (
          <StatCard
            label="Provider fees"
            value={formatNaira(totals.fees)}
            icon="pi pi-percentage"
            tone="red"
          />
        ) : null}
      </StatCards>

      <section className={styles.panel} aria-labelledby={`${id}-next`}>
        <h2 id={`${id}-next`}>Next step</h2>
        <p id={`${id}-next-text`}>{nextStep(run)}</p>
        {run.providerMessage ? (
          <p className={styles.warning} role="status">
            <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {run.providerMessage}
          </p>
        ) : null}
        {run.status === 'draft' && run.createdByMe && totals.count === 0 ? (
          <p id={`${id}-nothing`} className={styles.hint}>
            Nothing to pay in this run: include a line again, or discard the draft.
          </p>
        ) : null}
        <div className={styles.actions}>
          {run.status === 'draft' && run.createdByMe ? (
            <Button
              type="button"
              label="Submit for approval"
              icon="pi pi-send"
              loading={busy === 'submit'}
              disabled={busy !== null || totals.count === 0}
              aria-describedby={totals.count === 0 ? `${id}-nothing` : undefined}
              onClick={() => void submit()}
            />
          ) : null}
          {run.status === 'draft' ? (
            <Button
              type="button"
              label="Discard draft"
              icon="pi pi-trash"
              severity="danger"
              outlined
              disabled={busy !== null}
              onClick={() => setAsking({ kind: 'discard' })}
            />
          ) : null}
          {run.status === 'submitted' && !run.createdByMe ? (
            <>
              <Button
                type="button"
                label="Approve"
                icon="pi pi-check"
                severity="success"
                onClick={() => setAsking({ kind: 'approve' })}
              />
              <Button
                type="button"
                label="Reject"
                icon="pi pi-times"
                severity="danger"
                outlined
                onClick={() => setAsking({ kind: 'reject' })}
              />
            </>
          ) : null}
          {run.status === 'approved' && run.provider === 'paystack' ? (
            <Button
              type="button"
              label="Pay now"
              icon="pi pi-send"
              loading={busy === 'execute'}
              disabled={busy !== null}
              onClick={() => setAsking({ kind: 'execute' })}
            />
          ) : null}
          {run.status === 'executing' && run.provider === 'bank-file' ? (
            <Button
              type="button"
              label="Download bank file"
              icon="pi pi-download"
              loading={busy === 'bank-file'}
              disabled={busy !== null}
              onClick={() => void downloadBankFile()}
            />
          ) : null}
          {paying ? (
            <Button type="button" label="Refresh" icon="pi pi-refresh" outlined onClick={refresh} />
          ) : null}
        </div>
      </section>

      {run.provider === 'bank-file' && (run.status === 'executing' || resultUploaded) ? (
        // Stays after the file completed the run, so its counts and problem rows are still read.
        <BankResultUpload
          runId={runId}
          canUpload={run.status === 'executing'}
          onApplied={() => {
            setResultUploaded(true);
            refresh();
          }}
        />
      ) : null}

      <LinesSection
        title="Eligible"
        heading={eligibleHeading}
        caption="Eligible affiliates"
        lines={eligible}
        columns={lineColumns}
        emptyMessage="No affiliate is eligible in this run."
        errorMessage="The eligible affiliates could not be loaded."
      />
      <LinesSection
        title="Ineligible"
        caption="Ineligible affiliates"
        lines={ineligible}
        columns={ineligibleColumns}
        emptyMessage="No affiliate is ineligible in this run."
        errorMessage="The ineligible affiliates could not be loaded."
      />

      {asking?.kind === 'execute' ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            visible
            header="Pay now"
            message={`Send ${formatNaira(totals.net)} to ${count.format(totals.count)} affiliate${totals.count === 1 ? '' : 's'} through Paystack now?`}
            confirmLabel="Pay now"
            cancelLabel="Not now"
            busy={busy === 'execute'}
            onConfirm={() => void execute()}
            onCancel={() => setAsking(null)}
          />
        </Suspense>
      ) : null}
      {asking?.kind === 'discard' ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            visible
            header={`Discard ${runName(runId)}`}
            message="Discard this draft? Its lines are deleted and their commission stays available for the next run."
            confirmLabel="Discard"
            cancelLabel="Keep the draft"
            busy={busy === 'discard'}
            onConfirm={() => void discard()}
            onCancel={() => setAsking(null)}
          />
        </Suspense>
      ) : null}
      {asking && asking.kind !== 'execute' && asking.kind !== 'discard' ? (
        <Suspense fallback={<LoadingSpinner label="Loading the form" />}>
          {asking.kind === 'approve' ? (
            <ReasonDialog
              header={`Approve ${runName(runId)}`}
              label="Remark (optional)"
              tooLongMessage={PayoutMessages.remarkTooLong}
              confirmLabel="Approve"
              confirmSeverity="success"
              onClose={() => setAsking(null)}
              onConfirm={async (remark) => done((await approvePayoutRun(runId, remark)).message)}
            >
              <p className={styles.hint}>
                {`${count.format(totals.count)} affiliate${totals.count === 1 ? '' : 's'}, `}
                <Naira amount={totals.net} /> net.
              </p>
            </ReasonDialog>
          ) : asking.kind === 'reject' ? (
            <ReasonDialog
              header={`Reject ${runName(runId)}`}
              label="Remark"
              requiredMessage={PayoutMessages.remarkRequired}
              tooLongMessage={PayoutMessages.remarkTooLong}
              confirmLabel="Reject"
              confirmSeverity="danger"
              onClose={() => setAsking(null)}
              onConfirm={async (remark) => done((await rejectPayoutRun(runId, remark)).message)}
            />
          ) : asking.kind === 'exclude' ? (
            <ReasonDialog
              header={`Exclude ${asking.line.affiliateCode}`}
              label="Reason"
              requiredMessage={PayoutMessages.reasonRequired}
              tooLongMessage={PayoutMessages.reasonTooLong}
              confirmLabel="Exclude"
              confirmSeverity="danger"
              onClose={() => setAsking(null)}
              onConfirm={async (reason) =>
                done((await excludePayoutLine(runId, asking.line.lineId, reason)).message)
              }
            >
              {lineLine(asking.line)}
            </ReasonDialog>
          ) : (
            <ReasonDialog
              header={`Mark ${asking.line.affiliateCode} ${asking.status}`}
              label="Reason"
              requiredMessage={PayoutMessages.reasonRequired}
              tooLongMessage={PayoutMessages.reasonTooLong}
              confirmLabel={asking.status === 'paid' ? 'Mark paid' : 'Mark failed'}
              confirmSeverity={asking.status === 'paid' ? 'success' : 'danger'}
              onClose={() => setAsking(null)}
              onConfirm={async (reason) =>
                done(
                  (await markPayoutLine(runId, asking.line.lineId, { status: asking.status, reason }))
                    .message,
                )
              }
            >
              {lineLine(asking.line)}
            </ReasonDialog>
          )}
        </Suspense>
      ) : null}
    </>
  );
}
