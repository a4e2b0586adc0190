import { useId, useState } from 'react';
import { InputTextarea } from 'primereact/inputtextarea';
import { owedInWords } from '@portal/contracts';
import { ConfirmDialog } from '../confirm-dialog';
import { useLoad } from '../data/use-load';
import { fetchMoneyOwed } from './affiliate-api';
import styles from './affiliate-list.module.css';

/** Issue 29: what the erasure's confirmation says, naming the affiliate by the code that stays. */
export const eraseConfirmMessage = (affiliateCode: string) =>
  `Erase the personal data of ${affiliateCode}? Name, contacts, BVN/NIN, account number, selfie, sign-in ` +
  `addresses and messages are removed for good; orders, commission and payouts stay under ${affiliateCode}. ` +
  'This cannot be undone.';

/** Issue 48: the same question when money is still owed, stating it. */
export const eraseOwedMessage = (affiliateCode: string, owed: string) =>
  `${affiliateCode} is still owed ${owed}. Without the account number it can never be paid through the ` +
  'portal. Erase only if it was settled another way, and say how below. ' +
  eraseConfirmMessage(affiliateCode);

const REASON_MIN = 3;
const REASON_MAX = 500;

export interface EraseConfirmProps {
  visible: boolean;
  affiliateID: number;
  affiliateCode: string;
  busy: boolean;
  /** `settledOtherwise`: how money owed was settled, when any is. */
  onConfirm(settledOtherwise: string | undefined): void;
  onCancel(): void;
}

/**
 * The erasure's confirmation (issue 48): it first asks the server what the affiliate is owed (loading, failed and
 * ready never look alike); with money owed it says how much and asks how it was settled, which the erasure records.
 */
export function EraseConfirm({
  visible,
  affiliateID,
  affiliateCode,
  busy,
  onConfirm,
  onCancel,
}: EraseConfirmProps) {
  // The modal mounts this afresh each time it asks (its key), so the figures are always as of now.
  const owed = useLoad((signal) => fetchMoneyOwed(affiliateID, signal), [affiliateID], { enabled: visible });
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const words = owed.state === 'ready' && owed.data ? owedInWords(owed.data) : '';
  const message =
    owed.state === 'loading'
      ? `Checking what ${affiliateCode} is still owed…`
      : owed.state === 'error'
        ? `What ${affiliateCode} is owed could not be checked, so it cannot be erased now. Close and try again.`
        : words
          ? eraseOwedMessage(affiliateCode, words)
          : eraseConfirmMessage(affiliateCode);
  const reasonShort = reason.trim().length < REASON_MIN;
  return (
    <ConfirmDialog
      visible={visible}
      header="Erase personal data"
      message={message}
      confirmLabel="Erase"
      cancelLabel="Cancel"
      busy={busy}
      confirmDisabled={owed.state !== 'ready' || (words !== '' && reasonShort)}
      onConfirm={() => onConfirm(words ? reason.trim() : undefined)}
      onCancel={onCancel}
    >
      {words ? (
        <div className={styles.remarkField}>
          <label htmlFor={reasonId}>How was it settled? (required)</label>
          <InputTextarea
            id={reasonId}
            value={reason}
            rows={3}
            maxLength={REASON_MAX}
            aria-required="true"
            onChange={(event) => setReason(event.target.value)}
          />
          <small>
            For example: paid by bank transfer on 2026-12-01, reference FIN-88. {REASON_MIN} to {REASON_MAX}{' '}
            characters; kept in the audit trail.
          </small>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
