import { BANK_NAME_MATCH_THRESHOLD, BankVerificationMessages } from '@portal/contracts';
import type { BankVerification } from '@portal/contracts';
import { formatDate } from '../format';
import styles from './affiliate-list.module.css';

/**
 * Beside the duplicate-identity flags (issue 27): the name the bank holds for the account commission will be
 * paid to, how well it matches the full name, and a flag below the threshold. 'not verified' when nothing
 * resolved it (no provider, unknown account, provider down).
 */
export function BankAccountCheck({
  id,
  verification,
}: {
  id: string;
  verification: BankVerification | null;
}) {
  const flagged = verification?.belowThreshold ?? false;
  return (
    <section className={flagged ? styles.flags : styles.bankCheck} aria-labelledby={id}>
      <h3 id={id}>
        {flagged ? <i className="pi pi-exclamation-triangle" aria-hidden="true" /> : null} Bank account name
      </h3>
      {verification ? (
        <>
          <p>{BankVerificationMessages.accountName(verification.accountName)}</p>
          <p>
            Name match: {verification.nameMatchScore}% (resolved {formatDate(verification.resolvedOn)})
          </p>
          {flagged ? (
            <p>
              <strong>Below the {BANK_NAME_MATCH_THRESHOLD}% match threshold:</strong> compare it with the
              full name before approving.
            </p>
          ) : null}
        </>
      ) : (
        <p>{BankVerificationMessages.notVerified}</p>
      )}
    </section>
  );
}
