import { Suspense, lazy, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import type { RevealableNumber, RiskCaseDetail, RiskEvidenceRow } from '@portal/contracts';
import { RiskMessages } from '@portal/contracts';
import {
  DataTable,
  LoadFailed,
  LoadingSpinner,
  formatDate,
  formatNaira,
  notify,
  useLoad,
} from '@portal/shared-ui';
import type { DataColumn } from '@portal/shared-ui';
import { confirmRiskCase, dismissRiskCase, fetchRiskCase, noteRiskCase, revealNumber } from './risk-api';
import { confirmedText, historyLabel, kindLabel, matchLabel, severityLabel } from './risk-text';
import styles from './risk-review.module.css';

const NoteDialog = lazy(() => import('./note-dialog'));

type Action = 'dismiss' | 'confirm' | 'note';
const CONFIRM_EXPLANATION =
  "The commission of the case's orders is withdrawn: cancelled while unpaid, taken back from the next payout " +
  'once paid. The affiliate reads that a review withdrew it.';
type Order = RiskCaseDetail['recentOrders'][number];

export function Severity({ severity }: { severity: number }) {
  return (
    <span className={`${styles.severity} ${styles[`severity${severity}`] ?? ''}`}>
      {severityLabel(severity)}
    </span>
  );
}

const text = (value: RiskEvidenceRow[string] | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** What one evidence row says, in words: the retailer, affiliate, order or burst it names. */
function evidenceWhat(row: RiskEvidenceRow): string {
  switch (row.type) {
    case 'retailer':
      return `${text(row.retailerCode)} ${text(row.businessName)} (contact ${text(row.faoMobile)}): ${matchLabel(row.matched)}`;
    case 'affiliate':
      return `${text(row.otherAffiliateCode)} ${text(row.otherAffiliateName)} (${text(row.status)})`;
    case 'order':
      return `${text(row.orderCode)} on ${text(row.orderDate)}: ${formatNaira(text(row.orderValue))}${
        row.minimumOrderValue ? ` (minimum ${formatNaira(text(row.minimumOrderValue))})` : ''
      }${row.status ? `, ${text(row.status)}` : ''}`;
    case 'burst':
      return `${row.span === 'week' ? 'Week from' : 'Day'} ${text(row.starts)}: ${text(row.orders)} orders (usual ${text(
        row.usualPerDay,
      )} a day)${row.retailerCode ? ` at retailer ${text(row.retailerCode)}` : ' in all'}`;
    default:
      return JSON.stringify(row);
  }
}

/** The other affiliate an evidence row names, with its numbers masked, and Show (the audited reveal). */
function OtherAffiliate({ row }: { row: RiskEvidenceRow }) {
  const [shown, setShown] = useState<Partial<Record<RevealableNumber, string>>>({});
  const affiliateId = Number(row.otherAffiliateId ?? row.affiliateId);
  if (!row.otherAffiliateCode || !Number.isSafeInteger(affiliateId)) return null;
  const code = text(row.otherAffiliateCode);
  // Issue 48: each number is revealed by a call and an audit row of its own.
  const showButton = (field: RevealableNumber, what: string) =>
    shown[field] === undefined ? (
      <Button
        type="button"
        label={`Show ${what}`}
        link
        size="small"
        aria-label={`Show the ${what} of ${code}`}
        onClick={() =>
          void revealNumber(affiliateId, field).then(
            (answer) => setShown((before) => ({ ...before, [field]: answer.value })),
            () => undefined,
          )
        }
      />
    ) : null;
  return (
    <span>
      {`${code}: mobile ${text(row.otherMobile)}, BVN/NIN ${shown.ninOrBVN ?? text(row.otherNinOrBVN)} `}
      {showButton('ninOrBVN', 'BVN/NIN')}
      {`, account ${shown.accountNumber ?? text(row.otherAccountNumber)} ${text(row.otherBank)} `}
      {showButton('accountNumber', 'account number')}
    </span>
  );
}

/** One case: its evidence, the affiliate's other signals, ledger and recent orders, history, and the actions. */
export function CaseView({ caseId }: { caseId: number }) {
  const id = useId();
  const loaded = useLoad((signal) => fetchRiskCase(caseId, signal), [caseId]);
  const [acting, setActing] = useState<Action | null>(null);
  const detail = loaded.data;

  const evidenceColumns = useMemo<DataColumn<RiskEvidenceRow>[]>(
    () => [
      { key: 'what', header: 'Evidence', render: (row) => evidenceWhat(row), wrap: true },
      { key: 'who', header: 'Other affiliate', render: (row) => <OtherAffiliate row={row} />, wrap: true },
    ],
    [],
  );
  const orderColumns = useMemo<DataColumn<Order>[]>(
    () => [
      { key: 'code', header: 'Order', render: (o) => o.orderCode },
      { key: 'date', header: 'Date', render: (o) => formatDate(o.orderDate) },
      { key: 'retailer', header: 'Retailer', render: (o) => o.retailerCode },
      { key: 'value', header: 'Value', render: (o) => formatNaira(o.orderValue), className: styles.number },
      { key: 'status', header: 'Status', render: (o) => o.status },
      {
        key: 'commission',
        header: 'Commission',
        render: (o) => formatNaira(o.commission),
        className: styles.number,
      },
    ],
    [],
  );

  const back = (
    <Link to="/backoffice/risk" className={styles.back}>
      <i className="pi pi-arrow-left" aria-hidden="true" /> Back to the review queue
    </Link>
  );
  if (!detail) {
    return (
      <>
        {back}
        {loaded.state === 'error' ? (
          <LoadFailed message="The case could not be loaded." onRetry={loaded.reload} error={loaded.error} />
        ) : (
          <LoadingSpinner label="Loading the case" />
        )}
      </>
    );
  }
  const c = detail.case;
  const act = async (action: Action, value: string, deactivate: boolean) => {
    const message =
      action === 'dismiss'
        ? (await dismissRiskCase(caseId, value)).message
        : action === 'confirm'
          ? confirmedText(await confirmRiskCase(caseId, value, deactivate))
          : (await noteRiskCase(caseId, value)).message;
    notify.success(message);
    setActing(null);
    loaded.reload();
  };

  return (
    <>
      {back}
      <div className={styles.titleRow}>
        <h1 className={styles.title}>{`Case #${c.caseId}: ${kindLabel(c.kind)}`}</h1>
        <Severity severity={c.severity} />
      </div>
      <section className={styles.panel} aria-labelledby={`${id}-case`}>
        <div className={styles.panelHeader}>
          <h2 id={`${id}-case`}>{`${c.affiliateCode} ${c.affiliateName}`}</h2>
          <div className={styles.actions}>
            <Button
              type="button"
              label="Add note"
              icon="pi pi-comment"
              outlined
              onClick={() => setActing('note')}
            />
            {c.state === 'open' ? (
              <>
                <Button
                  type="button"
                  label="Dismiss"
                  icon="pi pi-times"
                  outlined
                  onClick={() => setActing('dismiss')}
                />
                <Button
                  type="button"
                  label="Confirm abuse"
                  icon="pi pi-exclamation-triangle"
                  severity="danger"
                  onClick={() => setActing('confirm')}
                />
              </>
            ) : null}
          </div>
        </div>
        <p>{c.summary}</p>
        <dl className={styles.facts}>
          <div>
            <dt>State</dt>
            <dd>{c.state === 'open' ? 'Open' : c.state === 'dismissed' ? 'Dismissed' : 'Confirmed'}</dd>
          </div>
          <div>
            <dt>Opened</dt>
            <dd>{formatDate(c.openedAt)}</dd>
          </div>
          <div>
            <dt>Last seen by the signals</dt>
            <dd>{formatDate(c.seenAt)}</dd>
          </div>
          {c.closedAt ? (
            <div>
              <dt>Closed</dt>
              <dd>{`${formatDate(c.closedAt)} by ${c.closedBy ?? ''}: ${c.closeReason ?? ''}`}</dd>
            </div>
          ) : null}
        </dl>
        <p className={styles.hint}>A signal is a reason to look, not a verdict: read the evidence below.</p>
        <DataTable
          caption="Evidence"
          showCaption
          columns={evidenceColumns}
          rows={detail.evidence.rows}
          rowKey={(row) => JSON.stringify(row)}
          emptyMessage="No evidence rows: the figures above raised it."
        />
      </section>
      <section className={styles.panel} aria-labelledby={`${id}-money`}>
        <h2 id={`${id}-money`}>Ledger</h2>
        <dl className={styles.facts}>
          {(
            [
              ['Earned', detail.ledger.earned],
              ['Reversed', detail.ledger.reversed],
              ['Clawed back', detail.ledger.clawedBack],
              ['Adjustments', detail.ledger.adjustments],
              ['Total', detail.ledger.total],
              ['Of which paid', detail.ledger.paid],
            ] as const
          ).map(([label, amount]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className={styles.money}>{formatNaira(amount)}</dd>
            </div>
          ))}
        </dl>
        <h3>Other open signals</h3>
        {detail.signals.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul className={styles.history}>
            {detail.signals.map((s) => (
              <li key={s.caseId}>
                <Link to={{ pathname: '/backoffice/risk', search: `?case=${s.caseId}` }}>
                  {`${kindLabel(s.kind)} (${severityLabel(s.severity)})`}
                </Link>
                {`: ${s.summary}`}
              </li>
            ))}
          </ul>
        )}
        <DataTable
          caption="Recent orders"
          showCaption
          columns={orderColumns}
          rows={detail.recentOrders}
          rowKey={(o) => o.orderId}
          emptyMessage="No orders yet."
        />
      </section>
      <section className={styles.panel} aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`}>History</h2>
        <ol className={styles.history}>
          {detail.history.map((h, i) => (
            <li key={i}>
              {`${formatDate(h.createdAt)} ${historyLabel(h.action)}${h.actorName ? ` by ${h.actorName}` : ''}${
                h.remark ? `: ${h.remark}` : ''
              }`}
            </li>
          ))}
        </ol>
      </section>
      {acting ? (
        <Suspense fallback={<LoadingSpinner label="Loading the form" />}>
          <NoteDialog
            header={
              acting === 'dismiss'
                ? 'Dismiss the case'
                : acting === 'confirm'
                  ? 'Confirm abuse'
                  : 'Add a note'
            }
            label={acting === 'dismiss' ? 'Reason' : 'Note'}
            requiredMessage={acting === 'dismiss' ? RiskMessages.reasonRequired : RiskMessages.noteRequired}
            confirmLabel={
              acting === 'dismiss' ? 'Dismiss' : acting === 'confirm' ? 'Confirm abuse' : 'Add note'
            }
            confirmSeverity={acting === 'confirm' ? 'danger' : undefined}
            explanation={acting === 'confirm' ? CONFIRM_EXPLANATION : undefined}
            option={acting === 'confirm' ? 'Also deactivate the affiliate (ends its sessions)' : undefined}
            onClose={() => setActing(null)}
            onConfirm={(value, chosen) => act(acting, value, chosen)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
