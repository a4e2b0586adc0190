import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dropdown } from 'primereact/dropdown';
import {
  ACCOUNT_NUMBER_LENGTH,
  IDENTITY_NUMBER_LENGTH,
  KYC_PART_LABELS,
  KycPartMessages,
  Messages,
  identityNumberDigits,
  reKycErrors,
} from '@portal/contracts';
import type { KycPart, ReKycFields } from '@portal/contracts';
import {
  AccountNameCheck,
  LoadFailed,
  LoadingSpinner,
  ThemedButton,
  ThemedInput,
  dropdownPassThrough,
  fieldErrorsOf,
  homePathFor,
  notify,
  useLoad,
  useSessionStore,
  useUserDetails,
} from '@portal/shared-ui';
import { RE_KYC_FIELDS, fetchReKycData, resolveReKycAccountName, submitReKyc } from './re-kyc-api';
import type { ReKycData } from './re-kyc-api';
import { ReKycSelfie } from './re-kyc-selfie';
import styles from './re-kyc-page.module.css';

type FieldErrors = Partial<Record<keyof ReKycFields | 'selfie', string>>;

/** Spec §2 Re-KYC: a rejected affiliate corrects its KYC, then is logged out until the back office reviews it. */
export default function ReKycPage() {
  useEffect(() => {
    document.title = 'Re KYC | Affiliate Portal';
  }, []);
  const session = useUserDetails();
  // Only a rejected affiliate holds re-kyc; anyone else would get the server's 403 behind a Retry that cannot
  // succeed, so it is told why and where to go, and nothing is asked of the server.
  const nothingToRedo = session !== null && !session.userRights.includes('re-kyc');
  const loaded = useLoad(fetchReKycData, [], { enabled: !nothingToRedo });
  const navigate = useNavigate();
  if (session && nothingToRedo) {
    return (
      <section className={styles.card} aria-labelledby="re-kyc-heading">
        <h1 id="re-kyc-heading" className={styles.heading}>
          Re KYC
        </h1>
        <p className={styles.lead} role="status">
          There is nothing to redo: Re KYC is for an affiliate whose KYC was not approved, and your account
          needs no new details.
        </p>
        <ThemedButton
          type="button"
          label="Go Home"
          icon="pi pi-home"
          onClick={() => navigate(homePathFor(session), { replace: true })}
        />
      </section>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="re-kyc-heading">
      <h1 id="re-kyc-heading" className={styles.heading}>
        Re KYC
      </h1>
      {loaded.state === 'error' && (
        <LoadFailed
          message="Your KYC details could not be loaded."
          onRetry={loaded.reload}
          error={loaded.error}
        />
      )}
      {loaded.state === 'loading' && <LoadingSpinner label="Loading your KYC details" />}
      {loaded.state === 'ready' && loaded.data && <ReKycForm data={loaded.data} />}
    </section>
  );
}

function ReKycForm({ data: { details, banks } }: { data: ReKycData }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Required<ReKycFields>>({
    fullName: details.fullName,
    ninOrBVN: details.ninOrBVN,
    bankID: details.bankID,
    accountNumber: details.accountNumber,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  // The account on file is not checked on arrival (each check is counted): only once bank or number change.
  const [bankDetailsChanged, setBankDetailsChanged] = useState(false);
  // Issue 50: when the reviewer returned some parts only, only those are asked for; the rest is shown as it is.
  const returned = details.returnedParts ?? [];
  const whole = returned.length === 0;
  const asks = (part: KycPart) => whole || returned.some((item) => item.part === part);
  const asksName = asks('identityNumber') || asks('bankAccount');
  const [selfieTaken, setSelfieTaken] = useState(details.selfieRetaken ?? false);

  const change = (field: keyof ReKycFields, value: string | number | null) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
    if (field === 'bankID' || field === 'accountNumber') setBankDetailsChanged(true);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Array<[keyof FieldErrors, string]> = reKycErrors(values);
    if (asks('selfie') && !whole && !selfieTaken) found.push(['selfie', KycPartMessages.selfieAgain]);
    setErrors(Object.fromEntries(found));
    // Each message is under its field (read out by its role="alert"): no toast repeats it.
    if (found.length > 0) return;
    setSaving(true);
    try {
      const message = await submitReKyc({
        affiliateID: details.affiliateID,
        fullName: values.fullName ?? '',
        email: details.email,
        mobileNumber: details.mobileNumber,
        identityType: details.identityType,
        // Spec §5: stripped to digits, as registration sends it ('123-456-789-01' is 12345678901).
        ninOrBVN: identityNumberDigits(values.ninOrBVN ?? ''),
        bankID: values.bankID,
        accountNumber: values.accountNumber ?? '',
      });
      // The server has ended every session of the affiliate: forget it here and sign in again after review.
      // Signed out first, so the message is a sign-in screen's toast (top right, spec §9), not a signed-in one.
      useSessionStore.getState().signOut();
      notify.success(message || Messages.kycUpdated);
      navigate('/login', { replace: true });
    } catch (error) {
      // A refusal of a field is shown under it; any other the HTTP client has shown as a toast.
      setErrors(fieldErrorsOf(error, [...RE_KYC_FIELDS, 'selfie']));
      setSaving(false);
    }
  };

  const describedBy = (field: keyof FieldErrors, hint?: string) =>
    [hint, errors[field] ? `${field}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: keyof FieldErrors) =>
    errors[field] ? (
      <small id={`${field}-error`} className={styles.error} role="alert">
        {errors[field]}
      </small>
    ) : null;

  return (
    <>
      {whole ? (
        <p className={styles.lead}>
          Your KYC ({details.affiliateCode}) was not approved. Correct your details below and submit them for
          review; you will be signed out until the review is done.
        </p>
      ) : (
        <>
          <p className={styles.lead}>
            Your KYC ({details.affiliateCode}) needs a correction. Only what is listed here is asked for
            again; everything else stays as it is. You will be signed out until the review is done.
          </p>
          <div className={styles.remark} data-testid="returned-parts">
            <strong>To correct:</strong>
            <ul className={styles.returned}>
              {returned.map((item) => (
                <li key={item.part}>
                  {KYC_PART_LABELS[item.part]}: {item.reason}
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
      {whole && details.remark && (
        <p className={styles.remark} data-testid="rejection-remark">
          <strong>Reason: </strong>
          {details.remark}
        </p>
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={saving}>
        {asksName ? (
          <div className={styles.field}>
            <label htmlFor="fullName" className={styles.label}>
              Full Name
            </label>
            <ThemedInput
              id="fullName"
              autoComplete="name"
              value={values.fullName ?? ''}
              invalid={Boolean(errors.fullName)}
              aria-invalid={Boolean(errors.fullName)}
              aria-describedby={describedBy('fullName', 'fullName-hint')}
              disabled={saving}
              onChange={(event) => change('fullName', event.target.value)}
            />
            <small id="fullName-hint" className={styles.hint}>
              Must match your {details.identityType} and bank account name.
            </small>
            {fieldError('fullName')}
          </div>
        ) : (
          <ReadOnlyField id="fullName" label="Full Name" value={details.fullName} />
        )}
        <ReadOnlyField id="email" label="Email" value={details.email} />
        <ReadOnlyField
          id="mobileNumber"
          label="Mobile Number"
          value={`${details.phoneCode} ${details.mobileNumber}`}
        />
        <ReadOnlyField id="identityType" label="Identity Type" value={details.identityType} />
        {asks('identityNumber') ? (
          <div className={styles.field}>
            <label htmlFor="ninOrBVN" className={styles.label}>
              NIN or BVN
            </label>
            <ThemedInput
              id="ninOrBVN"
              inputMode="numeric"
              autoComplete="off"
              // Room for spaces or dashes typed between the digits: the number is stripped to digits (spec §5).
              maxLength={IDENTITY_NUMBER_LENGTH * 2 - 1}
              placeholder={`Enter a valid ${IDENTITY_NUMBER_LENGTH}-digit number`}
              value={values.ninOrBVN ?? ''}
              invalid={Boolean(errors.ninOrBVN)}
              aria-invalid={Boolean(errors.ninOrBVN)}
              aria-describedby={describedBy('ninOrBVN')}
              disabled={saving}
              onChange={(event) => change('ninOrBVN', event.target.value)}
            />
            {fieldError('ninOrBVN')}
          </div>
        ) : (
          <ReadOnlyField id="ninOrBVN" label="NIN or BVN" value={details.ninOrBVN} />
        )}
        {asks('bankAccount') ? (
          <>
            <div className={styles.field}>
              <label htmlFor="bankID" className={styles.label}>
                Bank
              </label>
              <Dropdown
                pt={dropdownPassThrough}
                id="bank"
                inputId="bankID"
                className={styles.control}
                value={values.bankID}
                options={banks}
                optionValue="bankID"
                optionLabel="bankName"
                placeholder="Select bank"
                filter
                filterPlaceholder="Search banks"
                disabled={saving}
                invalid={Boolean(errors.bankID)}
                aria-invalid={Boolean(errors.bankID)}
                aria-describedby={describedBy('bankID')}
                onChange={(event) => change('bankID', event.value as number | null)}
              />
              {fieldError('bankID')}
            </div>
            <div className={styles.field}>
              <label htmlFor="accountNumber" className={styles.label}>
                Account Number
              </label>
              <ThemedInput
                id="accountNumber"
                inputMode="numeric"
                autoComplete="off"
                maxLength={ACCOUNT_NUMBER_LENGTH}
                placeholder={`Enter your ${ACCOUNT_NUMBER_LENGTH}-digit account number`}
                value={values.accountNumber ?? ''}
                invalid={Boolean(errors.accountNumber)}
                aria-invalid={Boolean(errors.accountNumber)}
                aria-describedby={describedBy(
                  'accountNumber',
                  bankDetailsChanged ? 'accountNumber-name' : undefined,
                )}
                disabled={saving}
                onChange={(event) => change('accountNumber', event.target.value)}
              />
              {fieldError('accountNumber')}
              {bankDetailsChanged ? (
                <AccountNameCheck
                  id="accountNumber-name"
                  bankID={toBankId(values.bankID)}
                  accountNumber={values.accountNumber}
                  resolve={resolveReKycAccountName}
                />
              ) : null}
            </div>
          </>
        ) : (
          <>
            <ReadOnlyField id="bankID" label="Bank" value={details.bankName} />
            <ReadOnlyField id="accountNumber" label="Account Number" value={details.accountNumber} />
          </>
        )}
        {!whole && asks('selfie') ? (
          <ReKycSelfie
            alreadyTaken={selfieTaken}
            error={errors.selfie}
            disabled={saving}
            onSaved={() => {
              setSelfieTaken(true);
              setErrors((previous) => ({ ...previous, selfie: undefined }));
            }}
          />
        ) : null}
        <ThemedButton
          type="submit"
          label="Submit"
          icon="pi pi-check"
          loading={saving}
          disabled={saving}
          className={styles.submit}
        />
      </form>
    </>
  );
}

/** Email, mobile and identity type: shown, never edited (the server ignores them too). */
function ReadOnlyField({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <ThemedInput id={id} value={value} readOnly aria-readonly="true" className={styles.readOnly} />
    </div>
  );
}

/** The dropdown's value as the account name check takes it. */
function toBankId(value: string | number | null | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
