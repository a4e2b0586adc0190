import { PayoutMessages, type ExcelPathResponse } from '@portal/contracts';
import type { AppContext } from '../../context';
import { conflict } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { open } from '../../lib/field-crypto';
import { recordAudit } from '../audit';
import { type ExportRunner, NAIRA_FORMAT, type SheetColumn } from '../reports';
import { railOf } from './rails/registry';
import { lockRun } from './run-queries';

// The bank's result file and marking by hand: bank-result.ts.
export { parseCsv } from './bank-result-file';

// ---- the bulk-payment file -----------------------------------------------------------------------------

interface BankFileRow {
  reference: string;
  accountName: string;
  accountNumber: string;
  bankCode: string;
  amount: number;
  narration: string;
}

/** The bank's bulk-payment columns; Amount is naira with two decimals (a number cell, NAIRA_FORMAT). */
export const BANK_FILE_COLUMNS: readonly SheetColumn<BankFileRow>[] = [
  { header: 'Reference', width: 22, value: (row) => row.reference },
  { header: 'Account Name', width: 32, value: (row) => row.accountName },
  { header: 'Account Number', width: 16, value: (row) => row.accountNumber },
  { header: 'Bank Code', width: 10, value: (row) => row.bankCode },
  { header: 'Amount', width: 16, value: (row) => row.amount, numFmt: NAIRA_FORMAT },
  { header: 'Narration', width: 36, value: (row) => row.narration },
];

/**
 * The bulk-payment Excel of a bank-file run being paid: one row per line the bank is to pay (processing), with
 * the account number opened from the line's sealed copy, as a single-use download link. Lines already marked
 * paid or failed are left out, so a file downloaded again never pays a line twice. Audited (the file holds
 * full account numbers).
 */
export async function bankFile(
  ctx: AppContext,
  exportRunner: ExportRunner,
  session: SessionUser,
  runId: number,
): Promise<ExcelPathResponse> {
  const lines = await ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (!railOf(run.provider).takesBankResult) throw conflict(PayoutMessages.notBankFile);
    if (run.status !== 'executing') throw conflict(PayoutMessages.notExecuting);
    const { rows } = await tx.query<{
      reference: string;
      account_name: string | null;
      affiliate_name: string;
      account_number_sealed: string;
      bank_code: string;
      net: string;
    }>(
      `SELECT l.reference, l.account_name, a.full_name AS affiliate_name, l.account_number_sealed, l.bank_code,
              l.net::text
         FROM payout_lines l JOIN affiliates a ON a.affiliate_id = l.affiliate_id
        WHERE l.payout_run_id = $1 AND l.status = 'processing'
        ORDER BY l.payout_line_id`,
      [runId],
    );
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.run.bank_file',
      entityType: 'payout_run',
      entityId: runId,
      details: { lines: rows.length },
      at: ctx.now(),
    });
    return rows;
  });
  const keyring = ctx.config.dataKeyring;
  async function* rows(): AsyncGenerator<BankFileRow> {
    for (const line of lines) {
      yield {
        reference: line.reference,
        accountName: line.account_name ?? line.affiliate_name,
        accountNumber: open(keyring, 'account_number', line.account_number_sealed),
        bankCode: line.bank_code,
        // Numeric text with two decimals: exact as a double for any amount a line can hold.
        amount: Number(line.net),
        narration: `Affiliate commission ${line.reference}`,
      };
    }
  }
  return exportRunner.run(session.userId, {
    fileName: `payout-run-${runId}-bank-file.xlsx`,
    sheetName: `Payout run ${runId}`,
    columns: BANK_FILE_COLUMNS,
    rows: rows(),
  });
}
