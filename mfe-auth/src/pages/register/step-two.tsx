import { Controller, useFormContext } from 'react-hook-form';
import type { BankOption, ResolveAccountNameResponse } from '@portal/contracts/registration-start';
import { ThemedButton } from '@portal/shared-ui';
import { CaptchaBox } from './captcha-box';
import { IdentityBankFields } from './identity-bank-fields';
import type { RegistrationApi } from './registration-api';
import { RELOAD_AFTER_RESET_MS } from './registration-form';
import type { RegistrationFormValues } from './registration-form';
import { SelfieCapture } from './selfie-capture';
import styles from './register-page.module.css';

export interface StepTwoProps {
  api: RegistrationApi;
  banks: readonly BankOption[];
  /** Until email and mobile are verified, step two is shown but disabled. */
  locked: boolean;
  captchaGeneration: number;
  reloadPending: boolean;
  submitting: boolean;
  onReset(): void;
  resolveAccountName(bankID: number, accountNumber: string): Promise<ResolveAccountNameResponse>;
}

/**
 * Step two (identity, bank, selfie, captcha, terms) and the form's buttons: its own chunk, loaded and evaluated
 * after step one is on screen (loadStepTwo), so the first page does not wait for PrimeReact's dropdown,
 * the camera and the captcha.
 */
export function StepTwo({
  api,
  banks,
  locked,
  captchaGeneration,
  reloadPending,
  submitting,
  onReset,
  resolveAccountName,
}: StepTwoProps) {
  const {
    control,
    setValue,
    clearErrors,
    formState: { errors, isSubmitted },
  } = useFormContext<RegistrationFormValues>();
  return (
    <>
      <fieldset
        className={`${styles.step} ${locked ? styles.dimmed : ''}`}
        disabled={locked}
        aria-describedby={locked ? 'step-two-locked' : undefined}
      >
        <legend>
          <span className={styles.stepNumber} aria-hidden="true">
            2
          </span>
          Identity, bank and selfie
        </legend>
        {locked && (
          <p id="step-two-locked" className={styles.lockedNote}>
            Verify your email and mobile number to continue.
          </p>
        )}
        <div className={styles.grid}>
          <IdentityBankFields banks={banks} disabled={locked} resolveAccountName={resolveAccountName} />
          <Controller
            control={control}
            name="selfieImagePath"
            render={({ field }) => (
              <div className={styles.full}>
                <SelfieCapture
                  value={field.value}
                  disabled={locked}
                  upload={async (file) => {
                    const answer = await api.uploadSelfie(file);
                    return answer.selfieImagePath;
                  }}
                  onUploaded={(path) => {
                    setValue('selfieImagePath', path, { shouldValidate: isSubmitted });
                    clearErrors('selfieImagePath');
                  }}
                  error={errors.selfieImagePath?.message}
                />
              </div>
            )}
          />
          <div className={styles.full}>
            <CaptchaBox api={api} disabled={locked} generation={captchaGeneration} />
          </div>
          <div className={`${styles.field} ${styles.full}`}>
            <Controller
              control={control}
              name="tandc"
              render={({ field }) => (
                <div className={styles.terms}>
                  <input
                    type="checkbox"
                    id="tandc"
                    className={styles.choice}
                    ref={field.ref}
                    checked={field.value}
                    disabled={locked}
                    aria-invalid={Boolean(errors.tandc)}
                    aria-describedby={errors.tandc ? 'tandc-error' : undefined}
                    onChange={(event) => field.onChange(event.target.checked)}
                  />
                  <label htmlFor="tandc">I accept the terms and conditions</label>
                </div>
              )}
            />
            {errors.tandc?.message && (
              <small id="tandc-error" className={styles.error} role="alert">
                {errors.tandc.message}
              </small>
            )}
          </div>
        </div>
      </fieldset>

      {reloadPending && (
        <p className={styles.notice} role="status">
          The form has been reset. The page will reload in {RELOAD_AFTER_RESET_MS / 1000} seconds.
        </p>
      )}
      <div className={styles.actions}>
        <ThemedButton label="Reset" className="p-button-secondary p-button-outlined" onClick={onReset} />
        <ThemedButton
          type="submit"
          label="Register Now"
          icon="pi pi-user-plus"
          loading={submitting}
          disabled={locked || submitting}
        />
      </div>
    </>
  );
}

export default StepTwo;
