import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { FULL_NAME_MAX_LENGTH, Texts } from '@portal/contracts/registration';
import type {
  RegisterOptionsResponse,
  RegistrationFormContext,
  SubmitRegistrationRequest,
} from '@portal/contracts/registration';
import { LOGIN_PATH, notify } from '@portal/shared-ui';
import { CaptchaBox } from './captcha-box';
import { EmailStep } from './email-step';
import { IdentityBankFields } from './identity-bank-fields';
import { MobileStep } from './mobile-step';
import { registrationApi } from './registration-api';
import type { RegistrationApi } from './registration-api';
import { EMPTY_REGISTRATION_FORM, contractsResolver } from './registration-form';
import type { RegistrationFormValues } from './registration-form';
import { SelfieCapture } from './selfie-capture';
import { useContactVerification } from './use-contact-verification';
import styles from './register-page.module.css';

/** Spec §4 / §9: after a form reset the page reloads after 5 seconds. */
export const RELOAD_AFTER_RESET_MS = 5000;

/**
 * False for the page's first commit, true in a transition right after it. Everything below step one (step two,
 * the buttons, the footer) comes in that second commit: the first puts on screen what the phone shows first,
 * and neither inserts the whole form in one task (on Lighthouse's phone one commit of ~250 ms, issue 14).
 * Nothing moves: what the second commit adds is below all that the first one drew.
 */
function useAfterFirstCommit(): boolean {
  const [committed, setCommitted] = useState(false);
  useEffect(() => {
    startTransition(() => setCommitted(true));
  }, []);
  return committed;
}

export interface RegisterPageProps {
  api?: RegistrationApi;
  reloadPage?: () => void;
}

