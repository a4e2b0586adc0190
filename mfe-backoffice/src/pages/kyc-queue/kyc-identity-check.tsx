import { useId } from 'react';
import { Button } from 'primereact/button';
import {
  BANK_NAME_MATCH_THRESHOLD,
  FACE_MATCH_LABELS,
  IDENTITY_STATUS_LABELS,
  IdentityCheckMessages,
} from '@portal/contracts';
import type { IdentityCheckResult, IdentityCheckView } from '@portal/contracts';
import { LoadFailed, LoadingSpinner, formatDate, useLoad } from '@portal/shared-ui';
import { fetchIdentityCheck } from './kyc-identity-api';
import { clockText } from './kyc-text';
import styles from './kyc-identity-check.module.css';

const PRODUCT_LABELS = { biometric_kyc: 'Biometric KYC', enhanced_kyc: 'Enhanced KYC' } as const;
const PROVIDER_LABELS = {
  none: 'No provider',
  log: 'Log provider (development)',
  smile_id: 'Smile ID',
} as const;

type Outcome = 'match' | 'mismatch' | 'info';

/** One line of the comparison: what the authority holds and whether it matched, in words and an icon. */
function Line({
  label,
  value,
  outcome,
  note,
}: {
  label: string;
  value: string;
  outcome: Outcome;
  note: string;
}) {
  const icon =
    outcome === 'match' ? 'pi-check-circle' : outcome === 'mismatch' ? 'pi-times-circle' : 'pi-info-circle';
  return (
    <div className={styles.line}>
      <dt>{label}</dt>
      <dd>
        <span className={styles.value}>{value}</span>
        <span className={`${styles.outcome} ${styles[outcome]}`}>
          <i className={`pi ${icon}`} aria-hidden="true" /> {note}
        </span>
      </dd>
    </div>
  );
}

const when = (instant: string) => `${formatDate(instant)} ${clockText(instant)}`;

function Result({ result }: { result: IdentityCheckResult }) {
  const matched = (ok: boolean): Outcome => (ok ? 'match' : 'mismatch');
  return (
    <>
      <p className={`${styles.verdict} ${styles[result.verdict === 'passed' ? 'match' : 'mismatch']}`}>
        <i
          className={`pi ${result.verdict === 'passed' ? 'pi-check-circle' : 'pi-exclamation-triangle'}`}
          aria-hidden="true"
        />{' '}
        {result.verdict === 'passed' ? 'Authority check passed' : 'Authority check failed'}
      </p>
      {result.demo ? <p className={styles.muted}>{IdentityCheckMessages.demo}</p> : null}
      <dl className={styles.lines} aria-label="What the authority holds">
        <Line
          label="Authority status"
          value={IDENTITY_STATUS_LABELS[result.idStatus]}
          outcome={matched(result.idStatus === 'verified')}
          note={result.idStatus === 'verified' ? 'Matches' : 'Does not match'}
        />
        <Line
          label="First name"
          value={result.firstName.authority ?? 'Not given'}
          outcome={matched(result.firstName.matches)}
          note={result.firstName.matches ? 'Matches' : 'Does not match'}
        />
        <Line
          label="Last name"
          value={result.lastName.authority ?? 'Not given'}
          outcome={matched(result.lastName.matches)}
          note={result.lastName.matches ? 'Matches' : 'Does not match'}
        />
        {result.otherNames ? (
          <Line label="Other names" value={result.otherNames} outcome="info" note="Shown only" />
        ) : null}
        <Line
          label="Name match"
          value={`${result.nameMatchScore} of 100 (threshold ${BANK_NAME_MATCH_THRESHOLD})`}
          outcome={matched(!result.belowThreshold)}
          note={result.belowThreshold ? 'Below the threshold' : 'Matches'}
        />
        <Line
          label="Date of birth"
          value={result.dateOfBirth ?? 'Not given'}
          outcome="info"
          note="Shown only: the registration asks for none"
        />
        <Line
          label="Face match"
          value={FACE_MATCH_LABELS[result.faceMatch]}
          outcome={result.faceMatch === 'not_done' ? 'info' : matched(result.faceMatch === 'passed')}
          note={
            result.faceMatch === 'not_done'
              ? 'Not compared'
              : result.faceMatch === 'passed'
                ? 'Matches'
                : 'Does not match'
          }
        />
      </dl>
      <p className={styles.muted}>
        Checked {when(result.checkedOn)}. Job {result.providerJobID}
        {result.resultText ? `: ${result.resultText}` : ''}
        {result.resultCode ? ` (${result.resultCode})` : ''}.
      </p>
    </>
  );
}

function NotChecked({ notChecked }: { notChecked: NonNullable<IdentityCheckView['notChecked']> }) {
  return (
    <div className={styles.notChecked} role="status">
      <p className={styles.verdict}>
        <i className="pi pi-clock" aria-hidden="true" /> Not checked
      </p>
      <p>{notChecked.reason}</p>
      <p className={styles.muted}>
        {notChecked.nextAttemptOn ? `Next try ${when(notChecked.nextAttemptOn)}` : 'No try is scheduled'}
        {notChecked.attempts > 0
          ? `, after ${notChecked.attempts} attempt${notChecked.attempts === 1 ? '' : 's'}`
          : ''}
        . The case can be reviewed by hand meanwhile.
      </p>
    </div>
  );
}

/**
 * Issue 50, part 1: the BVN/NIN checked against the authority (Smile ID), on the claimed case. What matched and
 * what did not, or "not checked" with the reason and the next retry; the number is masked.
 */
export function KycIdentityCheck({ affiliateID }: { affiliateID: number }) {
  const id = useId();
  const check = useLoad((signal) => fetchIdentityCheck(affiliateID, signal), [affiliateID]);
  const view = check.data;
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`} aria-busy={check.state === 'loading'}>
      <div className={styles.header}>
        <h2 id={`${id}-title`}>Identity Check</h2>
        <Button
          type="button"
          label="Refresh"
          icon="pi pi-refresh"
          severity="secondary"
          text
          disabled={check.state === 'loading'}
          onClick={check.reload}
        />
      </div>
      {check.state === 'error' && !view ? (
        <LoadFailed
          message="The identity check could not be loaded."
          onRetry={check.reload}
          error={check.error}
        />
      ) : !view ? (
        <LoadingSpinner label="Loading the identity check" />
      ) : (
        <>
          <p className={styles.muted}>
            {view.identityType} {view.maskedNumber} · {PROVIDER_LABELS[view.provider]}
            {view.provider === 'none' ? '' : ` ${PRODUCT_LABELS[view.product]}`}
          </p>
          {view.result ? (
            <Result result={view.result} />
          ) : view.notChecked ? (
            <NotChecked notChecked={view.notChecked} />
          ) : null}
        </>
      )}
    </section>
  );
}
