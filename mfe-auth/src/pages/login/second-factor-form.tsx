import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
// On the sign-in page: the zod-free contract only.
import {
  SecondFactorMessages,
  SignInEndpoints,
  normaliseRecoveryCode,
  normaliseTotpCode,
} from '@portal/contracts/web';
import { ThemedButton, ThemedInput, callEndpoint, landingPathFor, useSessionStore } from '@portal/shared-ui';
import { FormField, describedBy } from '../common/form-field';
import styles from './login-page.module.css';

export interface SecondFactorFormProps {
  /** The password step's challenge. */
  challenge: string;
  /** Back to email and password (the challenge expires after five minutes). */
  onBack(): void;
}

/**
 * Sign-in's second step (issue 29): the 6-digit code of the authenticator app (autocomplete one-time-code,
 * numeric keyboard), or one of the recovery codes. The server's refusal is shown by the HTTP client's toast
 * and under the field.
 */
export function SecondFactorForm({ challenge, onBack }: SecondFactorFormProps) {
  const navigate = useNavigate();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = recovery ? 'login-recovery-code' : 'login-code';

  useEffect(() => input.current?.focus(), [recovery]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const code = recovery ? normaliseRecoveryCode(value) : normaliseTotpCode(value);
    if (!code) {
      setError(recovery ? SecondFactorMessages.recoveryCodeFormat : SecondFactorMessages.codeRequired);
      input.current?.focus();
      return;
    }
    setError(undefined);
    setLoading(true);
    try {
      const response = await callEndpoint(SignInEndpoints.secondFactor, {
        body: recovery ? { challenge, recoveryCode: code } : { challenge, code },
      });
      useSessionStore.getState().signIn(response);
      navigate(landingPathFor(response), { replace: true });
    } catch (caught) {
      // The toast has the server's message; keep the field ready for the next code.
      const message =
        caught && typeof caught === 'object' && 'response' in caught
          ? (caught as { response?: { data?: { message?: unknown } } }).response?.data?.message
          : undefined;
      setError(typeof message === 'string' ? message : SecondFactorMessages.codeWrong);
      setValue('');
      setLoading(false);
      input.current?.focus();
    }
  };

  const label = recovery ? 'Recovery code' : 'Authentication code';
  const hint = recovery
    ? 'One of the recovery codes you saved when you set up two-step sign-in. Each works once.'
    : SecondFactorMessages.codeNeeded;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={loading}>
      <FormField id={id} label={label} error={error} hint={hint}>
        <ThemedInput
          key={id}
          ref={input}
          id={id}
          name={recovery ? 'recoveryCode' : 'code'}
          className={styles.input}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          pattern={recovery ? undefined : '[0-9]*'}
          maxLength={recovery ? 24 : 6}
          autoCapitalize={recovery ? 'characters' : undefined}
          spellCheck={false}
          placeholder={recovery ? 'ABCD-EFGH-JKLM-NPQR' : '123456'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          invalid={!!error}
          aria-invalid={!!error}
          aria-describedby={describedBy(id, error, hint)}
          disabled={loading}
        />
      </FormField>
      <ThemedButton
        type="submit"
        label={loading ? 'Verifying…' : 'Verify'}
        loading={loading}
        disabled={loading}
        className={styles.submit}
      />
      <div className={styles.row}>
        <button
          type="button"
          className={styles.linkButton}
          disabled={loading}
          onClick={() => {
            setRecovery((current) => !current);
            setValue('');
            setError(undefined);
          }}
        >
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </button>
        <button type="button" className={styles.linkButton} onClick={onBack} disabled={loading}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}
