import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { KycCaseView } from './kyc-case-view';
import { KycQueueList } from './kyc-queue-list';
import styles from './kyc-queue.module.css';

/** `?case=` as an affiliate id, null when absent, NaN when it names no case. */
function caseIdOf(value: string | null): number | null {
  if (value === null) return null;
  return /^[1-9]\d{0,14}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

/**
 * backoffice/kyc (issue 50): the KYC queue; `?case=<affiliateID>` is one case. One route, so the guard's menu
 * entry covers both and Back from a case returns to the queue as it was filtered.
 */
export default function KycQueuePage() {
  const [params] = useSearchParams();
  const caseId = caseIdOf(params.get('case'));

  useEffect(() => {
    if (caseId === null) document.title = 'KYC Queue | Affiliate Portal';
  }, [caseId]);

  if (caseId === null) return <KycQueueList />;
  return (
    <section className={styles.page} aria-label="KYC Case">
      {Number.isNaN(caseId) ? (
        <>
          <Link to="/backoffice/kyc" className={styles.back}>
            <i className="pi pi-arrow-left" aria-hidden="true" /> Back to KYC Queue
          </Link>
          <h1 className={styles.title}>KYC Case</h1>
          <p role="alert">Case not found.</p>
        </>
      ) : (
        <KycCaseView key={caseId} affiliateID={caseId} />
      )}
    </section>
  );
}
