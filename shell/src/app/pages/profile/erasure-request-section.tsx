import { Suspense, useState } from 'react';
import { DataRightsEndpoints } from '@portal/contracts';
import { ConfirmDialog, ThemedButton, callEndpoint } from '@portal/shared-ui';
import styles from './profile-page.module.css';

type State = 'idle' | 'asking' | 'sending' | 'sent' | 'failed';

/** What the question says: an erasure is the admins' to make, once the affiliate is owed nothing. */
export const ERASURE_REQUEST_QUESTION =
  'Ask the administrators to erase your personal data? They will contact you first: commission still owed to ' +
  'you is paid, or settled with you, before anything is erased. Orders and payouts stay under your affiliate ID.';

/**
 * Profile's "Erase my data" (issue 48): an affiliate asks; the request reaches the admins on its details. It
 * erases nothing itself. Sending, sent and failed never look alike: a busy button, a status line, an alert.
 */
export function ErasureRequestSection() {
  const [state, setState] = useState<State>('idle');
  const [answer, setAnswer] = useState('');

  const send = async () => {
    setState('sending');
    try {
      setAnswer((await callEndpoint(DataRightsEndpoints.requestErasure, { body: {} })).message);
      setState('sent');
    } catch {
      // The HTTP client has shown the server's message as a toast too.
      setState('failed');
    }
  };

  return (
    <section className={styles.card} aria-labelledby="erasure-heading">
      <h2 id="erasure-heading">Erase My Data</h2>
      <p className={styles.text}>
        You can ask for your personal data to be erased. The administrators review the request; they make sure
        nothing is still owed to you before they erase it.
      </p>
      <ThemedButton
        type="button"
        label={state === 'sending' ? 'Sending your request…' : 'Ask to Erase My Data'}
        icon="pi pi-eraser"
        loading={state === 'sending'}
        disabled={state === 'sending' || state === 'sent'}
        onClick={() => setState('asking')}
      />
      <p role="status" className={styles.text}>
        {state === 'sent' ? answer : ''}
      </p>
      {state === 'failed' && (
        <p role="alert" className={styles.error}>
          Your request could not be sent. Please try again.
        </p>
      )}
      <Suspense fallback={null}>
        <ConfirmDialog
          visible={state === 'asking'}
          header="Erase my data"
          message={ERASURE_REQUEST_QUESTION}
          confirmLabel="Send Request"
          cancelLabel="Cancel"
          onConfirm={() => void send()}
          onCancel={() => setState('idle')}
        />
      </Suspense>
    </section>
  );
}
