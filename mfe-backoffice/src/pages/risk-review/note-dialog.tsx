import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { InputTextarea } from 'primereact/inputtextarea';
import { RISK_NOTE_MAX, RiskMessages } from '@portal/contracts';
import { FormDialog, errorMessageOf } from '@portal/shared-ui';
import styles from './risk-review.module.css';

export interface NoteDialogProps {
  header: string;
  label: string;
  requiredMessage: string;
  confirmLabel: string;
  confirmSeverity?: 'danger' | 'success';
  /** What the action does beyond the text, said before it is sent. */
  explanation?: string;
  /** A yes/no choice sent with the text (confirm: also deactivate the affiliate). */
  option?: string;
  onClose(): void;
  /** Sends the trimmed text (and the option's choice); a refusal it throws (a case someone else closed) is shown here. */
  onConfirm(text: string, optionChosen: boolean): Promise<void>;
}

/** Dismiss (reason), confirm (note) or add a note: one field, checked before sending, unsaved text asked about. */
export default function NoteDialog({
  header,
  label,
  requiredMessage,
  confirmLabel,
  confirmSeverity,
  explanation,
  option,
  onClose,
  onConfirm,
}: NoteDialogProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim().replace(/\s+/g, ' ');
    const local = !trimmed
      ? requiredMessage
      : trimmed.length > RISK_NOTE_MAX
        ? RiskMessages.noteTooLong
        : null;
    setProblem(local);
    setRefusal(null);
    if (local) return;
    setBusy(true);
    try {
      await onConfirm(trimmed, chosen);
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
      dirty={text.trim() !== '' || chosen}
      busy={busy}
      onClose={onClose}
      style={{ width: 'min(32rem, 96vw)' }}
    >
      <form id={`${id}-form`} className={styles.form} onSubmit={(event) => void confirm(event)} noValidate>
        {explanation ? <p className={styles.hint}>{explanation}</p> : null}
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
        {option ? (
          <div className={styles.choice}>
            <input
              id={`${id}-option`}
              type="checkbox"
              checked={chosen}
              onChange={(event) => setChosen(event.target.checked)}
            />
            <label htmlFor={`${id}-option`}>{option}</label>
          </div>
        ) : null}
        {refusal ? (
          <p className={styles.refusal} role="alert">
            {refusal}
          </p>
        ) : null}
      </form>
    </FormDialog>
  );
}
