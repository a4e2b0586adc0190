import { useCallback, useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { ProfileResponse } from '@portal/contracts';
import { AuthEndpoints } from '@portal/contracts';
import {
  callEndpoint,
  LoadFailed,
  LoadingSpinner,
  MaskedNumber,
  type RevealedNumbers,
  UPDATE_PASSWORD_PATH,
  useEndpoint,
  useRevealedNumbers,
  useUserDetails,
} from '@portal/shared-ui';
import { MyDataSection } from './my-data-section';
import { ErasureRequestSection } from './erasure-request-section';
import { SecondFactorSection } from './second-factor-section';
import styles from './profile-page.module.css';

/** `masked`: one of the numbers the server sends masked (issue 29), shown with its Show button. */
type Field = { label: string; value: string; masked?: 'ninOrBVN' | 'accountNumber' };

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
    fields.push({ label: profile.identityType, value: profile.ninOrBVN, masked: 'ninOrBVN' });
  return fields;
}

function FieldList({ fields, numbers }: { fields: Field[]; numbers: RevealedNumbers }) {
  return (
    <dl className={styles.fields}>
      {fields.map((field) => (
        <div key={field.label} className={styles.field}>
          <dt>{field.label}</dt>
          <dd>
            {field.masked ? (
              <MaskedNumber
                label={field.label}
                masked={field.value}
                clear={numbers.clear?.[field.masked] ?? null}
                loading={numbers.loading}
                onShow={() => void numbers.show()}
                onHide={numbers.hide}
              />
            ) : (
              field.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const fetchOwnNumbers = () => callEndpoint(AuthEndpoints.profileNumbers, {});

export function ProfilePage() {
  const loaded = useEndpoint(AuthEndpoints.profile);
  const profile = loaded.state === 'ready' ? loaded.data : undefined;
  const staff = useUserDetails()?.userRole !== 'Affiliate';
  const numbers = useRevealedNumbers(useCallback(fetchOwnNumbers, []), null);
  useEffect(() => {
    document.title = 'Profile | Affiliate Portal';
  }, []);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Profile</h1>
      {loaded.state === 'loading' && <LoadingSpinner label="Loading profile" />}
      {loaded.state === 'error' && (
        <div className={styles.card}>
          <LoadFailed
            message="Your profile could not be loaded."
            onRetry={loaded.reload}
            error={loaded.error}
          />
        </div>
      )}
      {profile && (
        <>
          <section className={styles.card} aria-labelledby="personal-heading">
            <h2 id="personal-heading">Personal Information</h2>
            <FieldList fields={personalFields(profile)} numbers={numbers} />
          </section>
          {profile.bankInfo && (
            <section className={styles.card} aria-labelledby="banking-heading">
              <h2 id="banking-heading">Banking Information</h2>
              <FieldList
                numbers={numbers}
                fields={[
                  { label: 'Bank Name', value: profile.bankInfo.bankName },
                  { label: 'Account Number', value: profile.bankInfo.accountNumber, masked: 'accountNumber' },
                ]}
              />
            </section>
          )}
          {staff ? (
            <SecondFactorSection />
          ) : (
            <>
              <MyDataSection />
              <ErasureRequestSection />
            </>
          )}
        </>
      )}
      {/* Every role may change its password; this is where a person looks for it (spec §6). */}
      <section className={styles.card} aria-labelledby="password-heading">
        <h2 id="password-heading">Password</h2>
        <Link to={UPDATE_PASSWORD_PATH} className="p-button p-button-outlined p-component">
          <span className="p-button-icon p-button-icon-left pi pi-key" aria-hidden="true" />
          <span className="p-button-label">Change Password</span>
        </Link>
      </section>
    </div>
  );
}
