import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import axios from 'axios';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Messages, REMARK_MAX_LENGTH } from '@portal/contracts';
import type { AffiliateDetails } from '@portal/contracts';
import { LoadFailed } from '../data/load-failed';
import { WholeTokens } from '../whole-tokens';
import { FormDialog } from '../form-dialog';
import { errorMessageOf } from '../http-client';
import { useLoad } from '../data/use-load';
import { formatDate } from '../format';
import { LoadingSpinner } from '../loading-spinner';
import { StatusBadge } from '../status-badge';
import { notify } from '../toasts';
import { MaskedNumber, useRevealedNumbers } from '../masked-number';
import {
  activateAffiliate,
  decideKyc,
  eraseAffiliate,
  fetchAffiliateDetails,
  fetchAffiliateNumber,
} from './affiliate-api';
import { MODAL_ACTION_LABELS, modalActions } from './affiliate-modal-actions';
import type { AffiliateListMode, ModalAction } from './affiliate-modal-actions';
import { AffiliateHistory } from './affiliate-history';
import { BankAccountCheck } from './bank-account-check';
import { BankAccountVerification } from './bank-account-verification';
import { EraseConfirm } from './erase-confirm';
import { SelfieImage } from './selfie-image';
import styles from './affiliate-list.module.css';

export interface AffiliateViewModalProps {
  /** The affiliate to show; null keeps the modal closed. */
  affiliateID: number | null;
  mode: AffiliateListMode;
  onClose(): void;
  /** After a successful decision: the modal closes and the list reloads (spec §4). */
  onDecided(): void;
  /** Someone else changed the affiliate first: the modal stays, refreshed, and the list should reload. */
  onStale?(): void;
}

const FLAG_LABELS: Record<AffiliateDetails['flags'][number]['kind'], string> = {
  ninOrBVN: 'Same NIN/BVN',
  accountNumber: 'Same bank account number',
  mobileNumber: 'Same mobile number',
};

/** Spec §8 success messages; activation has none in the spec, so the server's message is shown. */
async function runAction(action: ModalAction, details: AffiliateDetails, remark: string): Promise<string> {
  switch (action) {
    case 'approve': {
      const answer = await decideKyc(details.affiliateID, true, remark, details.status);
      // Issue 50: a risky approval only waits for a second reviewer (the status stays); the server says so.
      return answer.status === details.status ? answer.message : Messages.approved;
    }
    case 'reject':
      await decideKyc(details.affiliateID, false, remark, details.status);
      return Messages.rejected;
    case 'activate':
      return (await activateAffiliate(details.affiliateID, remark, details.status)).message;
  }
}

export { eraseConfirmMessage } from './erase-confirm';

const isConflict = (error: unknown) => axios.isAxiosError(error) && error.response?.status === 409;

