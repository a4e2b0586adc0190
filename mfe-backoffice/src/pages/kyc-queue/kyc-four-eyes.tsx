import { useId, useState } from 'react';
import { Button } from 'primereact/button';
import { KYC_APPROVAL_RISK_LABELS } from '@portal/contracts';
import type { KycCaseReview } from '@portal/contracts';
import { formatDate, notify } from '@portal/shared-ui';
import { confirmApproval } from './kyc-api';
import { clockText } from './kyc-text';
import styles from './kyc-queue.module.css';

/**
 * Issue 50 part 4: a risky approval (authority check failed or did not run, name match below the threshold) waits
 * for a second reviewer. The one who asked is told it waits; anyone else confirms it here (or with the modal's
 * Approve). Nothing is shown for a case one reviewer may approve.
 */
export function KycFourEyes({
  affiliateID,
  review,
  onConfirmed,
}: {
  affiliateID: number;
  review: KycCaseReview;
  onConfirmed: () => void;
}) {
  const id = useId();
  const [saving, setSaving] = useState(false);
  const waiting = review.pendingApproval;
  if (!waiting && review.approvalRisks.length === 0) return null;
  const reasons = (waiting?.reasons ?? review.approvalRisks)
    .map((risk) => KYC_APPROVAL_RISK_LABELS[risk])
    .join(', ');

  const confirm = async () => {
    setSaving(true);
    try {
      notify.success((await confirmApproval(affiliateID)).message);
      onConfirmed();
    } catch {
      setSaving(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`} data-testid="four-eyes">
      <h2 id={`${id}-title`}>Second reviewer</h2>
      {!waiting ? (
        <p role="status">Approving this case needs a second reviewer&apos;s confirmation: {reasons}.</p>
      ) : waiting.requestedByYou ? (
        <p role="status">
          You approved this case on {formatDate(waiting.requestedOn)} {clockText(waiting.requestedOn)}. It
          waits for a different reviewer to confirm it ({reasons}).
        </p>
      ) : (
        <>
          <p role="status">
            {waiting.requestedByName} approved this case on {formatDate(waiting.requestedOn)}{' '}
            {clockText(waiting.requestedOn)}. It needs your confirmation as the second reviewer ({reasons}).
          </p>
          {waiting.remark ? <p className={styles.muted}>Remark: {waiting.remark}</p> : null}
          <div className={styles.actions}>
            <Button
              type="button"
              label="Confirm approval"
              icon="pi pi-check-circle"
              severity="success"
              loading={saving}
              disabled={saving}
              onClick={() => void confirm()}
            />
          </div>
        </>
      )}
    </section>
  );
}
