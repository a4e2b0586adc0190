import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SignInEndpoints, emailError } from '@portal/contracts/web';
import { ThemedButton, callEndpoint, notify } from '@portal/shared-ui';
import { EmailField } from './email-field';
import styles from './login-page.module.css';

export interface ForgotPasswordFormProps {
  initialUserName?: string;
  /** Back to Sign In, with the email typed here. */
  onBack(userName: string): void;
}

/** Spec §2/§5: the in-page forgot-password form: email (required, valid), Submit, Back to Sign In. */
export function ForgotPasswordForm({ initialUserName = '', onBack }: ForgotPasswordFormProps) {
  const [loading, setLoading] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<{ userName: string }>({
    defaultValues: { userName: initialUserName },
  });

  const onSubmit = async ({ userName }: { userName: string }) => {
    setLoading(true);
    try {
      const { message } = await callEndpoint(SignInEndpoints.resetPassword, { body: { userName } });
      notify.success(message);
      onBack(userName);
    } catch {
      // The HTTP client has shown the server's message.
      setLoading(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-busy={loading}>
      <p className={styles.lead}>
        Enter the email of your account and we will send you a temporary password.
      </p>
      <EmailField
        id="forgot-email"
        error={errors.userName?.message}
        disabled={loading}
        registration={register('userName', { validate: (value) => emailError(value) ?? true })}
      />
      <ThemedButton
        type="submit"
        label="Submit"
        loading={loading}
        disabled={loading}
        className={styles.submit}
      />
      <p className={styles.footer}>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => onBack(getValues('userName'))}
          disabled={loading}
        >
          <i className="pi pi-arrow-left" aria-hidden="true" /> Back to Sign In
        </button>
      </p>
    </form>
  );
}
