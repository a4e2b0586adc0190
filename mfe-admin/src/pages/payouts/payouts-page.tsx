import { useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { RunsList } from './runs-list';
import { RunView } from './run-view';
import { runName } from './payout-text';
import styles from './payouts.module.css';

/** `?run=` as a run's id, null when absent, NaN when it names no run. */
function runIdOf(value: string | null): number | null {
  if (value === null) return null;
  return /^[1-9]\d{0,14}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

/**
 * admin/payouts (issue 28): the runs with the settings and 'New payout run'; `?run=<id>` shows one run. One
 * route, so the guard's menu entry covers both and Back from a run returns to the page of runs it came from.
 */
export default function PayoutsPage() {
  const id = useId();
  const [params] = useSearchParams();
  const runId = runIdOf(params.get('run'));

  useEffect(() => {
    document.title = `${runId !== null && !Number.isNaN(runId) ? runName(runId) : 'Payouts'} | Affiliate Portal`;
  }, [runId]);

  return (
    <section className={styles.page} aria-labelledby={runId === null ? `${id}-title` : undefined}>
      {runId === null ? (
        <>
          <h1 id={`${id}-title`} className={styles.title}>
            Payouts
          </h1>
          <RunsList />
        </>
      ) : Number.isNaN(runId) ? (
        <>
          <Link to="/admin/payouts" className={styles.back}>
            <i className="pi pi-arrow-left" aria-hidden="true" /> Back to payouts
          </Link>
          <h1 className={styles.title}>Payouts</h1>
          <p role="alert">Payout run not found.</p>
        </>
      ) : (
        <RunView key={runId} runId={runId} />
      )}
    </section>
  );
}
