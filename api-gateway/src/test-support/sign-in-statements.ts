/**
 * A sign-in statement's name, told from its text (login-queries.ts, login-history.ts), so a test can say which
 * statements a sign-in ran; undefined for any other statement.
 */
export function signInStatementName(text: string): string | undefined {
  if (text.includes('INSERT INTO sessions')) return 'sign_in_record';
  if (text.trimStart().startsWith('INSERT INTO login_history')) return 'login_attempt_insert';
  if (text.includes('FROM (SELECT 1) AS one')) return 'sign_in_state';
  if (text.includes('account_limit_failure_at')) return 'sign_in_lockout';
  if (text.includes('temporary_password_expires_at')) return 'sign_in_account';
  return undefined;
}
