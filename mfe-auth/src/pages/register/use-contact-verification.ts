import { useCallback, useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  RegistrationMessages,
  normaliseEmail,
  normaliseMobileNumber,
  otpError,
  registrationStepOneChecks,
} from '@portal/contracts/registration-start';
import type { CountryOption, MobileOtpStatusResponse } from '@portal/contracts/registration-start';
import type { RegistrationApi } from './registration-api';
import { EMAIL_STEP_FIELDS, MOBILE_STEP_FIELDS, messagesOf } from './registration-form';
import type { RegistrationField, RegistrationForm } from './registration-form';
import { useMobileCodeDelivery } from './use-mobile-code-delivery';
import { useOtpFlow } from './use-otp-flow';
import type { OtpFlow } from './use-otp-flow';

interface MobileTarget {
  countryID: number;
  mobileNumber: string;
}

export interface ContactVerification {
  email: OtpFlow;
  mobile: OtpFlow;
  /** The verified email (normalised), null until verified or after it changed. */
  verifiedEmail: string | null;
  /** The email verified last, kept after a change so the change can be pointed out. */
  lastVerifiedEmail: string | null;
  /** The verified country and number (spec §4: they are remembered). */
  verifiedMobile: MobileTarget | null;
  bothVerified: boolean;
  /** Where the mobile code went when it is not the usual WhatsApp (by SMS, or undeliverable); else null. */
  mobileDelivery: MobileOtpStatusResponse | null;
  sendEmailOtp(): Promise<void>;
  resendEmailOtp(): Promise<void>;
  verifyEmailOtp(): Promise<void>;
  sendMobileOtp(): Promise<void>;
  resendMobileOtp(): Promise<void>;
  verifyMobileOtp(): Promise<void>;
  /** Re-checks a step-one or OTP field that shows an error, so it clears as the user fixes it. */
  recheck(field: RegistrationField): void;
  resetAll(): void;
}

/**
 * Step one of spec §4: email then mobile, each by send → 30-second countdown → resend → verify. Changing
 * an address after its OTP was sent starts that address over; changing the email also relocks the mobile,
 * whose OTP the server binds to the email.
 */
