import type { AppContext } from '../src/context';
import type { Sql } from '../src/db/database';
import { seal } from '../src/lib/field-crypto';
import { ingestRetailers } from '../src/modules/integration';
import { createAffiliate, createStaffUser } from './affiliate-fixtures';

/**
 * Issue 28, Paystack payouts: a run as the four-eyes steps leave it ('approved' or already 'executing', provider
 * paystack), with one line per amount, each paying its own affiliate's account and holding that affiliate's
 * earned entry (an order Delivered for exactly the line's gross), as payruns' run creation writes them. Written
 * in SQL so that the executor, the reconciler and the webhook are tested on their own.
 */
export interface PaystackRunFixture {
  runId: number;
  lines: { lineId: number; reference: string; affiliateId: number; entryId: number; accountNumber: string }[];
}

let made = 0;

export async function createPaystackRun(
  ctx: AppContext,
  amounts: readonly string[],
  options: { status?: 'approved' | 'executing'; sql?: Sql } = {},
): Promise<PaystackRunFixture> {
  const sql = options.sql ?? ctx.db;
  const creator = await createStaffUser(sql, 1);
  const approver = await createStaffUser(sql, 1);
  const { rows: runRows } = await sql.query<{ payout_run_id: string | number }>(
    `INSERT INTO payout_runs (cutoff, status, provider, minimum_payout, withholding_percent, entries_before,
                              created_by, submitted_at, decided_by, decided_at, executed_by, executed_at)
     VALUES (current_date, $1, 'paystack', 1000, 0, now(), $2, now(), $3, now(),
             CASE WHEN $1 = 'executing' THEN $3::bigint END, CASE WHEN $1 = 'executing' THEN now() END)
     RETURNING payout_run_id`,
    [options.status ?? 'executing', creator, approver],
  );
  const runId = Number(runRows[0].payout_run_id);
  const lines: PaystackRunFixture['lines'] = [];
  for (const amount of amounts) {
    const n = ++made;
    const affiliate = await createAffiliate(sql, { status: 'KYC Complete' });
    const accountNumber = String(3000000000 + n * 7 + (process.pid % 1000) * 100000);
    const retailer = `PAYSTACK-R${process.pid}-${n}`;
    await ingestRetailers(sql, [
      {
        externalId: retailer,
        affiliateCode: affiliate.affiliateCode,
        businessName: 'Payout shop',
        faoName: 'Fao',
        faoMobileNo: '08031000000',
        clusterManager: 'Bisi Adewale',
        location: 'Ikeja, Lagos',
      },
    ]);
    await sql.query(
      `INSERT INTO orders (external_id, order_code, retailer_id, affiliate_id, order_date, buyer_name, order_value,
                           product_category, status, fao_name, fao_mobile_no, commission_amount, commission_rate_date)
       SELECT $1, $1, r.retailer_id, r.affiliate_id, '2026-05-01', 'Buyer', $2::numeric * 10, 'Beverages',
              'Delivered', 'Fao', '08030000000', $2::numeric, '2026-01-01'
         FROM retailers r WHERE r.external_id = $3`,
      [`PO-${process.pid}-${n}`, amount, retailer],
    );
    const { rows: entryRows } = await sql.query<{ entry_id: string | number }>(
      `SELECT entry_id FROM commission_entries WHERE affiliate_id = $1 AND kind = 'earned'`,
      [affiliate.affiliateId],
    );
    const { rows: lineRows } = await sql.query<{ payout_line_id: string | number; reference: string }>(
      `WITH id AS (SELECT nextval(pg_get_serial_sequence('payout_lines', 'payout_line_id')) AS v)
       INSERT INTO payout_lines (payout_line_id, reference, affiliate_id, payout_run_id, status, gross, deductions,
                                 net, bank_name, bank_code, account_number_sealed, account_last4, account_name)
       SELECT id.v, 'po-' || $2::bigint || '-' || id.v, $1, $2::bigint, 'pending', $3::numeric, 0, $3::numeric, 'GTBank', '058', $4, $5, $6 FROM id
       RETURNING payout_line_id, reference`,
      [
        affiliate.affiliateId,
        runId,
        amount,
        seal(ctx.config.dataKeyring, 'account_number', accountNumber),
        accountNumber.slice(-4),
        `Payee ${n}`,
      ],
    );
    const lineId = Number(lineRows[0].payout_line_id);
    const reference = lineRows[0].reference;
    const entryId = Number(entryRows[0].entry_id);
    await sql.query(
      `INSERT INTO payout_line_entries (payout_line_id, line_status, entry_id) VALUES ($1, 'pending', $2)`,
      [lineId, entryId],
    );
    lines.push({ lineId, reference, affiliateId: affiliate.affiliateId, entryId, accountNumber });
  }
  return { runId, lines };
}

/** Closes whatever run a test left open (one open run at a time), forward only. */
export async function closeOpenRuns(sql: Sql): Promise<void> {
  await sql.query(
    `UPDATE payout_lines SET status = 'failed', status_reason = 'closed by the test'
      WHERE status IN ('pending', 'sending', 'processing')`,
  );
  await sql.query(`UPDATE payout_runs SET status = 'executing' WHERE status = 'approved'`);
  await sql.query(
    `UPDATE payout_runs SET status = 'completed', completed_at = now(), execution_lease_until = NULL
      WHERE status = 'executing'`,
  );
}

/** Line statuses by reference. */
export async function lineStatuses(sql: Sql, runId: number): Promise<Record<string, string>> {
  const { rows } = await sql.query<{ reference: string; status: string }>(
    'SELECT reference, status FROM payout_lines WHERE payout_run_id = $1 ORDER BY payout_line_id',
    [runId],
  );
  return Object.fromEntries(rows.map((row) => [row.reference, row.status]));
}
