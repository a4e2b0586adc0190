import type { KeyboardEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import { EMAIL_MAX_LENGTH, Messages } from '@portal/contracts/registration-start';
import { ThemedButton, ThemedInput } from '@portal/shared-ui';
import { OtpCodeField } from './otp-code-field';
import type { RegistrationFormValues } from './registration-form';
import type { ContactVerification } from './use-contact-verification';
import styles from './register-page.module.css';

/** Spec §4 step 1: email, Send OTP, the OTP field with its countdown, Verify OTP, 'Email verified successfully!'. */
export function EmailStep({ verification }: { verification: ContactVerification }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<RegistrationFormValues>();
  const flow = verification.email;
  const error = errors.email?.message;
  const describedBy = [error && 'email-error', flow.phase === 'verified' && 'email-verified']
    .filter(Boolean)
    .join(' ');

  const act = () =>
    void (flow.phase === 'sent' ? verification.verifyEmailOtp() : verification.sendEmailOtp());
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (flow.phase !== 'verified' && flow.busy === null) act();
  };

  return (
    <div className={`${styles.field} ${styles.full}`}>
      <label htmlFor="email" className={styles.label}>
        Email
      </label>
      <div className={styles.inline}>
        <ThemedInput
          id="email"
          type="email"
          className={styles.control}
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_MAX_LENGTH}
          placeholder="you@example.com"
          invalid={Boolean(error)}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy || undefined}
          onKeyDown={onKeyDown}
          {...register('email', { onChange: () => verification.recheck('email') })}
        />
        {flow.phase !== 'verified' && (
          <ThemedButton
            label={flow.phase === 'sent' ? 'Verify OTP' : 'Send OTP'}
            aria-label={flow.phase === 'sent' ? 'Verify OTP for email' : 'Send OTP to email'}
            loading={flow.busy === 'send' || flow.busy === 'verify'}
            disabled={flow.busy !== null}
            onClick={act}
          />
        )}
      </div>
      {error && (
        <small id="email-error" className={styles.error} role="alert">
          {error}
        </small>
      )}
      {flow.phase === 'verified' && (
        <span id="email-verified" className={styles.success} role="status">
          <i className="pi pi-check-circle" aria-hidden="true" />
          {Messages.emailVerified}
        </span>
      )}
      {flow.phase === 'sent' && (
        <OtpCodeField
          name="emailOTP"
          label="Email OTP"
          flow={flow}
          sentMessage={flow.sentMessage}
          onVerify={() => void verification.verifyEmailOtp()}
          onResend={() => void verification.resendEmailOtp()}
          onEdit={() => verification.recheck('emailOTP')}
        />
      )}
    </div>
  );
}
