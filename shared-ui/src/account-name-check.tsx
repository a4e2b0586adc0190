import { useEffect, useState } from 'react';
import axios from 'axios';
import {
  ACCOUNT_NUMBER_LENGTH,
  BankVerificationMessages,
  normaliseAccountNumber,
} from '@portal/contracts/web';
import type { ResolveAccountNameResponse } from '@portal/contracts/web';
import styles from './account-name-check.module.css';

/** Waits this long after the last keystroke before asking (spec §9's search debounce). */
export const ACCOUNT_NAME_CHECK_DELAY_MS = 500;

export interface AccountNameCheckProps {
  /** The id of the line, for the account number input's aria-describedby. */
  id: string;
  bankID: number | null | undefined;
  accountNumber: string | null | undefined;
  /** Asks the gateway; called with quiet errors: this line shows them, no toast. */
  resolve(bankID: number, accountNumber: string): Promise<ResolveAccountNameResponse>;
}

type CheckState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'answered'; answer: ResolveAccountNameResponse }
  | { kind: 'refused'; message: string };

/**
 * Under the account number (issue 27): once a bank is chosen and the number has its 10 digits, the name the
 * bank holds ('Account name: ADAEZE N. OKAFOR'), or why it could not be checked. Never blocks the form: a
 * failure is a line of text, and the applicant submits anyway. Nothing shows where no provider is configured.
 */
export function AccountNameCheck({ id, bankID, accountNumber, resolve }: AccountNameCheckProps) {
  const [state, setState] = useState<CheckState>({ kind: 'idle' });
  const digits = normaliseAccountNumber(accountNumber ?? '');
  const ready = Boolean(bankID) && new RegExp(`^\\d{${ACCOUNT_NUMBER_LENGTH}}$`).test(digits);

  useEffect(() => {
    if (!ready || !bankID) {
      setState({ kind: 'idle' });
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      setState({ kind: 'checking' });
      resolve(bankID, digits).then(
        (answer) => {
          if (current) setState({ kind: 'answered', answer });
        },
        (error: unknown) => {
          if (!current) return;
          const message =
            axios.isAxiosError(error) && error.response?.status === 429
              ? BankVerificationMessages.tooMany
              : BankVerificationMessages.failed;
          setState({ kind: 'refused', message });
        },
      );
    }, ACCOUNT_NAME_CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // resolve is the caller's stable API function; the check follows the bank and the digits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, bankID, digits]);

  let text = '';
  let tone = styles.note;
  if (state.kind === 'checking') text = 'Checking the account name…';
  else if (state.kind === 'refused') {
    text = state.message;
    tone = styles.warning;
  } else if (state.kind === 'answered' && state.answer.status !== 'not-configured') {
    text = state.answer.message;
    tone = state.answer.status === 'resolved' ? styles.resolved : styles.warning;
  }
  return (
    <small id={id} className={`${styles.line} ${tone}`} aria-live="polite">
      {text}
    </small>
  );
}