export function AffiliateViewModal({
  affiliateID,
  mode,
  onClose,
  onDecided,
  onStale,
}: AffiliateViewModalProps) {
  const loaded = useLoad((signal) => fetchAffiliateDetails(affiliateID ?? 0, signal), [affiliateID], {
    enabled: affiliateID !== null,
  });
  // A reload (after a Show, or a stale decision) keeps the details on screen while it runs.
  const details = loaded.state === 'error' ? null : (loaded.data ?? null);
  // Issue 29: the numbers arrive masked; Show fetches one (issue 48: each its own call and audit row), then the
  // history is reloaded.
  const identityNumber = useRevealedNumbers(
    useCallback(() => fetchAffiliateNumber(affiliateID ?? 0, 'ninOrBVN'), [affiliateID]),
    affiliateID,
    loaded.reload,
  );
  const accountNumber = useRevealedNumbers(
    useCallback(() => fetchAffiliateNumber(affiliateID ?? 0, 'accountNumber'), [affiliateID]),
    affiliateID,
    loaded.reload,
  );
  const [remark, setRemark] = useState('');
  const [remarkError, setRemarkError] = useState<string | null>(null);
  const [busy, setBusy] = useState<ModalAction | null>(null);
  /** Why the decision was refused when someone else decided first; shown above the refreshed details. */
  const [staleNotice, setStaleNotice] = useState<string | null>(null);
  /** Issue 29: the erasure's confirmation is open / the erasure runs. */
  const [confirmingErase, setConfirmingErase] = useState(false);
  const [erasing, setErasing] = useState(false);
  const remarkRef = useRef<HTMLTextAreaElement>(null);
  const remarkId = useId();
  const remarkErrorId = useId();
  const visible = affiliateID !== null;

  // Another affiliate (or none): its remark, error and pending action do not carry over.
  const [shownFor, setShownFor] = useState(affiliateID);
  if (shownFor !== affiliateID) {
    setShownFor(affiliateID);
    setRemark('');
    setRemarkError(null);
    setBusy(null);
    setStaleNotice(null);
    setConfirmingErase(false);
    setErasing(false);
  }

  const erase = async (settledOtherwise: string | undefined) => {
    if (!details || erasing) return;
    setErasing(true);
    try {
      notify.success((await eraseAffiliate(details.affiliateID, settledOtherwise)).message);
      setConfirmingErase(false);
      onDecided();
    } catch (error) {
      // The HTTP client has shown the server's message; a 409 (erased meanwhile) refreshes the details.
      setConfirmingErase(false);
      if (isConflict(error)) {
        loaded.reload();
        onStale?.();
      }
    } finally {
      setErasing(false);
    }
  };

  const act = async (action: ModalAction) => {
    if (!details || busy) return;
    if (action === 'reject' && !remark.trim()) {
      setRemarkError(Messages.remarkRequired);
      remarkRef.current?.focus();
      return;
    }
    setRemarkError(null);
    setStaleNotice(null);
    setBusy(action);
    try {
      notify.success(await runAction(action, details, remark));
      onDecided();
    } catch (error) {
      setBusy(null);
      // Otherwise the HTTP client has shown the server's message; the modal stays open to try again.
      if (isConflict(error)) {
        setStaleNotice(errorMessageOf(error));
        loaded.reload();
        onStale?.();
      }
    }
  };

  const actions = details ? modalActions(mode, details.status, details.allowedActions) : [];
  const footer = (requestClose: () => void) => (
    <div className={styles.modalFooter}>
      {actions.map((action) => (
        <Button
          key={action}
          type="button"
          label={MODAL_ACTION_LABELS[action]}
          severity={action === 'reject' ? 'danger' : 'success'}
          icon={action === 'reject' ? 'pi pi-times' : 'pi pi-check'}
          loading={busy === action}
          disabled={busy !== null}
          onClick={() => void act(action)}
        />
      ))}
      {details?.canErase ? (
        <Button
          type="button"
          label="Erase Personal Data"
          severity="danger"
          outlined
          icon="pi pi-eraser"
          disabled={busy !== null || erasing}
          onClick={() => setConfirmingErase(true)}
        />
      ) : null}
      <Button
        type="button"
        label="Close"
        severity="secondary"
        outlined
        disabled={busy !== null}
        onClick={requestClose}
      />
    </div>
  );

  // A form dialog like the others: Escape in a popup is the popup's, a typed remark is asked about before it is
  // thrown away, and focus goes back to the View button.
  return (
    <FormDialog
      visible={visible}
      header="Affiliate Details"
      footer={footer}
      dirty={remark.trim() !== ''}
      busy={busy !== null || erasing}
      onClose={onClose}
      style={{ width: 'min(56rem, 96vw)' }}
      contentClassName={styles.modalContent}
    >
      {staleNotice ? (
        <p className={styles.staleNotice} role="alert">
          <i className="pi pi-info-circle" aria-hidden="true" /> {staleNotice}
        </p>
      ) : null}
      {!details ? (
        loaded.state === 'error' ? (
          <LoadFailed
            message="The affiliate's details could not be loaded."
            onRetry={loaded.reload}
            error={loaded.error}
          />
        ) : (
          <LoadingSpinner label="Loading affiliate details" />
        )
      ) : (
        <div className={styles.modalBody}>
          <div className={styles.selfieColumn}>
            <SelfieImage
              fileUrl={details.selfieImagePath}
              alt={`Selfie of ${details.fullName}`}
              className={styles.selfie}
            />
            <div className={styles.currentStatus}>
              <span>Current Status</span>
              <StatusBadge status={details.status} />
            </div>
          </div>
          <div className={styles.detailsColumn}>
            <dl className={styles.detailsGrid}>
              <Detail label="Affiliate ID" value={details.affiliateCode} />
              <Detail label="Full Name" value={details.fullName} />
              <Detail label="Email" value={<WholeTokens text={details.email} />} wide />
              <Detail label="Contact Number" value={`${details.phoneCode}-${details.mobileNumber}`} />
              <Detail label="Country" value={details.countryName} />
              <Detail label="Identity Type" value={details.identityType} />
              <Detail
                label={details.identityType}
                value={
                  <MaskedNumber
                    label={details.identityType}
                    masked={details.ninOrBVN}
                    clear={identityNumber.clear?.value ?? null}
                    loading={identityNumber.loading}
                    onShow={() => void identityNumber.show()}
                    onHide={identityNumber.hide}
                  />
                }
              />
              <Detail label="Bank Name" value={details.bankName} />
              <Detail
                label="Account Number"
                value={
                  <MaskedNumber
                    label="Account Number"
                    masked={details.accountNumber}
                    clear={accountNumber.clear?.value ?? null}
                    loading={accountNumber.loading}
                    onShow={() => void accountNumber.show()}
                    onHide={accountNumber.hide}
                  />
                }
              />
              <Detail label="Registration Date" value={formatDate(details.createdDate)} />
              {details.remark ? <Detail label="Last Remark" value={details.remark} /> : null}
              {details.erasureRequestedOn ? (
                <Detail
                  label="Erasure Requested By Affiliate"
                  value={formatDate(details.erasureRequestedOn)}
                />
              ) : null}
              {details.erasedOn ? (
                <Detail label="Personal Data Erased" value={formatDate(details.erasedOn)} />
              ) : null}
            </dl>

            <BankAccountCheck id={`${remarkId}-bank`} verification={details.bankVerification ?? null} />
            <BankAccountVerification affiliateID={details.affiliateID} onChanged={loaded.reload} />

            {details.flags.length > 0 ? (
              <section className={styles.flags} aria-labelledby={`${remarkId}-flags`}>
                <h3 id={`${remarkId}-flags`}>
                  <i className="pi pi-exclamation-triangle" aria-hidden="true" /> Possible duplicate identity
                </h3>
                <ul>
                  {details.flags.map((flag) => (
                    <li key={`${flag.kind}-${flag.otherAffiliateID}`}>
                      {FLAG_LABELS[flag.kind]} as {flag.otherAffiliateCode} {flag.otherFullName} (
                      {flag.otherStatus}), flagged {formatDate(flag.flaggedOn)}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            <div className={styles.remarkField}>
              <label htmlFor={remarkId}>Remark</label>
              <InputTextarea
                id={remarkId}
                ref={remarkRef}
                value={remark}
                rows={3}
                autoResize
                maxLength={REMARK_MAX_LENGTH}
                disabled={busy !== null || actions.length === 0}
                invalid={remarkError !== null}
                aria-invalid={remarkError !== null}
                aria-describedby={remarkError ? remarkErrorId : undefined}
                onChange={(event) => {
                  setRemark(event.target.value);
                  if (remarkError && event.target.value.trim()) setRemarkError(null);
                }}
              />
              {remarkError ? (
                <small id={remarkErrorId} className={styles.fieldError} role="alert">
                  {remarkError}
                </small>
              ) : null}
            </div>

            <AffiliateHistory entries={details.history} />
          </div>
        </div>
      )}
      {details ? (
        <EraseConfirm
          key={confirmingErase ? 'asking' : 'closed'}
          visible={confirmingErase}
          affiliateID={details.affiliateID}
          affiliateCode={details.affiliateCode}
          busy={erasing}
          onConfirm={(settledOtherwise) => void erase(settledOtherwise)}
          onCancel={() => setConfirmingErase(false)}
        />
      ) : null}
    </FormDialog>
  );
}

/** `wide`: a value read whole (an e-mail address) takes the grid's full row instead of breaking in a cell. */
function Detail({ label, value, wide = false }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? `${styles.detail} ${styles.wideDetail}` : styles.detail}>
      <dt>{label}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}
