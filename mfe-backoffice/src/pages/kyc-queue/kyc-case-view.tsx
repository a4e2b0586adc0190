import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import axios from 'axios';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { KYC_AGE_TARGET_HOURS, KycCaseMessages } from '@portal/contracts';
import type { KycCaseSummary } from '@portal/contracts';
import {
  AffiliateViewModal,
  LoadFailed,
  LoadingSpinner,
  dropdownPassThrough,
  errorMessageOf,
  notify,
  useLoad,
  useUserDetails,
} from '@portal/shared-ui';
import { claimCase, fetchCaseReview, fetchReviewers, reassignCase, releaseCase } from './kyc-api';
import { KycCaseParts } from './kyc-case-parts';
import { KycFourEyes } from './kyc-four-eyes';
import { KycCaseNotes } from './kyc-case-notes';
import { KycIdentityCheck } from './kyc-identity-check';
import { ageText, clockText, queuedText, riskLabels } from './kyc-text';
import styles from './kyc-queue.module.css';

const QUEUE_PATH = '/backoffice/kyc';

/** What opening a case found: the caller now holds it, or someone else does, or it is no longer waiting. */
type Opened =
  | { kind: 'mine'; kycCase: KycCaseSummary }
  | { kind: 'refused'; message: string; waiting: boolean };

async function openCase(affiliateID: number, signal: AbortSignal): Promise<Opened> {
  try {
    return { kind: 'mine', kycCase: (await claimCase(affiliateID, signal)).case };
  } catch (error) {
    if (axios.isAxiosError(error) && error.response?.status === 409) {
      const message = errorMessageOf(error);
      return { kind: 'refused', message, waiting: message !== KycCaseMessages.notWaiting };
    }
    throw error;
  }
}

/**
 * One KYC case (`backoffice/kyc?case=<affiliateID>`, issue 50). Opening it claims it for the reviewer, so nobody
 * else decides it meanwhile; a case someone else holds says who. The details, selfie, checks, history and the
 * spec's Approve and Reject are the review modal's, unchanged. An admin can hand the case to another reviewer.
 */
