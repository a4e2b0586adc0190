import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { InputTextarea } from 'primereact/inputtextarea';
import { PAYOUT_REASON_MAX } from '@portal/contracts';
import { FormDialog, errorMessageOf } from '@portal/shared-ui';
import styles from './payouts.module.css';

export interface ReasonDialogProps {
  header: string;
  /** What the run or line is: said above the field. */
  children?: ReactNode;
  label: string;
  /** The message when the field is left empty; without it the text may be empty (an approval's remark). */
  requiredMessage?: string;
  tooLongMessage: string;
  confirmLabel: string;
  confirmSeverity?: 'danger' | 'success';
  onClose(): void;
  /**
   * Does the action with the trimmed text. A refusal it throws (the creator's 403, a run another admin has
   * moved on) is shown in the dialog, which stays open.
   */
  onConfirm(text: string): Promise<void>;
}

/**
 * A decision with its reason or remark (exclude a line, approve or reject a run, mark a line paid or failed):
 * one field, checked before sending, the gateway's refusal shown as its message, unsaved text asked about.
 */
export default function ReasonDialog({
  header,
  children,
  label,
  requiredMessage,
  tooLongMessage,
  confirmLabel,
  confirmSeverity,
  onClose,
  onConfirm,
}: ReasonDialogProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim().replace(/\s+/g, ' ');
    const local =
      requiredMessage && !trimmed
        ? requiredMessage
        : trimmed.length > PAYOUT_REASON_MAX
          ? tooLongMessage
          : null;
    setProblem(local);
    setRefusal(null);
    if (local) return;
    setBusy(true);
    try {
      await onConfirm(trimmed);
    } catch (error) {
      setRefusal(errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      visible
      header={header}
      submit={{
        formId: `${id}-form`,
        label: confirmLabel,
        saving: busy,
        severity: confirmSeverity,
        icon: null,
      }}
      dirty={text.trim() !== ''}
      busy={busy}
      onClose={onClose}
      style={{ width: 'min(32rem, 96vw)' }}
    >
      <form id={`${id}-form`} className={styles.form} onSubmit={(event) => void confirm(event)} noValidate>
        {children}
        <div className={styles.field}>
          <label htmlFor={`${id}-text`}>{label}</label>
          <InputTextarea
            id={`${id}-text`}
            value={text}
            rows={3}
            autoResize
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
            invalid={problem !== null}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${id}-text-error` : undefined}
          />
          {problem ? (
            <small id={`${id}-text-error`} className={styles.error}>
              {problem}
            </small>
          ) : null}
        </div>
        {refusal ? (
          <p className={styles.refusal} role="alert">
            {refusal}
          </p>
        ) : null}
      </form>
    </FormDialog>
  );
}
