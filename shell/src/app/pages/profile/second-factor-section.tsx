import { useState } from 'react';
import type { FormEvent } from 'react';
import axios from 'axios';
import { useNavigate } from 'react-router-dom';
import {
  SecondFactorEndpoints,
  SecondFactorMessages,
  normaliseRecoveryCode,
  normaliseTotpCode,
} from '@portal/contracts';
import {
  LoadFailed,
  LoadingSpinner,
  SECOND_FACTOR_SETUP_PATH,
  ThemedButton,
  ThemedInput,
  callEndpoint,
  notify,
  useEndpoint,
  useSessionStore,
} from '@portal/shared-ui';
import styles from './profile-page.module.css';

const PROOF_ID = 'second-factor-proof';

/**
 * Profile's two-step sign-in (issue 29), for staff: on or off; set it up; turn it off (or, for an Admin who must
 * have one, set it up again) with a code from the app or a recovery code.
 */
export function SecondFactorSection() {
  const navigate = useNavigate();
  const loaded = useEndpoint(SecondFactorEndpoints.status);
  const status = loaded.state === 'ready' ? loaded.data : undefined;
  const [proof, setProof] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    const code = normaliseTotpCode(proof);
    const recoveryCode = code ? undefined : normaliseRecoveryCode(proof);
    if (!code && !recoveryCode) return setError(SecondFactorMessages.oneOfCodeOrRecoveryCode);
    setError(undefined);
    setBusy(true);
    try {
      // A wrong code answers 401 (it counts toward the sign-in lockout): said under the field alone, not as a
      // toast, and not taken for an ended session, which would sign the user out (issue 51).
      const answer = await callEndpoint(
        SecondFactorEndpoints.remove,
        { body: code ? { code } : { recoveryCode } },
        { quietOn: [401] },
      );
      notify.success(answer.message);
      setProof('');
      if (status?.required) {
        // An Admin must have one: this session may now only set it up again.
        const { userDetails, signIn } = useSessionStore.getState();
        if (userDetails) signIn({ ...userDetails, secondFactorEnrolment: true });
        navigate(SECOND_FACTOR_SETUP_PATH);
        return;
      }
      loaded.reload();
    } catch (failure) {
      const data: unknown = axios.isAxiosError(failure) ? failure.response?.data : undefined;
      const message =
        data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
          ? data.message
          : SecondFactorMessages.codeWrong;
      setError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="two-step-heading">
      <h2 id="two-step-heading">Two-Step Sign-In</h2>
      {loaded.state === 'loading' && <LoadingSpinner label="Loading two-step sign-in" />}
      {loaded.state === 'error' && (
        <LoadFailed
          message="Two-step sign-in could not be loaded."
          onRetry={loaded.reload}
          error={loaded.error}
        />
      )}
      {status && !status.enrolled && (
        <>
          <p className={styles.text}>
            Off. Turn it on to sign in with your password and a code from an authenticator app.
          </p>
          <ThemedButton
            type="button"
            label="Set up two-step sign-in"
            icon="pi pi-shield"
            onClick={() => navigate(SECOND_FACTOR_SETUP_PATH)}
          />
        </>
      )}
      {status?.enrolled && (
        <>
          <p className={styles.text}>
            On. {status.recoveryCodesLeft} of 10 recovery codes left.
            {status.required
              ? ' Admins must use it; lost your phone? Set it up again with a recovery code.'
              : ''}
          </p>
          <form
            className={styles.inlineForm}
            onSubmit={(event) => void turnOff(event)}
            noValidate
            aria-busy={busy}
          >
            <label htmlFor={PROOF_ID} className={styles.label}>
              Code from the app, or a recovery code
            </label>
            <ThemedInput
              id={PROOF_ID}
              autoComplete="one-time-code"
              spellCheck={false}
              value={proof}
              onChange={(event) => setProof(event.target.value)}
              invalid={!!error}
              aria-invalid={!!error}
              aria-describedby={error ? `${PROOF_ID}-error` : undefined}
              disabled={busy}
            />
            {error && (
              <small id={`${PROOF_ID}-error`} className={styles.error} role="alert">
                {error}
              </small>
            )}
            <ThemedButton
              type="submit"
              label={status.required ? 'Set up again' : 'Turn off'}
              className={status.required ? 'p-button-outlined' : 'p-button-outlined p-button-danger'}
              loading={busy}
              disabled={busy}
            />
          </form>
        </>
      )}
    </section>
  );
}
