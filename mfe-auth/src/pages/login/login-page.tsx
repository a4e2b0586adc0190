import { useEffect, useRef, useState } from 'react';
import { Texts } from '@portal/contracts/web';
import { ForgotPasswordForm } from './forgot-password-form';
import { SecondFactorForm } from './second-factor-form';
import { SignInFormView } from './sign-in-form';
import { useGeolocation } from './use-geolocation';
import styles from './login-page.module.css';

type View =
  | { kind: 'sign-in'; userName?: string }
  | { kind: 'forgot'; userName: string }
  | { kind: 'code'; challenge: string };

/** The sign-in page with its in-page switch to the forgot-password form (spec §2 Login). */
export function LoginPage() {
  const [view, setView] = useState<View>({ kind: 'sign-in' });
  const coordinates = useGeolocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);

  // After switching forms, focus moves to the new heading so keyboard and screen-reader users follow.
  useEffect(() => {
    // The code step focuses its own field.
    if (switched.current && view.kind !== 'code') heading.current?.focus();
    switched.current = true;
  }, [view.kind]);

  const forgot = view.kind === 'forgot';
  const code = view.kind === 'code';
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="login-heading">
        <div className={styles.brand} aria-hidden="true">
          <svg width="40" height="40" viewBox="0 0 32 32" focusable="false">
            <rect width="32" height="32" rx="8" fill="#2563eb" />
            <path
              d="M9 22.5 14.5 9h3L23 22.5h-3.2l-1.2-3.1h-5.2l-1.2 3.1zm5.3-5.8h3.4L16 12.2z"
              fill="#fff"
            />
          </svg>
          <span>Affiliate Portal</span>
        </div>
        <h1 id="login-heading" ref={heading} tabIndex={-1} className={styles.heading}>
          {forgot ? 'Forgot Password' : code ? 'Two-Step Sign-In' : Texts.loginHeading}
        </h1>
        {!forgot && !code && <p className={styles.tagline}>{Texts.loginTagline}</p>}
        {/* Its height is reserved from the first paint (mfe-auth/webpack/first-paint-plugin.cjs). */}
        <div className={styles.formSlot}>
          {view.kind === 'code' ? (
            <SecondFactorForm challenge={view.challenge} onBack={() => setView({ kind: 'sign-in' })} />
          ) : forgot ? (
            <ForgotPasswordForm
              initialUserName={view.userName}
              onBack={(userName) => setView({ kind: 'sign-in', userName })}
            />
          ) : (
            <SignInFormView
              initialUserName={view.userName}
              coordinates={coordinates}
              onForgotPassword={(userName) => setView({ kind: 'forgot', userName })}
              onSecondFactor={(challenge) => setView({ kind: 'code', challenge })}
            />
          )}
        </div>
      </section>
    </main>
  );
}

export default LoginPage;
