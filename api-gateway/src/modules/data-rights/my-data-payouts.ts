import type { Sql } from '../../db/database';
import { businessTimestamp } from '../../lib/business-time';
import { accountLabel, railLabel } from '../payouts';
import { NAIRA_FORMAT, type SheetColumn } from '../reports';

interface PayoutRow {
  payout_run_id: string | number;
  run_status: string;
  run_cutoff: string;
  provider: string;
  payout_line_id: string | number;
  reference: string | null;
  status: string;
  gross: string;
  deductions: string;
  net: string;
  bank_name: string | null;
  account_last4: string | null;
  status_reason: string | null;
  paid_at: Date | string | null;
  created_at: Date | string;
}

const when = (value: Date | string | null) =>
  value === null ? null : businessTimestamp(value instanceof Date ? value : new Date(value));

/**
 * Issue 48: My data's Payouts sheet: every line of a payout run that named the affiliate (paid or not, with why),
 * its run, our reference, status and amounts. The account is masked ('GTBank ****1234') as the Payouts page
 * masks it: the full number is already on the Profile sheet, once.
 */
export async function readMyPayouts(
  sql: Sql,
  affiliateId: number,
): Promise<{ columns: readonly SheetColumn<PayoutRow>[]; rows: PayoutRow[] }> {
  const { rows } = await sql.query<PayoutRow>(
    `SELECT r.payout_run_id, r.status AS run_status, r.cutoff::text AS run_cutoff, r.provider, l.payout_line_id,
            l.reference, l.status, l.gross::text AS gross, l.deductions::text AS deductions, l.net::text AS net,
            l.bank_name, l.account_last4, l.status_reason, l.paid_at, l.created_at
       FROM payout_lines l JOIN payout_runs r ON r.payout_run_id = l.payout_run_id
      WHERE l.affiliate_id = $1
      ORDER BY l.payout_run_id, l.payout_line_id`,
    [affiliateId],
  );
  const money = (value: string) => Number(value);
  const columns: SheetColumn<PayoutRow>[] = [
    { header: 'Run', width: 8, value: (row) => Number(row.payout_run_id) },
    { header: 'Run status', width: 12, value: (row) => row.run_status },
    { header: 'Earnings up to', width: 14, value: (row) => row.run_cutoff },
    {
      header: 'Paid through',
      width: 12,
      value: (row) => railLabel(row.provider),
    },
    { header: 'Line', width: 8, value: (row) => Number(row.payout_line_id) },
    { header: 'Reference', width: 18, value: (row) => row.reference },
    { header: 'Status', width: 12, value: (row) => row.status },
    { header: 'Gross', width: 16, value: (row) => money(row.gross), numFmt: NAIRA_FORMAT },
    { header: 'Deductions', width: 16, value: (row) => money(row.deductions), numFmt: NAIRA_FORMAT },
    { header: 'Net', width: 16, value: (row) => money(row.net), numFmt: NAIRA_FORMAT },
    { header: 'Paid to', width: 22, value: (row) => accountLabel(row.bank_name, row.account_last4) },
    { header: 'Paid on', width: 20, value: (row) => when(row.paid_at) },
    { header: 'Reason', width: 48, value: (row) => row.status_reason },
    { header: 'Listed on', width: 20, value: (row) => when(row.created_at) },
  ];
  return { columns, rows };
}
