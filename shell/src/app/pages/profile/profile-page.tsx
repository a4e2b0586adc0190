import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { ProfileResponse } from '@portal/contracts';
import { LoadingSpinner, getJson } from '@portal/shared-ui';
import styles from './profile-page.module.css';

type Field = { label: string; value: string };

/** Spec §2 Profile: personal information, and banking information when present. Read-only. */
export function personalFields(profile: ProfileResponse): Field[] {
  const fields: Field[] = [
    { label: 'Full Name', value: profile.fullName },
    { label: 'Email', value: profile.email },
  ];
  if (profile.mobileNumber) {
    fields.push({
      label: 'Mobile Number',
      value: [profile.phoneCode, profile.mobileNumber].filter(Boolean).join(' '),
    });
  }
  if (profile.identityType && profile.ninOrBVN)
    fields.push({ label: profile.identityType, value: profile.ninOrBVN });
  return fields;
}

function FieldList({ fields }: { fields: Field[] }) {
  return (
    <dl className={styles.fields}>
      {fields.map((field) => (
        <div key={field.label} className={styles.field}>
          <dt>{field.label}</dt>
          <dd>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; profile: ProfileResponse };

export function ProfilePage() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(() => {
    let current = true;
    setState({ kind: 'loading' });
    // A failure is already reported by the HTTP client's toast; the page offers a retry.
    getJson('user/profile', ProfileResponse).then(
      (profile) => current && setState({ kind: 'loaded', profile }),
      () => current && setState({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, []);
  useEffect(load, [load]);
  useEffect(() => {
    document.title = 'Profile | Affiliate Portal';
  }, []);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Profile</h1>
      {state.kind === 'loading' && <LoadingSpinner label="Loading profile" />}
      {state.kind === 'failed' && (
        <div className={styles.card}>
          <p>Your profile could not be loaded.</p>
          <Button label="Try again" icon="pi pi-refresh" onClick={load} />
        </div>
      )}
      {state.kind === 'loaded' && (
        <>
          <section className={styles.card} aria-labelledby="personal-heading">
            <h2 id="personal-heading">Personal Information</h2>
            <FieldList fields={personalFields(state.profile)} />
          </section>
          {state.profile.bankInfo && (
            <section className={styles.card} aria-labelledby="banking-heading">
              <h2 id="banking-heading">Banking Information</h2>
              <FieldList
                fields={[
                  { label: 'Bank Name', value: state.profile.bankInfo.bankName },
                  { label: 'Account Number', value: state.profile.bankInfo.accountNumber },
                ]}
              />
            </section>
          )}
        </>
      )}
    </div>
  );
}
