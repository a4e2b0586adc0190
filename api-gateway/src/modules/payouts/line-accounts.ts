import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { seal } from '../../lib/field-crypto';
import { openAccountNumber, type SealedNumberRow } from '../../lib/sealed-numbers';
import { railIdsSql } from './rails/registry';

/** The last four digits of an account number, or null when it has fewer. */
export const lastFour = (accountNumber: string) =>
  /^\d{4,}$/.test(accountNumber) ? accountNumber.slice(-4) : null;

/**
 * A run's provider fees (issue 48): on a run of a rail that reports them (Paystack), the sum of the fees Paystack reported for its transfers
 * (payout_lines.provider_fee, from the transfer answers and events); null on a bank-file run, whose bank
 * charges the company outside the portal. In RUN_SELECT's lateral sum over the run's lines `l` of run `r`.
 */
export const FEES_SQL = `CASE WHEN r.provider IN ${railIdsSql((rail) => rail.reportsFees)}
                            THEN round(coalesce(sum(l.provider_fee), 0), 2)::text END`;

/**
 * Each pending line copies the account it will pay, as it is now: bank, code, name, the sealed number (sealed
 * here if the affiliate's row is still in clear), its last four digits, and whether it was verified then (a
 * bank-file run pays an unverified account; the approver sees it). One UPDATE for all the lines.
 */
export async function copyAccounts(ctx: AppContext, tx: Sql, runId: number, now: Date): Promise<void> {
  const { rows } = await tx.query<
    Pick<SealedNumberRow, 'account_number' | 'account_number_sealed'> & {
      payout_line_id: string;
      bank_name: string;
      bank_code: string;
      bank_account_name: string | null;
      verified: boolean;
    }
  >(
    `SELECT l.payout_line_id::text, b.bank_name, b.cbn_code AS bank_code, a.bank_account_name,
            a.account_number, a.account_number_sealed, a.bank_resolved_at IS NOT NULL AS verified
       FROM payout_lines l
       JOIN affiliates a ON a.affiliate_id = l.affiliate_id
       JOIN banks b ON b.bank_id = a.bank_id
      WHERE l.payout_run_id = $1 AND l.status = 'pending'`,
    [runId],
  );
  const keyring = ctx.config.dataKeyring;
  const numbers = rows.map((row) => openAccountNumber(keyring, row));
  await tx.query(
    `UPDATE payout_lines l
        SET bank_name = c.bank_name, bank_code = c.bank_code, account_number_sealed = c.sealed,
            account_last4 = c.last4, account_name = c.account_name, account_verified = c.verified, updated_at = $8
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[])
            AS c(line_id, bank_name, bank_code, sealed, last4, account_name, verified)
      WHERE l.payout_line_id = c.line_id`,
    [
      rows.map((row) => row.payout_line_id),
      rows.map((row) => row.bank_name),
      rows.map((row) => row.bank_code),
      rows.map((row, i) =>
        numbers[i] ? (row.account_number_sealed ?? seal(keyring, 'account_number', numbers[i])) : null,
      ),
      numbers.map(lastFour),
      rows.map((row) => row.bank_account_name),
      rows.map((row) => row.verified),
      now,
    ],
  );
}
