import type { KeyboardEvent } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Messages, mobileInputMaxLength } from '@portal/contracts/registration-start';
import type { CountryOption } from '@portal/contracts/registration-start';
import { ThemedButton, ThemedInput } from '@portal/shared-ui';
import { OtpCodeField } from './otp-code-field';
import type { RegistrationFormValues } from './registration-form';
import type { ContactVerification } from './use-contact-verification';
import styles from './register-page.module.css';

export interface MobileStepProps {
  verification: ContactVerification;
  countries: readonly CountryOption[];
}

const countryLabel = (country: CountryOption) => `${country.countryName} (${country.phoneCode})`;

/**
 * Spec §4 step 2: country and mobile, unlocked once the email is verified, then the same send, countdown,
 * resend and verify sequence, ending with 'Mobile verified successfully!'.
 */
export function MobileStep({ verification, countries }: MobileStepProps) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<RegistrationFormValues>();
  const flow = verification.mobile;
  const locked = verification.verifiedEmail === null;
  const countryID = useWatch({ control, name: 'countryID' });
  const country = countries.find((option) => option.countryID === countryID);
  const countryError = errors.countryID?.message;
  const mobileError = errors.mobileNumber?.message;
  const mobileDescribedBy = [
    'mobile-note',
    mobileError && 'mobileNumber-error',
    flow.phase === 'verified' && 'mobile-verified',
  ]
    .filter(Boolean)
    .join(' ');

  const act = () =>
    void (flow.phase === 'sent' ? verification.verifyMobileOtp() : verification.sendMobileOtp());
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!locked && flow.phase !== 'verified' && flow.busy === null) act();
  };

  return (
    <fieldset
      className={`${styles.subStep} ${styles.full} ${locked ? styles.dimmed : ''}`}
      disabled={locked}
      aria-describedby="mobile-note"
    >
      <legend className={styles.visuallyHidden}>Mobile number</legend>
      <div className={styles.phone}>
        <div className={styles.field}>
          <label htmlFor="countryID" className={styles.label}>
            Country
          </label>
          <Controller
            control={control}
            name="countryID"
            render={({ field }) => (
              // A native select: the phone's own picker, and none of PrimeReact's dropdown (its overlay,
              // virtual scroller and tooltip) to load and render before the first step answers (issue 26).
              <select
                id="countryID"
                ref={field.ref}
                name={field.name}
                className={[
                  'p-inputtext p-component',
                  styles.control,
                  styles.select,
                  countryError ? 'p-invalid' : '',
                  locked ? 'p-disabled' : '',
                ]
                  .filter(Boolean)
                  .join(' ')}
                value={field.value ?? ''}
                disabled={locked}
                aria-invalid={Boolean(countryError)}
                aria-describedby={countryError ? 'countryID-error' : undefined}
                onChange={(event) => {
                  field.onChange(event.target.value === '' ? null : Number(event.target.value));
                  verification.recheck('countryID');
                  verification.recheck('mobileNumber');
                }}
                onBlur={field.onBlur}
              >
                <option value="">Select country</option>
                {countries.map((option) => (
                  <option key={option.countryID} value={option.countryID}>
                    {countryLabel(option)}
                  </option>
                ))}
              </select>
            )}
          />
          {countryError && (
            <small id="countryID-error" className={styles.error} role="alert">
              {countryError}
            </small>
          )}
        </div>
        <div className={styles.field}>
          <label htmlFor="mobileNumber" className={styles.label}>
            Mobile Number
          </label>
          <div className={styles.inline}>
            <div className={styles.prefixed}>
              {country && (
                <span className={styles.prefix} aria-hidden="true">
                  {country.phoneCode}
                </span>
              )}
              <ThemedInput
                id="mobileNumber"
                type="tel"
                className={styles.control}
                autoComplete="tel-national"
                inputMode="numeric"
                maxLength={mobileInputMaxLength(country?.phoneNumberLength)}
                placeholder={country ? `${country.phoneNumberLength}-digit number` : 'Mobile number'}
                disabled={locked}
                invalid={Boolean(mobileError)}
                aria-invalid={Boolean(mobileError)}
                aria-describedby={mobileDescribedBy}
                onKeyDown={onKeyDown}
                {...register('mobileNumber', { onChange: () => verification.recheck('mobileNumber') })}
              />
            </div>
            {flow.phase !== 'verified' && (
              <ThemedButton
                label={flow.phase === 'sent' ? 'Verify OTP' : 'Send OTP'}
                aria-label={flow.phase === 'sent' ? 'Verify OTP for mobile' : 'Send OTP to mobile'}
                loading={flow.busy === 'send' || flow.busy === 'verify'}
                disabled={locked || flow.busy !== null}
                onClick={act}
              />
            )}
          </div>
          {mobileError && (
            <small id="mobileNumber-error" className={styles.error} role="alert">
              {mobileError}
            </small>
          )}
        </div>
      </div>
      <p id="mobile-note" className={styles.hint}>
        <i className="pi pi-whatsapp" aria-hidden="true" /> The mobile number must be registered with
        WhatsApp: the OTP is sent there.
      </p>
      {flow.phase === 'sent' && verification.mobileDelivery && (
        <p
          id="mobile-delivery"
          className={
            verification.mobileDelivery.state === 'failed'
              ? styles.error
              : verification.mobileDelivery.channel === 'sms'
                ? // Issue 51: the code now comes by SMS, not where the note above said: a notice, not small print.
                  styles.channelChanged
                : styles.hint
          }
          role="status"
          aria-live="polite"
        >
          <i
            className={
              verification.mobileDelivery.state === 'failed'
                ? 'pi pi-exclamation-triangle'
                : verification.mobileDelivery.channel === 'sms'
                  ? 'pi pi-mobile'
                  : 'pi pi-comment'
            }
            aria-hidden="true"
          />{' '}
          {verification.mobileDelivery.message}
        </p>
      )}
      {flow.phase === 'verified' && (
        <span id="mobile-verified" className={styles.success} role="status">
          <i className="pi pi-check-circle" aria-hidden="true" />
          {Messages.mobileVerified}
        </span>
      )}
      {flow.phase === 'sent' && (
        <OtpCodeField
          name="mobileOTP"
          label="Mobile OTP"
          flow={flow}
          // Once the code went by SMS (or failed) the line above says so instead.
          sentMessage={verification.mobileDelivery ? null : flow.sentMessage}
          onVerify={() => void verification.verifyMobileOtp()}
          onResend={() => void verification.resendMobileOtp()}
          onEdit={() => verification.recheck('mobileOTP')}
        />
      )}
    </fieldset>
  );
}
