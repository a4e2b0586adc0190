// Issue 49 item 3: who the risk module holds, as SQL for the payout statements (risk-holds.ts, docs/risk.md).

/** The affiliates held now, as a subquery (a semi-join over the open cases' partial index). */
export const HELD_AFFILIATES_SQL = `
  SELECT c.affiliate_id FROM risk_cases c
   WHERE c.state = 'open'
     AND c.severity >= (SELECT value FROM risk_settings WHERE setting_key = 'holdMinimumSeverity')`;

/** On a line `l`: waiting to be paid, its affiliate held, and no admin has let it go. */
export const LINE_UNDER_RISK_REVIEW_SQL = `(l.status = 'pending' AND l.risk_let_go_at IS NULL
  AND l.affiliate_id IN (${HELD_AFFILIATES_SQL}))`;
