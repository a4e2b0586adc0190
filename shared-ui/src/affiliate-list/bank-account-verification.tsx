import { type FormEvent, useId, useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import {
  BANK_ENQUIRY_NAME_MAX,
  BANK_NAME_MATCH_THRESHOLD,
  BankAccountVerificationMessages,
  BankNameEnquiryRequest,
  type BankAccountVerificationState,
  type BankVerificationMethod,
} from '@portal/contracts';
import { LoadFailed } from '../data/load-failed';
import { useLoad } from '../data/use-load';
import { formatDate } from '../format';
import { LoadingSpinner } from '../loading-spinner';
import { notify } from '../toasts';
import { confirmBankName, enquireBankName, fetchBankVerification } from './affiliate-api';
import styles from './affiliate-list.module.css';

const METHOD_WORDS: Record<BankVerificationMethod, string> = {
  paystack: "Paystack's account name check",
  'name-enquiry': 'a staff name enquiry at the bank',
  'paid-line': 'a payment the bank reported paid',
};

/**
 * The bank-file programme's account verification (issue 48), in the view modal of admins and back office: the
 * verification in force (how, by whom, when), a name enquiry waiting for its second person (Confirm or Decline
 * for anyone but who typed it), or the form to record the name the bank's own name enquiry gave. `onChanged`
 * lets the modal reload its history.
 */
export function BankAccountVerification({
  affiliateID,
  onChanged,
}: {
  affiliateID: number;
  onChanged(): void;
}) {
  const headingId = useId();
  const loaded = useLoad(async (signal) => fetchBankVerification(affiliateID, signal), [affiliateID], {
    keepPreviousData: true,
  });
  return (
    <section className={styles.bankCheck} aria-labelledby={headingId} aria-busy={loaded.state === 'loading'}>
      <h3 id={headingId}>Bank account verification</h3>
      {loaded.state === 'error' ? (
        <LoadFailed
          message="The bank account verification could not be loaded."
          onRetry={loaded.reload}
          error={loaded.error}
        />
      ) : loaded.data ? (
        <VerificationBody
          affiliateID={affiliateID}
          state={loaded.data}
          onChanged={() => {
            loaded.reload();
            onChanged();
          }}
        />
      ) : (
        <LoadingSpinner label="Loading the bank account verification" />
      )}
    </section>
  );
}

function VerificationBody({
  affiliateID,
  state,
  onChanged,
}: {
  affiliateID: number;
  state: BankAccountVerificationState;
  onChanged(): void;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<{ message: string }>) => {
    setBusy(true);
    try {
      notify.success((await action()).message);
      onChanged();
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  if (state.verified) {
    const v = state.verified;
    return (
      <p>
        <i className="pi pi-check-circle" aria-hidden="true" /> Verified by {METHOD_WORDS[v.method]}
        {v.verifiedBy
          ? ` (${v.verifiedBy}${v.confirmedBy ? `, confirmed by ${v.confirmedBy}` : ''})`
          : ''} on {formatDate(v.verifiedOn)}: {v.accountName}, name match {v.nameMatchScore}%.
      </p>
    );
  }
  if (state.waiting) {
    const w = state.waiting;
    return (
      <>
        <p>
          Waiting for a second person: {w.enteredBy ?? 'A staff member'} entered &lsquo;{w.accountName}&rsquo;
          on {formatDate(w.enteredOn)}, name match {w.nameMatchScore}% (below {BANK_NAME_MATCH_THRESHOLD}%)
          with the registered name &lsquo;{state.registeredName}&rsquo;.
        </p>
        {w.enteredByMe ? (
          <p>{BankAccountVerificationMessages.ownEnquiry}</p>
        ) : (
          <div className={styles.bankVerifyActions}>
            <Button
              type="button"
              label="Confirm name"
              icon="pi pi-check"
              disabled={busy}
              onClick={() => void run(() => confirmBankName(affiliateID, w.verificationID, true))}
            />
            <Button
              type="button"
              label="Decline"
              icon="pi pi-times"
              severity="secondary"
              disabled={busy}
              onClick={() => void run(() => confirmBankName(affiliateID, w.verificationID, false))}
            />
          </div>
        )}
      </>
    );
  }
  if (!state.account) return <p>{BankAccountVerificationMessages.noAccount}</p>;
  return (
    <EnquiryForm
      account={state.account}
      busy={busy}
      onSubmit={(name) => run(() => enquireBankName(affiliateID, name))}
    />
  );
}

function EnquiryForm({
  account,
  busy,
  onSubmit,
}: {
  account: string;
  busy: boolean;
  onSubmit(name: string): Promise<void>;
}) {
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = BankNameEnquiryRequest.safeParse({ accountName: name });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? BankAccountVerificationMessages.accountNameRequired);
      return;
    }
    setError(null);
    void onSubmit(checked.data.accountName).then(() => setName(''));
  };
  return (
    <form className={styles.bankVerifyForm} onSubmit={submit} noValidate>
      <p>Not verified. Ask the bank for the name on {account} (name enquiry) and type it here.</p>
      <label htmlFor={inputId}>Account name from the bank&rsquo;s name enquiry</label>
      <InputText
        id={inputId}
        value={name}
        maxLength={BANK_ENQUIRY_NAME_MAX}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      {error ? (
        <small id={errorId} role="alert" className={styles.fieldError}>
          {error}
        </small>
      ) : null}
      <Button type="submit" label="Verify account" icon="pi pi-verified" disabled={busy} />
    </form>
  );
}
