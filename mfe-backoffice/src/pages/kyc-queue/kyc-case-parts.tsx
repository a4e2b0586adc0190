import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Button } from 'primereact/button';
import {
  KYC_PARTS,
  KYC_PART_COMMON_REASONS,
  KYC_PART_LABELS,
  KYC_PART_REASON_MAX_LENGTH,
  KycPartMessages,
} from '@portal/contracts';
import type { KycCaseReview, KycPart } from '@portal/contracts';
import { ThemedInput, formatDate, notify } from '@portal/shared-ui';
import { returnParts } from './kyc-api';
import { clockText } from './kyc-text';
import styles from './kyc-queue.module.css';

const OTHER = 'other';

interface PartChoice {
  outcome: 'accepted' | 'returned';
  /** One of the common reasons, or OTHER for the reviewer's own words. */
  choice: string;
  ownWords: string;
}

const reasonOf = (value: PartChoice) => (value.choice === OTHER ? value.ownWords.trim() : value.choice);

/**
 * Issue 50 part 3: the reviewer holding the case decides the identity number, the selfie and the bank account
 * one by one and returns only the failed ones, each with a reason (a common one or their own words). Approving the
 * whole registration stays the review modal's Approve.
 */
export function KycCaseParts({
  affiliateID,
  review,
  onReturned,
}: {
  affiliateID: number;
  review: KycCaseReview | undefined;
  onReturned: () => void;
}) {
  const id = useId();
  const [choices, setChoices] = useState<Record<KycPart, PartChoice>>(
    () =>
      Object.fromEntries(
        KYC_PARTS.map((part) => [part, { outcome: 'accepted', choice: '', ownWords: '' }]),
      ) as Record<KycPart, PartChoice>,
  );
  const [errors, setErrors] = useState<Partial<Record<KycPart | 'form', string>>>({});
  const [saving, setSaving] = useState(false);

  const change = (part: KycPart, value: Partial<PartChoice>) => {
    setChoices((previous) => ({ ...previous, [part]: { ...previous[part], ...value } }));
    setErrors((previous) => ({ ...previous, [part]: undefined, form: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<KycPart | 'form', string>> = {};
    for (const part of KYC_PARTS)
      if (choices[part].outcome === 'returned' && !reasonOf(choices[part]))
        found[part] = KycPartMessages.reasonRequired;
    if (!KYC_PARTS.some((part) => choices[part].outcome === 'returned'))
      found.form = KycPartMessages.noneReturned;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const answer = await returnParts(
        affiliateID,
        KYC_PARTS.map((part) =>
          choices[part].outcome === 'returned'
            ? { part, outcome: 'returned' as const, reason: reasonOf(choices[part]) }
            : { part, outcome: 'accepted' as const },
        ),
      );
      notify.success(answer.message);
      onReturned();
    } catch {
      // The toast said why; the choices stay for another try.
      setSaving(false);
    }
  };

  const earlier = (part: KycPart) => review?.parts.find((verdict) => verdict.part === part);

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Decide each part</h2>
      <p className={styles.muted}>
        Return only what failed: the affiliate is asked for those parts alone, the others stay as they are.
      </p>
      <form className={styles.parts} onSubmit={(event) => void submit(event)} noValidate aria-busy={saving}>
        {KYC_PARTS.map((part) => {
          const value = choices[part];
          const last = earlier(part);
          const errorId = `${id}-${part}-error`;
          return (
            <fieldset key={part} className={styles.part} data-testid={`part-${part}`}>
              <legend>{KYC_PART_LABELS[part]}</legend>
              {last ? (
                <p className={styles.muted}>
                  Last round: {last.outcome === 'returned' ? `returned (${last.reason})` : 'accepted'} by{' '}
                  {last.decidedByName} on {formatDate(last.decidedOn)} {clockText(last.decidedOn)}
                  {last.outcome === 'returned' && !last.open ? ', corrected by the affiliate' : ''}
                </p>
              ) : null}
              <div className={styles.choices}>
                {(['accepted', 'returned'] as const).map((outcome) => (
                  <label key={outcome} className={styles.choice}>
                    <input
                      type="radio"
                      name={`${id}-${part}`}
                      value={outcome}
                      checked={value.outcome === outcome}
                      disabled={saving}
                      onChange={() => change(part, { outcome })}
                    />
                    {outcome === 'accepted' ? 'Accept' : 'Return'}
                  </label>
                ))}
              </div>
              {value.outcome === 'returned' ? (
                <>
                  <div className={styles.field}>
                    <label htmlFor={`${id}-${part}-reason`}>Reason</label>
                    <select
                      id={`${id}-${part}-reason`}
                      className={styles.select}
                      value={value.choice}
                      disabled={saving}
                      aria-invalid={errors[part] ? true : undefined}
                      aria-describedby={errors[part] ? errorId : undefined}
                      onChange={(event) => change(part, { choice: event.target.value })}
                    >
                      <option value="">Choose a reason</option>
                      {KYC_PART_COMMON_REASONS[part].map((reason) => (
                        <option key={reason} value={reason}>
                          {reason}
                        </option>
                      ))}
                      <option value={OTHER}>Other (write it)</option>
                    </select>
                  </div>
                  {value.choice === OTHER ? (
                    <div className={styles.field}>
                      <label htmlFor={`${id}-${part}-words`}>Reason in your words</label>
                      <ThemedInput
                        id={`${id}-${part}-words`}
                        value={value.ownWords}
                        maxLength={KYC_PART_REASON_MAX_LENGTH}
                        disabled={saving}
                        aria-invalid={errors[part] ? true : undefined}
                        aria-describedby={errors[part] ? errorId : undefined}
                        onChange={(event) => change(part, { ownWords: event.target.value })}
                      />
                    </div>
                  ) : null}
                  {errors[part] ? (
                    <small id={errorId} className={styles.held} role="alert">
                      {errors[part]}
                    </small>
                  ) : null}
                </>
              ) : null}
            </fieldset>
          );
        })}
        {errors.form ? (
          <small className={styles.held} role="alert">
            {errors.form}
          </small>
        ) : null}
        <div className={styles.actions}>
          <Button
            type="submit"
            label="Return the failed parts"
            icon="pi pi-replay"
            severity="danger"
            loading={saving}
            disabled={saving}
          />
        </div>
      </form>
    </section>
  );
}
