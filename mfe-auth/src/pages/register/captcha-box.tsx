import { useCallback, useEffect, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  CAPTCHA_HEIGHT,
  CAPTCHA_LENGTH,
  CAPTCHA_WIDTH,
  Messages,
} from '@portal/contracts/registration-start';
import type { CaptchaChallengeResponse } from '@portal/contracts/registration-start';
import { ThemedButton, ThemedInput } from '@portal/shared-ui';
import type { RegistrationApi } from './registration-api';
import type { RegistrationFormValues } from './registration-form';
import styles from './register-page.module.css';

export interface CaptchaBoxProps {
  api: Pick<RegistrationApi, 'newCaptcha' | 'verifyCaptcha'>;
  disabled: boolean;
  /** Changes when a new challenge is wanted (the form was reset, a submit was refused). */
  generation: number;
}

/**
 * Spec §4 Captcha: a 150x50 image of 6 characters with Refresh and Verify. A solved challenge's id goes into
 * the form (`captchaId`); a wrong answer ends the challenge on the server, so a new one is drawn and the
 * input cleared.
 */
export function CaptchaBox({ api, disabled, generation }: CaptchaBoxProps) {
  const {
    control,
    register,
    getValues,
    setValue,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useFormContext<RegistrationFormValues>();
  const [challenge, setChallenge] = useState<CaptchaChallengeResponse | null>(null);
  const [busy, setBusy] = useState<'loading' | 'verifying' | null>(null);
  const [solvedMessage, setSolvedMessage] = useState('');
  const solvedId = useWatch({ control, name: 'captchaId' });
  const solved = solvedId !== '' && solvedId === challenge?.captchaId;
  const error = errors.captchaId?.message;

  const load = useCallback(async () => {
    setBusy('loading');
    setValue('captchaAnswer', '');
    setValue('captchaId', '');
    setSolvedMessage('');
    try {
      setChallenge(await api.newCaptcha());
    } catch {
      // Shown by the HTTP client; Refresh tries again.
      setChallenge(null);
    } finally {
      setBusy(null);
    }
  }, [api, setValue]);

  // A challenge is drawn when step two opens (so it has not expired by then) and on every new generation.
  useEffect(() => {
    if (!disabled) void load();
  }, [disabled, generation, load]);

  async function verify() {
    if (!challenge || busy) return;
    const answer = getValues('captchaAnswer').trim();
    if (!answer) {
      setError('captchaId', { type: 'validate', message: Messages.captchaInvalid });
      setFocus('captchaAnswer');
      return;
    }
    setBusy('verifying');
    try {
      const { message } = await api.verifyCaptcha({ captchaId: challenge.captchaId, answer });
      setValue('captchaId', challenge.captchaId);
      clearErrors('captchaId');
      setSolvedMessage(message);
      setBusy(null);
    } catch {
      setBusy(null);
      await load();
      setFocus('captchaAnswer');
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!solved) void verify();
  };

  const describedBy = ['captcha-hint', error && 'captcha-error', solved && 'captcha-solved']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor="captchaAnswer" className={styles.label}>
        Captcha
      </label>
      <div className={styles.captchaRow}>
        {challenge ? (
          <img
            className={styles.captchaImage}
            src={challenge.image}
            width={CAPTCHA_WIDTH}
            height={CAPTCHA_HEIGHT}
            alt={`CAPTCHA: type the ${CAPTCHA_LENGTH} characters shown`}
          />
        ) : (
          <span className={styles.captchaImage} aria-hidden="true" />
        )}
        <ThemedButton
          icon="pi pi-refresh"
          aria-label="Refresh CAPTCHA"
          title="Refresh CAPTCHA"
          className="p-button-secondary p-button-outlined"
          disabled={disabled || busy !== null}
          loading={busy === 'loading'}
          onClick={() => void load()}
        />
      </div>
      <div className={styles.captchaInput}>
        <ThemedInput
          id="captchaAnswer"
          className={styles.control}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={CAPTCHA_LENGTH}
          placeholder={`Enter the ${CAPTCHA_LENGTH} characters`}
          readOnly={solved}
          invalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          onKeyDown={onKeyDown}
          {...register('captchaAnswer')}
        />
        {!solved && (
          <ThemedButton
            label="Verify"
            className="p-button-outlined"
            disabled={disabled || !challenge || busy !== null}
            loading={busy === 'verifying'}
            onClick={() => void verify()}
          />
        )}
      </div>
      <p id="captcha-hint" className={styles.hint}>
        Letters and digits; not case-sensitive.
      </p>
      {solved && (
        <span id="captcha-solved" className={styles.success} role="status">
          <i className="pi pi-check-circle" aria-hidden="true" />
          {solvedMessage}
        </span>
      )}
      {error && (
        <small id="captcha-error" className={styles.error} role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
