import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { FULL_NAME_MAX_LENGTH, Texts } from '@portal/contracts/registration-start';
import type {
  RegisterOptionsResponse,
  RegistrationFormContext,
  RegistrationSubmission,
} from '@portal/contracts/registration-start';
import { LOGIN_PATH, ThemedButton, ThemedInput, notify } from '@portal/shared-ui';
import { EmailStep } from './email-step';
import { MobileStep } from './mobile-step';
import { nextTask } from './next-task';
import { preloadRegistrationCalls, registrationApi } from './registration-api';
import type { RegistrationApi } from './registration-api';
import { EMPTY_REGISTRATION_FORM, RELOAD_AFTER_RESET_MS, contractsResolver } from './registration-form';
import type { RegistrationFormValues } from './registration-form';
import type { StepTwoProps } from './step-two';
import { useContactVerification } from './use-contact-verification';
import styles from './register-page.module.css';

export { RELOAD_AFTER_RESET_MS };

/**
 * Step two and the buttons, in their own chunk, evaluated after step one is on screen. Both steps use native
 * inputs and selects in the theme's classes: PrimeReact's dropdown (with its virtual scroller and tooltip) was the
 * heaviest piece of the page to evaluate and render on Lighthouse's phone, and adds nothing a phone's own picker
 * does not (issue 26).
 */
export async function loadStepTwo(): Promise<ComponentType<StepTwoProps>> {
  await nextTask();
  return (await import('./step-two')).StepTwo;
}

/**
 * Null for the page's first commit; step two once its chunk is in, in a transition. Everything below step one
 * (step two, the buttons, the footer) comes in that later commit: the first puts on screen what the phone shows
 * first, and neither inserts the whole form in one task (issue 14). Nothing moves: what the later commit adds is
 * below all that the first one drew. A failed load (network) is tried again on the next render of the page.
 */
function useStepTwo(load: () => Promise<ComponentType<StepTwoProps>>): ComponentType<StepTwoProps> | null {
  const [component, setComponent] = useState<{ StepTwo: ComponentType<StepTwoProps> } | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (StepTwo) => {
        if (live) startTransition(() => setComponent({ StepTwo }));
      },
      (error: unknown) => console.error('[register] step two could not be loaded', error),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return component?.StepTwo ?? null;
}

export interface RegisterPageProps {
  api?: RegistrationApi;
  reloadPage?: () => void;
  /** Step two's chunk (tests pass it in directly). */
  stepTwo?: () => Promise<ComponentType<StepTwoProps>>;
}

/** Affiliate registration (spec §2, §4): step one verifies email and mobile; step two opens once both are. */
export function RegisterPage({
  api = registrationApi,
  reloadPage = () => window.location.reload(),
  stepTwo = loadStepTwo,
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
  const form = useForm<RegistrationFormValues, unknown, RegistrationSubmission>({
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
  const StepTwo = useStepTwo(stepTwo);

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
    register,
    formState: { errors },
  } = form;
  const fullNameError = errors.fullName?.message;

  // The form is there from the first paint, its lists empty until the options arrive: swapping a spinner for
  // the form moved everything below it (CLS 0.09 quiet, 0.32 busy). A failure is a notice above the form, so
  // nothing typed meanwhile is lost.
  const optionsNotice = optionsFailed ? (
    <div className={styles.notice} role="alert">
      <p>The registration form could not be loaded.</p>
      <ThemedButton
        label="Try again"
        icon="pi pi-refresh"
        className="p-button-outlined"
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
        onFocus={preloadRegistrationCalls}
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
              <ThemedInput
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

        {StepTwo && (
          <StepTwo
            api={api}
            banks={options?.banks ?? []}
            locked={stepTwoLocked}
            captchaGeneration={captchaGeneration}
            reloadPending={reloadPending}
            submitting={submitting}
            onReset={resetForm}
            resolveAccountName={resolveAccountName}
          />
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
        {StepTwo && (
          <p className={styles.footer}>
            Already registered? <Link to={LOGIN_PATH}>Sign in</Link>
          </p>
        )}
      </section>
    </main>
  );
}

export default RegisterPage;
