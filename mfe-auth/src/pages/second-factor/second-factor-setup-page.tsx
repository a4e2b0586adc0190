import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import axios from 'axios';
import { useNavigate } from 'react-router-dom';
import type { SecondFactorSetup } from '@portal/contracts';
import { SecondFactorEndpoints, SecondFactorMessages, normaliseTotpCode } from '@portal/contracts';
import {
  LoadingSpinner,
  ThemedButton,
  ThemedInput,
  callEndpoint,
  landingPathFor,
  notify,
  useSessionStore,
} from '@portal/shared-ui';
import { FormField, describedBy } from '../common/form-field';
import { RecoveryCodes } from './recovery-codes';
import card from '../common/auth-card.module.css';
import styles from './second-factor-setup-page.module.css';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'already' }
  | { kind: 'scan'; setup: SecondFactorSetup }
  | { kind: 'codes'; codes: string[] };

const messageOf = (error: unknown, fallback: string) => {
  const data: unknown = axios.isAxiosError(error) ? error.response?.data : undefined;
  return data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
    ? data.message
    : fallback;
};

/** '  JBSW Y3DP …': the secret in groups of four, easier to type by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up two-step sign-in (issue 29): scan the QR code (or type the secret), confirm with the first code,
 * then save the recovery codes shown once. An Admin without a second factor is led here at sign-in and may do
 * nothing else until it is done; Backoffice users come from Profile.
 */
export function SecondFactorSetupPage() {
  const navigate = useNavigate();
  const required = useSessionStore((state) => state.userDetails?.secondFactorEnrolment === true);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = 'Two-Step Sign-In | Affiliate Portal';
    // Once: each set-up call makes a new secret, and the one shown must be the one kept.
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const status = await callEndpoint(SecondFactorEndpoints.status);
        if (status.enrolled) {
          // Set up meanwhile (another tab, or a reload while the codes were shown): the session is let go.
          useSessionStore.getState().markSecondFactorEnrolled();
          return setState({ kind: 'already' });
        }
        setState({ kind: 'scan', setup: await callEndpoint(SecondFactorEndpoints.setup) });
      } catch (failure) {
        setState({ kind: 'failed', message: messageOf(failure, 'Two-step sign-in could not be started.') });
      }
    })();
  }, []);

  useEffect(() => {
    if (state.kind === 'codes') document.getElementById('recovery-codes-heading')?.focus();
  }, [state.kind]);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const typed = normaliseTotpCode(code);
    if (!typed) return setError(SecondFactorMessages.codeRequired);
    setError(undefined);
    setBusy(true);
    try {
      // A wrong code (400) is said under the field alone, not again in a toast (issue 51); anything else toasts.
      const answer = await callEndpoint(
        SecondFactorEndpoints.confirm,
        { body: { code: typed } },
        { quietOn: [400] },
      );
      notify.success(answer.message);
      // The session stays marked until the codes are saved: unmarked, an Admin's page would move from the bare
      // layout into the signed-in one, and that remount would lose the codes before they were ever seen.
      setState({ kind: 'codes', codes: answer.recoveryCodes });
    } catch (failure) {
      setError(messageOf(failure, SecondFactorMessages.codeWrong));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  const done = () => {
    useSessionStore.getState().markSecondFactorEnrolled();
    const details = useSessionStore.getState().userDetails;
    navigate(details ? landingPathFor(details) : '/login', { replace: true });
  };

  return (
    <section
      className={`${card.card} ${card.wide}`}
      aria-labelledby="two-step-heading"
      aria-busy={state.kind === 'loading'}
    >
      <h1 id="two-step-heading" ref={heading} tabIndex={-1} className={card.heading}>
        Two-Step Sign-In
      </h1>
      {state.kind !== 'codes' && (
        <p className={card.lead}>
          {required
            ? 'Admins sign in with a password and a code from an authenticator app. Set it up to continue.'
            : 'Sign in with your password and a code from an authenticator app on your phone.'}
        </p>
      )}
      {state.kind === 'loading' && <LoadingSpinner />}
      {state.kind === 'failed' && (
        <p className={styles.error} role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'already' && (
        <p className={styles.status} role="status">
          {SecondFactorMessages.alreadyEnrolled}
        </p>
      )}
      {state.kind === 'scan' && (
        <ol className={styles.steps}>
          <li>
            Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …) and scan
            this QR code:
            <img
              className={styles.qr}
              src={state.setup.qrCode}
              alt="QR code to add the portal to an authenticator app"
            />
            Or type this key into the app:{' '}
            <code className={styles.secret}>{grouped(state.setup.secret)}</code>
          </li>
          <li>
            Enter the 6-digit code the app shows:
            <form
              className={styles.form}
              onSubmit={(event) => void confirm(event)}
              noValidate
              aria-busy={busy}
            >
              <FormField id="setup-code" label="Authentication code" error={error}>
                <ThemedInput
                  id="setup-code"
                  className={styles.input}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  maxLength={6}
                  placeholder="123456"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  invalid={!!error}
                  aria-invalid={!!error}
                  aria-describedby={describedBy('setup-code', error)}
                  disabled={busy}
                />
              </FormField>
              <ThemedButton
                type="submit"
                label={busy ? 'Verifying…' : 'Verify and turn on'}
                loading={busy}
                disabled={busy}
                className={card.submit}
              />
            </form>
          </li>
        </ol>
      )}
      {state.kind === 'codes' && <RecoveryCodes codes={state.codes} onDone={done} />}
    </section>
  );
}

export default SecondFactorSetupPage;
