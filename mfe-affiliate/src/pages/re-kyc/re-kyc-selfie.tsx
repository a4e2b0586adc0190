import { useState } from 'react';
import type { ChangeEvent } from 'react';
import { KycPartMessages } from '@portal/contracts';
import { uploadReKycSelfie } from './re-kyc-api';
import styles from './re-kyc-page.module.css';

/**
 * Issue 50: the selfie the reviewer returned, taken again. On a phone the file picker opens the front camera
 * (`capture="user"`); elsewhere it takes a photo file. Saved at once; the re-KYC submit sends it for review.
 */
export function ReKycSelfie({
  alreadyTaken,
  error,
  disabled,
  onSaved,
}: {
  alreadyTaken: boolean;
  error: string | undefined;
  disabled: boolean;
  onSaved: () => void;
}) {
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>(alreadyTaken ? 'saved' : 'idle');

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setState('saving');
    try {
      await uploadReKycSelfie(file);
      setState('saved');
      onSaved();
    } catch {
      // The toast said why (too large, not an image); another photo can be chosen.
      setState('failed');
    }
  };

  const describedBy = ['selfie-hint', 'selfie-state', error ? 'selfie-error' : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor="selfie" className={styles.label}>
        Take your selfie again
      </label>
      <input
        id="selfie"
        type="file"
        accept="image/png,image/jpeg"
        capture="user"
        className={styles.file}
        disabled={disabled || state === 'saving'}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        onChange={(event) => void choose(event)}
      />
      <small id="selfie-hint" className={styles.hint}>
        PNG, JPG up to 5MB
      </small>
      <small id="selfie-state" className={styles.hint} role="status">
        {state === 'saving'
          ? 'Saving your selfie…'
          : state === 'saved'
            ? KycPartMessages.selfieSaved
            : state === 'failed'
              ? 'That photo was not saved. Please choose another.'
              : ''}
      </small>
      {error && state !== 'saved' ? (
        <small id="selfie-error" className={styles.error} role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}