export function useContactVerification(
  form: RegistrationForm,
  countries: readonly CountryOption[],
  api: RegistrationApi,
): ContactVerification {
  const email = useOtpFlow();
  const mobile = useOtpFlow();
  const [emailTarget, setEmailTarget] = useState<string | null>(null);
  const [lastVerifiedEmail, setLastVerifiedEmail] = useState<string | null>(null);
  const [mobileTarget, setMobileTarget] = useState<MobileTarget | null>(null);
  const { control, getValues, setValue, setError, clearErrors, setFocus, getFieldState } = form;

  const verifiedEmail = email.phase === 'verified' ? emailTarget : null;
  const verifiedMobile = mobile.phase === 'verified' ? mobileTarget : null;

  /** Shows each field's message (or clears it) and focuses the first failing field; true when all passed. */
  const show = useCallback(
    (
      fields: readonly RegistrationField[],
      messages: Map<RegistrationField, string>,
      focus = true,
    ): boolean => {
      let first: RegistrationField | undefined;
      for (const field of fields) {
        const message = messages.get(field);
        if (message) {
          setError(field, { type: 'validate', message });
          first ??= field;
        } else {
          clearErrors(field);
        }
      }
      if (first && focus) setFocus(first);
      return first === undefined;
    },
    [setError, clearErrors, setFocus],
  );

  const stepOneMessages = useCallback(
    (fields: readonly RegistrationField[], comparedEmail: string | null) =>
      messagesOf(registrationStepOneChecks(getValues(), { countries, verifiedEmail: comparedEmail }), fields),
    [countries, getValues],
  );

  const otpMessages = useCallback(
    (field: 'emailOTP' | 'mobileOTP') => {
      const message = otpError(getValues(field));
      return new Map<RegistrationField, string>(message ? [[field, message]] : []);
    },
    [getValues],
  );

  // A new address after an OTP was sent starts that step over.
  const watchedEmail = useWatch({ control, name: 'email' });
  const { reset: resetEmail } = email;
  const { reset: resetMobile } = mobile;
  const emailWasVerified = email.phase === 'verified';
  useEffect(() => {
    if (emailTarget === null || normaliseEmail(watchedEmail) === emailTarget) return;
    resetEmail();
    resetMobile();
    setEmailTarget(null);
    setMobileTarget(null);
    setValue('emailOTP', '');
    setValue('mobileOTP', '');
    clearErrors(['emailOTP', 'mobileOTP']);
    if (emailWasVerified) show(['email'], stepOneMessages(['email'], emailTarget), false);
  }, [
    watchedEmail,
    emailTarget,
    emailWasVerified,
    resetEmail,
    resetMobile,
    setValue,
    clearErrors,
    show,
    stepOneMessages,
  ]);

  const [watchedCountry, watchedMobile] = useWatch({ control, name: ['countryID', 'mobileNumber'] });
  const mobileWasVerified = mobile.phase === 'verified';
  useEffect(() => {
    if (mobileTarget === null) return;
    if (
      watchedCountry === mobileTarget.countryID &&
      normaliseMobileNumber(watchedMobile) === mobileTarget.mobileNumber
    ) {
      return;
    }
    resetMobile();
    setMobileTarget(null);
    setValue('mobileOTP', '');
    clearErrors('mobileOTP');
    if (mobileWasVerified)
      setError('mobileNumber', { type: 'validate', message: RegistrationMessages.mobileChanged });
  }, [
    watchedCountry,
    watchedMobile,
    mobileTarget,
    mobileWasVerified,
    resetMobile,
    setValue,
    clearErrors,
    setError,
  ]);

  const { send: sendEmail, resend: resendEmail, verify: verifyEmail } = email;
  const sendEmailOtp = useCallback(async () => {
    // A new email may be sent an OTP even when another one was verified before.
    if (!show(EMAIL_STEP_FIELDS, stepOneMessages(EMAIL_STEP_FIELDS, null))) return;
    const target = normaliseEmail(getValues('email'));
    const sent = await sendEmail(() => api.sendEmailOtp({ email: target }));
    if (!sent) return;
    setEmailTarget(target);
    setValue('emailOTP', '');
  }, [api, getValues, sendEmail, setValue, show, stepOneMessages]);

  const resendEmailOtp = useCallback(async () => {
    if (emailTarget === null) return;
    const sent = await resendEmail(() => api.resendEmailOtp({ email: emailTarget }));
    if (sent) setValue('emailOTP', '');
  }, [api, emailTarget, resendEmail, setValue]);

  const verifyEmailOtp = useCallback(async () => {
    if (emailTarget === null || !show(['emailOTP'], otpMessages('emailOTP'))) return;
    const otp = getValues('emailOTP').trim();
    const verified = await verifyEmail(() => api.verifyEmailOtp({ email: emailTarget, otp }));
    if (!verified) return;
    setLastVerifiedEmail(emailTarget);
    clearErrors('email');
    setValue('emailOTP', '');
  }, [api, clearErrors, emailTarget, getValues, otpMessages, setValue, show, verifyEmail]);

  const { send: sendMobile, resend: resendMobile, verify: verifyMobile } = mobile;
  // Every send or resend starts the "where did the code go" polling over (issue 27).
  const [mobileSends, setMobileSends] = useState(0);
  const checkMobileDelivery = useCallback(
    () => api.mobileOtpStatus({ email: verifiedEmail ?? '' }),
    [api, verifiedEmail],
  );
  const mobileDelivery = useMobileCodeDelivery(
    mobile.phase === 'sent' && verifiedEmail !== null,
    mobileSends,
    checkMobileDelivery,
  );
  const sendMobileOtp = useCallback(async () => {
    if (verifiedEmail === null) return;
    if (!show(MOBILE_STEP_FIELDS, stepOneMessages(MOBILE_STEP_FIELDS, verifiedEmail))) return;
    const countryID = getValues('countryID');
    if (countryID === null) return;
    const target = { countryID, mobileNumber: normaliseMobileNumber(getValues('mobileNumber')) };
    const sent = await sendMobile(() => api.sendMobileOtp({ email: verifiedEmail, ...target }));
    if (!sent) return;
    setMobileSends((count) => count + 1);
    setMobileTarget(target);
    setValue('mobileOTP', '');
  }, [api, getValues, sendMobile, setValue, show, stepOneMessages, verifiedEmail]);

  const resendMobileOtp = useCallback(async () => {
    if (verifiedEmail === null) return;
    const sent = await resendMobile(() => api.resendMobileOtp({ email: verifiedEmail }));
    if (!sent) return;
    setMobileSends((count) => count + 1);
    setValue('mobileOTP', '');
  }, [api, resendMobile, setValue, verifiedEmail]);

  const verifyMobileOtp = useCallback(async () => {
    if (verifiedEmail === null || mobileTarget === null || !show(['mobileOTP'], otpMessages('mobileOTP')))
      return;
    const otp = getValues('mobileOTP').trim();
    const verified = await verifyMobile(() =>
      api.verifyMobileOtp({ email: verifiedEmail, ...mobileTarget, otp }),
    );
    if (!verified) return;
    clearErrors('mobileNumber');
    setValue('mobileOTP', '');
  }, [api, clearErrors, getValues, mobileTarget, otpMessages, setValue, show, verifiedEmail, verifyMobile]);

  const recheck = useCallback(
    (field: RegistrationField) => {
      if (!getFieldState(field).error) return;
      if (field === 'emailOTP' || field === 'mobileOTP') {
        show([field], otpMessages(field), false);
        return;
      }
      if ((MOBILE_STEP_FIELDS as readonly RegistrationField[]).includes(field)) {
        show([field], stepOneMessages([field], verifiedEmail ?? lastVerifiedEmail), false);
      }
    },
    [getFieldState, lastVerifiedEmail, otpMessages, show, stepOneMessages, verifiedEmail],
  );

  const resetAll = useCallback(() => {
    resetEmail();
    resetMobile();
    setEmailTarget(null);
    setMobileTarget(null);
    setLastVerifiedEmail(null);
  }, [resetEmail, resetMobile]);

  return {
    email,
    mobile,
    verifiedEmail,
    lastVerifiedEmail,
    verifiedMobile,
    bothVerified: verifiedEmail !== null && verifiedMobile !== null,
    mobileDelivery,
    sendEmailOtp,
    resendEmailOtp,
    verifyEmailOtp,
    sendMobileOtp,
    resendMobileOtp,
    verifyMobileOtp,
    recheck,
    resetAll,
  };
}
