import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
// The sign-in page is the first a visitor loads: it uses the zod-free contract and no PrimeReact component.
import { SignInEndpoints, Texts, isSecondFactorChallenge, signInFieldError } from '@portal/contracts/web';
import { ThemedButton, callEndpoint, landingPathFor, useSessionStore } from '@portal/shared-ui';
import { FormField, describedBy } from '../common/form-field';
import { PasswordField } from '../common/password-field';
import {
  forgetRememberedCredentials,
  readRememberedCredentials,
  saveRememberedCredentials,
} from './remember-me';
import type { Coordinates } from './use-geolocation';
import { EmailField } from './email-field';
import styles from './login-page.module.css';

interface SignInForm {
  userName: string;
  password: string;
  rememberMe: boolean;
}

/** Reports the field's first problem, as the gateway's LoginRequest would. */
const rule = (check: (value: unknown) => string | undefined) => (value: unknown) => check(value) ?? true;

export interface SignInFormProps {
  /** Prefill, e.g. the email just used on the forgot-password form. */
  initialUserName?: string;
  coordinates: { readonly current: Coordinates | null };
  onForgotPassword(userName: string): void;
  /** The password was right and the account has a second factor: the code step, with the challenge. */
  onSecondFactor(challenge: string): void;
}

function initialValues(initialUserName?: string): SignInForm {
  const remembered = readRememberedCredentials();
  if (remembered && (!initialUserName || initialUserName === remembered.userName))
    return { ...remembered, rememberMe: true };
  return { userName: initialUserName ?? '', password: '', rememberMe: false };
}

/** Spec §2/§4/§5 Login: email, password, Remember Me, Forgot password, spinner while signing in. */
export function SignInFormView({
  initialUserName,
  coordinates,
  onForgotPassword,
  onSecondFactor,
}: SignInFormProps) {
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<SignInForm>({
    defaultValues: initialValues(initialUserName),
  });

  const onSubmit = async ({ userName: typedUserName, password, rememberMe }: SignInForm) => {
    const userName = typedUserName.trim();
    if (!rememberMe) forgetRememberedCredentials();
    setLoading(true);
    try {
      // rememberMe stays in the browser; the position goes only when the browser has given one.
      const response = await callEndpoint(SignInEndpoints.login, {
        body: { userName, password, ...coordinates.current },
      });
      if (rememberMe) saveRememberedCredentials({ userName, password });
      if (isSecondFactorChallenge(response)) {
        onSecondFactor(response.challenge);
        return;
      }
      useSessionStore.getState().signIn(response);
      navigate(landingPathFor(response), { replace: true });
    } catch {
      // The HTTP client has shown the server's message.
      setLoading(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-busy={loading}>
      <EmailField
        id="login-email"
        error={errors.userName?.message}
        disabled={loading}
        registration={register('userName', { validate: rule(signInFieldError.userName) })}
      />
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        <PasswordField
          id="login-password"
          autoComplete="current-password"
          placeholder="Your password"
          invalid={!!errors.password}
          aria-invalid={!!errors.password}
          aria-describedby={describedBy('login-password', errors.password?.message)}
          disabled={loading}
          {...register('password', { validate: rule(signInFieldError.password) })}
        />
      </FormField>
      <div className={styles.row}>
        <span className={styles.checkbox}>
          <input id="login-remember" type="checkbox" disabled={loading} {...register('rememberMe')} />
          <label htmlFor="login-remember">Remember Me</label>
        </span>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => onForgotPassword(getValues('userName'))}
          disabled={loading}
        >
          Forgot password?
        </button>
      </div>
      <ThemedButton
        type="submit"
        label={loading ? 'Signing in…' : 'Sign In'}
        loading={loading}
        disabled={loading}
        className={styles.submit}
      />
      <p className={styles.footer}>
        New here? <Link to="/register">{Texts.registerLink}</Link>
      </p>
    </form>
  );
}
