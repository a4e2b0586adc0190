import { Suspense, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { PayoutMessages, businessDay } from '@portal/contracts';
import type { PayoutRun } from '@portal/contracts';
import {
  DayField,
  FormDialog,
  LoadingSpinner,
  fieldErrorsOf,
  notify,
  pickedDay,
  pickerDate,
} from '@portal/shared-ui';
import { createPayoutRun } from './payouts-api';
import styles from './payouts.module.css';

export interface NewRunDialogProps {
  onClose(): void;
  /** The draft run was created: the screen opens it. */
  onCreated(run: PayoutRun): void;
  /** Today in business time (yyyy-MM-dd); a cutoff after it is refused before asking. */
  today?: string;
}

/** The cutoff's problem before it is sent, or null. */
export function cutoffProblem(day: string, today: string): string | null {
  if (!day) return PayoutMessages.cutoffRequired;
  return day > today ? PayoutMessages.cutoffInFuture : null;
}

/**
 * 'New payout run' (issue 28): one cutoff day, typed or picked as yyyy-MM-dd. The gateway lists every affiliate
 * with commission available before the end of that day (Africa/Lagos), eligible or not, in a draft run.
 */
export default function NewRunDialog({
  onClose,
  onCreated,
  today = businessDay(new Date()),
}: NewRunDialogProps) {
  const id = useId();
  // Most runs pay everything available up to today: the day is there to change, not to type.
  const [cutoff, setCutoff] = useState<Date | null>(() => pickerDate(today));
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const day = pickedDay(cutoff);
    const local = cutoffProblem(day, today);
    setProblem(local);
    if (local) return;
    setSaving(true);
    try {
      const answer = await createPayoutRun(day);
      notify.success(answer.message);
      onCreated(answer.run);
    } catch (error) {
      setProblem(fieldErrorsOf(error, ['cutoff'] as const).cutoff ?? null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      visible
      header="New payout run"
      submit={{ formId: `${id}-form`, label: 'Create run', saving }}
      dirty={pickedDay(cutoff) !== today}
      busy={saving}
      onClose={onClose}
      style={{ width: 'min(30rem, 96vw)' }}
    >
      <form id={`${id}-form`} className={styles.form} onSubmit={(event) => void create(event)} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-cutoff`}>Cutoff date</label>
          <Suspense fallback={<LoadingSpinner label="Loading the date field" />}>
            <DayField
              inputId={`${id}-cutoff`}
              value={cutoff}
              onChange={(day) => {
                setCutoff(day);
                setProblem(null);
              }}
              invalid={problem !== null}
              describedBy={[`${id}-cutoff-hint`, problem ? `${id}-cutoff-error` : '']
                .filter(Boolean)
                .join(' ')}
            />
          </Suspense>
          <small id={`${id}-cutoff-hint`} className={styles.hint}>
            Commission available before the end of this day (Nigerian time) is paid. Not after today.
          </small>
          {problem ? (
            <small id={`${id}-cutoff-error`} className={styles.error} role="alert">
              {problem}
            </small>
          ) : null}
        </div>
      </form>
    </FormDialog>
  );
}
