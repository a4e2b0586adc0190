import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { LoginRequest, LoginResponse, Texts } from '@portal/contracts';
import { landingPathFor, postJson, useSessionStore } from '@portal/shared-ui';
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

const SignInForm = LoginRequest.pick({ userName: true, password: true }).extend({ rememberMe: z.boolean() });
type SignInForm = z.infer<typeof SignInForm>;

export interface SignInFormProps {
  /** Prefill, e.g. the email just used on the forgot-password form. */
  initialUserName?: string;
  coordinates: { readonly current: Coordinates | null };
  onForgotPassword(userName: string): void;
}

function initialValues(initialUserName?: string): SignInForm {
  const remembered = readRememberedCredentials();
  if (remembered && (!initialUserName || initialUserName === remembered.userName))
    return { ...remembered, rememberMe: true };
  return { userName: initialUserName ?? '', password: '', rememberMe: false };
}

/** Spec §2/§4/§5 Login: email, password, Remember Me, Forgot password, spinner while signing in. */
export function SignInFormView({ initialUserName, coordinates, onForgotPassword }: SignInFormProps) {
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<SignInForm>({
    resolver: zodResolver(SignInForm),
    defaultValues: initialValues(initialUserName),
  });

  const onSubmit = async ({ userName, password, rememberMe }: SignInForm) => {
    if (!rememberMe) forgetRememberedCredentials();
    setLoading(true);
    try {
      // rememberMe stays in the browser; the position goes only when the browser has given one.
      const response = await postJson(
        'login/auth',
        { userName, password, ...coordinates.current },
        LoginResponse,
      );
      if (rememberMe) saveRememberedCredentials({ userName, password });
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
        registration={register('userName')}
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
          {...register('password')}
        />
      </FormField>
      <div className={styles.row}>
        <Controller
          control={control}
          name="rememberMe"
          render={({ field }) => (
            <span className={styles.checkbox}>
              <Checkbox
                inputId="login-remember"
                name={field.name}
                checked={field.value}
                onChange={(event) => field.onChange(event.checked === true)}
                onBlur={field.onBlur}
                disabled={loading}
              />
              <label htmlFor="login-remember">Remember Me</label>
            </span>
          )}
        />
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => onForgotPassword(getValues('userName'))}
          disabled={loading}
        >
          Forgot password?
        </button>
      </div>
      <Button
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
