import { useEffect } from 'react';
import type { KeyboardEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import { OTP_LENGTH } from '@portal/contracts/registration-start';
import { ThemedInput } from '@portal/shared-ui';
import type { RegistrationFormValues } from './registration-form';
import type { OtpFlow } from './use-otp-flow';
import styles from './register-page.module.css';

export interface OtpCodeFieldProps {
  name: 'emailOTP' | 'mobileOTP';
  label: string;
  flow: OtpFlow;
  /** Where the code went, from the send's answer; null when a line elsewhere says it (issue 51: not a toast). */
  sentMessage: string | null;
  onVerify: () => void;
  onResend: () => void;
  onEdit: () => void;
}

/** The 6-digit code field shown once an OTP is sent, with the 'Resend in Ns' countdown, then Resend OTP. */
export function OtpCodeField({
  name,
  label,
  flow,
  sentMessage,
  onVerify,
  onResend,
  onEdit,
}: OtpCodeFieldProps) {
  const {
    register,
    setFocus,
    formState: { errors },
  } = useFormContext<RegistrationFormValues>();
  const error = errors[name]?.message;
  const errorId = `${name}-error`;
  const sentId = `${name}-sent`;
  const describedBy = [error && errorId, sentMessage && sentId].filter(Boolean).join(' ');

  useEffect(() => setFocus(name), [name, setFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onVerify();
  };

  return (
    <div className={styles.field}>
      <label htmlFor={name} className={styles.label}>
        {label}
      </label>
      <ThemedInput
        id={name}
        className={styles.control}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        placeholder={`Enter the ${OTP_LENGTH}-digit OTP`}
        invalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy || undefined}
        onKeyDown={onKeyDown}
        {...register(name, { onChange: onEdit })}
      />
      {error && (
        <small id={errorId} className={styles.error} role="alert">
          {error}
        </small>
      )}
      {sentMessage && (
        <p id={sentId} className={styles.hint} role="status">
          {sentMessage}
        </p>
      )}
      <div className={styles.resendRow}>
        {flow.resendIn > 0 ? (
          <span>Resend in {flow.resendIn}s</span>
        ) : (
          <button
            type="button"
            className={styles.linkButton}
            disabled={flow.busy !== null}
            onClick={onResend}
          >
            Resend OTP
          </button>
        )}
      </div>
    </div>
  );
}
