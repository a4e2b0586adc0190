import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { AuthEndpoints, Messages, OurMessages, PasswordUpdateRequest } from '@portal/contracts';
import {
  ThemedButton,
  callEndpoint,
  fieldErrorsOf,
  landingPathFor,
  notify,
  useSessionStore,
} from '@portal/shared-ui';
import { FormField, describedBy } from '../common/form-field';
import { PasswordField } from '../common/password-field';
import styles from '../common/auth-card.module.css';

const NEW_PASSWORD_HINT = OurMessages.newPasswordRule;
const SERVER_CHECKED_FIELDS = ['currentPassword', 'newPassword'] as const;

/** Spec §2 Update password: three fields, mismatch error, button disabled while loading or invalid. */
export function UpdatePasswordPage() {
  const navigate = useNavigate();
  const forced = useSessionStore((state) => state.userDetails?.forcePasswordUpdate ?? false);
  const [loading, setLoading] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useForm<PasswordUpdateRequest>({
    resolver: zodResolver(PasswordUpdateRequest),
    mode: 'onChange',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  useEffect(() => {
    document.title = 'Update Password | Affiliate Portal';
  }, []);

  const onSubmit = async (body: PasswordUpdateRequest) => {
    setLoading(true);
    try {
      // A refusal of a field (wrong current password, a common password) is shown under it, not as a toast.
      await callEndpoint(AuthEndpoints.passwordUpdate, { body }, { fieldsShown: SERVER_CHECKED_FIELDS });
      notify.success(Messages.passwordUpdated);
      const session = useSessionStore.getState();
      session.markPasswordUpdated();
      const details = session.userDetails;
      navigate(details ? landingPathFor({ ...details, forcePasswordUpdate: false }) : '/login', {
        replace: true,
      });
    } catch (error) {
      // A field's refusal is under the field; any other the HTTP client has shown as a toast.
      for (const [field, message] of Object.entries(fieldErrorsOf(error, SERVER_CHECKED_FIELDS))) {
        setError(field as keyof PasswordUpdateRequest, { type: 'server', message });
      }
      setLoading(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="update-password-heading">
      <h1 id="update-password-heading" className={styles.heading}>
        Update Password
      </h1>
      <p className={styles.lead}>
        {forced
          ? 'You signed in with a temporary password. Choose a new password to continue.'
          : 'Enter your current password, then choose a new one.'}
      </p>
      <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-busy={loading}>
        <FormField id="current-password" label="Current Password" error={errors.currentPassword?.message}>
          <PasswordField
            id="current-password"
            autoComplete="current-password"
            invalid={!!errors.currentPassword}
            aria-invalid={!!errors.currentPassword}
            aria-describedby={describedBy('current-password', errors.currentPassword?.message)}
            disabled={loading}
            {...register('currentPassword', { deps: ['newPassword'] })}
          />
        </FormField>
        <FormField
          id="new-password"
          label="New Password"
          error={errors.newPassword?.message}
          hint={NEW_PASSWORD_HINT}
        >
          <PasswordField
            id="new-password"
            autoComplete="new-password"
            invalid={!!errors.newPassword}
            aria-invalid={!!errors.newPassword}
            aria-describedby={describedBy('new-password', errors.newPassword?.message, NEW_PASSWORD_HINT)}
            disabled={loading}
            {...register('newPassword', { deps: ['confirmPassword'] })}
          />
        </FormField>
        <FormField id="confirm-password" label="Confirm Password" error={errors.confirmPassword?.message}>
          <PasswordField
            id="confirm-password"
            autoComplete="new-password"
            invalid={!!errors.confirmPassword}
            aria-invalid={!!errors.confirmPassword}
            aria-describedby={describedBy('confirm-password', errors.confirmPassword?.message)}
            disabled={loading}
            {...register('confirmPassword')}
          />
        </FormField>
        <ThemedButton
          type="submit"
          label="Update Password"
          loading={loading}
          disabled={loading || !isValid}
          className={styles.submit}
        />
      </form>
    </section>
  );
}

export default UpdatePasswordPage;
