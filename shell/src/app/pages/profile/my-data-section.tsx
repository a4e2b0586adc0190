import { useState } from 'react';
import { DataRightsEndpoints } from '@portal/contracts';
import { ThemedButton, callEndpoint, downloadReport } from '@portal/shared-ui';
import styles from './profile-page.module.css';

type State = 'idle' | 'preparing' | 'started' | 'failed';

/**
 * Profile's "My data" (issue 29, NDPA access and portability), for affiliates: one Excel workbook of everything
 * the portal holds on them, through the usual single-use link. Preparing, started and failed never look alike:
 * a busy button, a status line, an alert.
 */
export function MyDataSection() {
  const [state, setState] = useState<State>('idle');

  const download = async () => {
    setState('preparing');
    try {
      const { excelPath } = await callEndpoint(DataRightsEndpoints.myData, {});
      setState((await downloadReport(excelPath)) ? 'started' : 'failed');
    } catch {
      // The HTTP client has shown the server's message (a limit, for one) as a toast too.
      setState('failed');
    }
  };

  return (
    <section className={styles.card} aria-labelledby="my-data-heading">
      <h2 id="my-data-heading">Your Data</h2>
      <p className={styles.text}>
        Download everything the portal holds on you: profile, KYC history, orders, commission, messages sent
        to you and sign-in history, as one Excel workbook. Your BVN/NIN and account number are in it in full;
        keep the file safe.
      </p>
      <ThemedButton
        type="button"
        label={state === 'preparing' ? 'Preparing your data…' : 'Download My Data'}
        icon="pi pi-download"
        loading={state === 'preparing'}
        disabled={state === 'preparing'}
        onClick={() => void download()}
      />
      <p role="status" className={styles.text}>
        {state === 'started' ? 'Your download has started.' : ''}
      </p>
      {state === 'failed' && (
        <p role="alert" className={styles.error}>
          Your data could not be downloaded. Please try again.
        </p>
      )}
    </section>
  );
}