export function KycCaseView({ affiliateID }: { affiliateID: number }) {
  const navigate = useNavigate();
  const id = useId();
  const session = useUserDetails();
  const isAdmin = session?.userRights.includes('affiliates') ?? false;
  const opened = useLoad((signal) => openCase(affiliateID, signal), [affiliateID]);
  const reviewers = useLoad((signal) => fetchReviewers(signal), [], { enabled: isAdmin });
  const review = useLoad((signal) => fetchCaseReview(affiliateID, signal), [affiliateID]);
  const [reviewing, setReviewing] = useState(false);
  const [reviewerID, setReviewerID] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = 'KYC Case | Affiliate Portal';
  }, []);

  const release = async () => {
    setBusy(true);
    try {
      notify.success((await releaseCase(affiliateID)).message);
      navigate(QUEUE_PATH);
    } catch {
      setBusy(false);
      opened.reload();
    }
  };

  const reassign = async () => {
    if (reviewerID === null) return;
    setBusy(true);
    try {
      notify.success((await reassignCase(affiliateID, reviewerID)).message);
    } catch {
      // The toast said why.
    } finally {
      setBusy(false);
      opened.reload();
    }
  };

  const result = opened.data;
  return (
    <>
      <Link to={QUEUE_PATH} className={styles.back}>
        <i className="pi pi-arrow-left" aria-hidden="true" /> Back to KYC Queue
      </Link>
      <h1 id={`${id}-title`} className={styles.title}>
        KYC Case
      </h1>
      {opened.state === 'error' && !result ? (
        <LoadFailed message="The case could not be opened." onRetry={opened.reload} error={opened.error} />
      ) : !result ? (
        <LoadingSpinner label="Opening the case" />
      ) : (
        <section className={styles.panel} aria-labelledby={`${id}-claim`}>
          <h2 id={`${id}-claim`}>
            {result.kind === 'mine'
              ? `${result.kycCase.affiliateCode} ${result.kycCase.fullName}`
              : `Affiliate ${affiliateID}`}
          </h2>
          {result.kind === 'mine' ? (
            <>
              <p className={styles.mine} role="status">
                You are reviewing this case. Your claim lapses at{' '}
                {result.kycCase.claim ? clockText(result.kycCase.claim.expiresOn) : ''} unless you act on it.
              </p>
              <dl className={styles.facts}>
                <div>
                  <dt>In the queue since</dt>
                  <dd>{queuedText(result.kycCase)}</dd>
                </div>
                <div>
                  <dt>Waiting</dt>
                  <dd>
                    {ageText(result.kycCase.ageHours)}
                    {result.kycCase.overTarget ? ` (over the ${KYC_AGE_TARGET_HOURS} h target)` : ''}
                  </dd>
                </div>
                <div>
                  <dt>Risks</dt>
                  <dd>
                    {result.kycCase.risks.length === 0 ? 'None' : riskLabels(result.kycCase).join(', ')}
                  </dd>
                </div>
              </dl>
            </>
          ) : (
            <p className={styles.held} role="alert">
              {result.message}
            </p>
          )}
          <div className={styles.actions}>
            {result.kind === 'mine' || result.waiting ? (
              <Button
                type="button"
                label="Review and decide"
                icon="pi pi-id-card"
                onClick={() => setReviewing(true)}
              />
            ) : null}
            {result.kind === 'mine' ? (
              <Button
                type="button"
                label="Release"
                icon="pi pi-undo"
                severity="secondary"
                outlined
                disabled={busy}
                onClick={() => void release()}
              />
            ) : null}
          </div>
          {isAdmin && (result.kind === 'mine' || result.waiting) ? (
            <div className={styles.actions}>
              <div className={styles.field}>
                <label htmlFor={`${id}-reviewer`}>Reassign to</label>
                <Dropdown
                  pt={dropdownPassThrough}
                  inputId={`${id}-reviewer`}
                  value={reviewerID}
                  options={reviewers.data ?? []}
                  optionLabel="fullName"
                  optionValue="userID"
                  placeholder={
                    reviewers.state === 'error' ? 'Reviewers could not be loaded' : 'Choose a reviewer'
                  }
                  onChange={(event) => setReviewerID(event.value as number)}
                />
              </div>
              <Button
                type="button"
                label="Reassign"
                icon="pi pi-user-edit"
                severity="secondary"
                disabled={busy || reviewerID === null}
                onClick={() => void reassign()}
              />
            </div>
          ) : null}
        </section>
      )}
      {result && (result.kind === 'mine' || result.waiting) ? (
        <KycIdentityCheck affiliateID={affiliateID} />
      ) : null}
      {result && (result.kind === 'mine' || result.waiting) ? (
        review.state === 'error' && !review.data ? (
          <LoadFailed
            message="The parts and approval of this case could not be loaded."
            onRetry={review.reload}
            error={review.error}
          />
        ) : review.data ? (
          <KycFourEyes
            affiliateID={affiliateID}
            review={review.data}
            onConfirmed={() => navigate(QUEUE_PATH)}
          />
        ) : null
      ) : null}
      {result?.kind === 'mine' ? (
        <KycCaseParts
          affiliateID={affiliateID}
          review={review.data}
          onReturned={() => navigate(QUEUE_PATH)}
        />
      ) : null}
      {result && (result.kind === 'mine' || result.waiting) ? (
        <KycCaseNotes affiliateID={affiliateID} />
      ) : null}
      <AffiliateViewModal
        affiliateID={reviewing ? affiliateID : null}
        mode={isAdmin ? 'admin' : 'backoffice'}
        onClose={() => setReviewing(false)}
        onDecided={() => navigate(QUEUE_PATH)}
        onStale={opened.reload}
      />
    </>
  );
}