/** Affiliate registration (spec §2, §4): step one verifies email and mobile; step two opens once both are. */
export function RegisterPage({
  api = registrationApi,
  reloadPage = () => window.location.reload(),
}: RegisterPageProps) {
  const [options, setOptions] = useState<RegisterOptionsResponse | null>(null);
  const [optionsFailed, setOptionsFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const [reloadPending, setReloadPending] = useState(false);
  const navigate = useNavigate();
  const countries = useMemo(() => options?.countries ?? [], [options]);

  // The rules of contracts need the page's state (the countries' mobile lengths, the verified email).
  const rulesContext = useRef<RegistrationFormContext>({ countries: [], verifiedEmail: null });
  const resolver = useMemo(() => contractsResolver(() => rulesContext.current), []);
  const form = useForm<RegistrationFormValues, unknown, SubmitRegistrationRequest>({
    defaultValues: EMPTY_REGISTRATION_FORM,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const verification = useContactVerification(form, countries, api);
  rulesContext.current = {
    countries,
    verifiedEmail: verification.verifiedEmail ?? verification.lastVerifiedEmail,
  };
  const stepTwoLocked = !verification.bothVerified;
  const registrationEmail = verification.verifiedEmail;
  const resolveAccountName = useCallback(
    (bankID: number, accountNumber: string) =>
      api.resolveAccountName({ email: registrationEmail ?? '', bankID, accountNumber }),
    [api, registrationEmail],
  );
  const restShown = useAfterFirstCommit();

  const loadOptions = useCallback(async () => {
    setOptionsFailed(false);
    // The answer re-renders the whole form (its lists fill in). Outside a transition React renders that in
    // one task, without yielding: on Lighthouse's phone a long task of ~250 ms (issue 14). In a transition it
    // renders in slices of a few milliseconds; what the user sees is the same.
    let answer: RegisterOptionsResponse;
    try {
      answer = await api.options();
    } catch {
      startTransition(() => setOptionsFailed(true));
      return;
    }
    startTransition(() => setOptions(answer));
  }, [api]);

  useEffect(() => {
    void loadOptions();
  }, [loadOptions]);

  useEffect(() => {
    if (!reloadPending) return undefined;
    const timer = setTimeout(reloadPage, RELOAD_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [reloadPending, reloadPage]);

  const onSubmit = form.handleSubmit(async (payload) => {
    setSubmitting(true);
    try {
      const { message } = await api.submitRegistration(payload);
      notify.success(message);
      navigate(LOGIN_PATH);
    } catch {
      // The server's message is shown by the HTTP client. A solved captcha is single use: draw a new one.
      setCaptchaGeneration((generation) => generation + 1);
    } finally {
      setSubmitting(false);
    }
  });

  function resetForm() {
    form.reset(EMPTY_REGISTRATION_FORM);
    verification.resetAll();
    setCaptchaGeneration((generation) => generation + 1);
    setReloadPending(true);
  }

  const {
    control,
    register,
    setValue,
    clearErrors,
    formState: { errors },
  } = form;
  const fullNameError = errors.fullName?.message;

  // The form is there from the first paint, its lists empty until the options arrive: swapping a spinner for
  // the form moved everything below it (CLS 0.09 quiet, 0.32 busy). A failure is a notice above the form, so
  // nothing typed meanwhile is lost.
  const optionsNotice = optionsFailed ? (
    <div className={styles.notice} role="alert">
      <p>The registration form could not be loaded.</p>
      <Button
        type="button"
        label="Try again"
        icon="pi pi-refresh"
        outlined
        onClick={() => void loadOptions()}
      />
    </div>
  ) : null;
  const body = (
    <FormProvider {...form}>
      <form
        className={styles.form}
        noValidate
        aria-busy={!options && !optionsFailed}
        onSubmit={(event) => void onSubmit(event)}
      >
        <fieldset className={styles.step}>
          <legend>
            <span className={styles.stepNumber} aria-hidden="true">
              1
            </span>
            Verify your email and mobile
          </legend>
          <div className={styles.grid}>
            <div className={`${styles.field} ${styles.full}`}>
              <label htmlFor="fullName" className={styles.label}>
                Full Name
              </label>
              <InputText
                id="fullName"
                className={styles.control}
                autoComplete="name"
                maxLength={FULL_NAME_MAX_LENGTH}
                placeholder="As on your BVN/NIN"
                invalid={Boolean(fullNameError)}
                aria-invalid={Boolean(fullNameError)}
                aria-describedby={`fullName-hint${fullNameError ? ' fullName-error' : ''}`}
                {...register('fullName', { onChange: () => verification.recheck('fullName') })}
              />
              <p id="fullName-hint" className={styles.hint}>
                Your full name must match your BVN/NIN and your bank account name.
              </p>
              {fullNameError && (
                <small id="fullName-error" className={styles.error} role="alert">
                  {fullNameError}
                </small>
              )}
            </div>
            <EmailStep verification={verification} />
            <MobileStep verification={verification} countries={countries} />
          </div>
        </fieldset>

        {restShown && (
          <>
            <fieldset
              className={`${styles.step} ${stepTwoLocked ? styles.dimmed : ''}`}
              disabled={stepTwoLocked}
              aria-describedby={stepTwoLocked ? 'step-two-locked' : undefined}
            >
              <legend>
                <span className={styles.stepNumber} aria-hidden="true">
                  2
                </span>
                Identity, bank and selfie
              </legend>
              {stepTwoLocked && (
                <p id="step-two-locked" className={styles.lockedNote}>
                  Verify your email and mobile number to continue.
                </p>
              )}
              <div className={styles.grid}>
                <IdentityBankFields
                  banks={options?.banks ?? []}
                  disabled={stepTwoLocked}
                  resolveAccountName={resolveAccountName}
                />
                <Controller
                  control={control}
                  name="selfieImagePath"
                  render={({ field }) => (
                    <div className={styles.full}>
                      <SelfieCapture
                        value={field.value}
                        disabled={stepTwoLocked}
                        upload={async (file) => {
                          const answer = await api.uploadSelfie(file);
                          return answer.selfieImagePath;
                        }}
                        onUploaded={(path) => {
                          setValue('selfieImagePath', path, { shouldValidate: form.formState.isSubmitted });
                          clearErrors('selfieImagePath');
                        }}
                        error={errors.selfieImagePath?.message}
                      />
                    </div>
                  )}
                />
                <div className={styles.full}>
                  <CaptchaBox api={api} disabled={stepTwoLocked} generation={captchaGeneration} />
                </div>
                <div className={`${styles.field} ${styles.full}`}>
                  <Controller
                    control={control}
                    name="tandc"
                    render={({ field }) => (
                      <div className={styles.terms}>
                        <Checkbox
                          inputId="tandc"
                          ref={field.ref}
                          checked={field.value}
                          disabled={stepTwoLocked}
                          invalid={Boolean(errors.tandc)}
                          aria-invalid={Boolean(errors.tandc)}
                          aria-describedby={errors.tandc ? 'tandc-error' : undefined}
                          onChange={(event) => field.onChange(Boolean(event.checked))}
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
              <Button type="button" label="Reset" severity="secondary" outlined onClick={resetForm} />
              <Button
                type="submit"
                label="Register Now"
                icon="pi pi-user-plus"
                loading={submitting}
                disabled={stepTwoLocked || submitting}
              />
            </div>
          </>
        )}
      </form>
    </FormProvider>
  );

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="register-heading">
        <header className={styles.header}>
          <h1 id="register-heading">{Texts.registrationHeading}</h1>
          <p className={styles.tagline}>{Texts.registrationTagline}</p>
        </header>
        {optionsNotice}
        {body}
        {restShown && (
          <p className={styles.footer}>
            Already registered? <Link to={LOGIN_PATH}>Sign in</Link>
          </p>
        )}
      </section>
    </main>
  );
}

export default RegisterPage;
