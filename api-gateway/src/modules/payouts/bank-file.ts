import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import multer from 'multer';
import {
  PAYOUT_RESULT_COLUMNS,
  PAYOUT_RESULT_FIELD,
  PAYOUT_RESULT_LIMITS,
  PayoutMessages,
  hasControlCharacters,
  type ExcelPathResponse,
  type PayoutResultProblem,
  type PayoutResultResponse,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { badRequest, conflict, HttpError } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { open } from '../../lib/field-crypto';
import { faultPoint } from '../../lib/fault-point';
import { recordAudit } from '../audit';
import {
  ContainerRefusal,
  inspectContainer,
  readWorkbook,
  WorkbookRefusal,
  type CellValue,
} from '../commission-upload';
import { type ExportRunner, NAIRA_FORMAT, type SheetColumn } from '../reports';
import { completeRunIfSettled, markLineFailed, markLinePaid } from './line-moves';
import { loadLine, loadRun, lockRun } from './runs';

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
    if (run.provider !== 'bank-file') throw conflict(PayoutMessages.notBankFile);
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

// ---- the bank's result file ----------------------------------------------------------------------------

// busboy stops a file at fileSize bytes: one byte more than 'at most' lets exactly the limit through.
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: PAYOUT_RESULT_LIMITS.maxBytes + 1, files: 1, fields: 5, parts: 6 },
}).single(PAYOUT_RESULT_FIELD);

const asApiError: ErrorRequestHandler = (error: unknown, _req, _res, next) => {
  if (error instanceof multer.MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return next(new HttpError(413, PayoutMessages.resultFileTooLarge));
    return next(
      badRequest(PayoutMessages.resultFileRequired, {
        [PAYOUT_RESULT_FIELD]: PayoutMessages.resultFileRequired,
      }),
    );
  }
  if (error instanceof Error && !(error instanceof HttpError))
    return next(badRequest(PayoutMessages.resultFileUnreadable));
  next(error);
};

/** Reads the multipart form after the session and right are checked. */
export const parseResultForm: RequestHandler[] = [
  (req, res, next) =>
    upload(req, res, (error?: unknown) => (error ? asApiError(error, req, res, next) : next())),
];

/** One row of the bank's answer, as read (row 2 is the first under the header). */
interface ResultRow {
  row: number;
  reference: string;
  status: string;
  reason: string;
}

const cellText = (value: CellValue | undefined): string =>
  value === null || value === undefined ? '' : String(value).trim();

/** RFC 4180 CSV: quoted fields with "" inside, CRLF or LF. Control characters other than tabs refuse the file. */
export function parseCsv(text: string): string[][] {
  if (hasControlCharacters(text.replace(/[\r\n\t]/g, ' ')))
    throw badRequest(PayoutMessages.resultFileUnreadable);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
    if (rows.length > PAYOUT_RESULT_LIMITS.maxRows + 1)
      throw badRequest(PayoutMessages.resultFileTooManyRows);
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === ',' || c === ';') {
      endField();
      i++;
    } else if (c === '\r' || c === '\n') {
      endRow();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
    if (row.length > 50) throw badRequest(PayoutMessages.resultFileUnreadable);
  }
  if (quoted) throw badRequest(PayoutMessages.resultFileUnreadable);
  if (field !== '' || row.length) endRow();
  return rows;
}

/** The rows of an uploaded result file: .xlsx through the isolated sheet worker, .csv here (it is only text). */
async function readResultFile(req: Request): Promise<ResultRow[]> {
  const file = req.file;
  if (!file)
    throw badRequest(PayoutMessages.resultFileRequired, {
      [PAYOUT_RESULT_FIELD]: PayoutMessages.resultFileRequired,
    });
  const name = file.originalname.trim().toLowerCase();
  let table: CellValue[][];
  if (name.endsWith('.csv')) {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(file.buffer).replace(/^\uFEFF/, '');
    } catch {
      throw badRequest(PayoutMessages.resultFileUnreadable);
    }
    table = parseCsv(text);
  } else if (name.endsWith('.xlsx')) {
    try {
      const container = inspectContainer(file.buffer);
      if (container.kind !== 'zip') throw badRequest(PayoutMessages.resultFileUnreadable);
      table = (await readWorkbook(file.buffer, container)).rows;
    } catch (error) {
      if (error instanceof WorkbookRefusal && error.code === 'busy')
        throw new HttpError(503, PayoutMessages.resultFileBusy);
      if (error instanceof WorkbookRefusal && error.code === 'tooManyRows')
        throw badRequest(PayoutMessages.resultFileTooManyRows);
      if (error instanceof WorkbookRefusal || error instanceof ContainerRefusal)
        throw badRequest(PayoutMessages.resultFileUnreadable);
      throw error;
    }
  } else {
    throw new HttpError(415, PayoutMessages.resultFileType);
  }
  if (table.length === 0) throw badRequest(PayoutMessages.resultFileEmpty);
  const header = table[0].map((cell) => cellText(cell).toLowerCase());
  const at = PAYOUT_RESULT_COLUMNS.map((column) => header.indexOf(column.toLowerCase()));
  if (at.some((index) => index < 0)) throw badRequest(PayoutMessages.resultFileColumns);
  if (table.length - 1 > PAYOUT_RESULT_LIMITS.maxRows) throw badRequest(PayoutMessages.resultFileTooManyRows);
  const rows: ResultRow[] = [];
  table.slice(1).forEach((cells, index) => {
    const [reference, status, reason] = at.map((column) => cellText(cells[column]));
    if (!reference && !status && !reason) return;
    rows.push({ row: index + 2, reference, status: status.toLowerCase(), reason: reason.slice(0, 500) });
  });
  if (rows.length === 0) throw badRequest(PayoutMessages.resultFileEmpty);
  return rows;
}

/**
 * The bank's result applied in one transaction: each row's line (matched by reference, in this run) moves
 * processing -> paid (with its notice) or failed (its commission available again); a row repeating what the
 * line already says is unchanged; every other row is listed as a problem and changes nothing. Then the run
 * completes if no line waits. All or nothing: an error anywhere leaves every line as it was.
 */
export async function applyBankResult(
  ctx: AppContext,
  req: Request,
  session: SessionUser,
  runId: number,
): Promise<PayoutResultResponse> {
  const rows = await readResultFile(req);
  const fileName = (req.file?.originalname ?? '').trim().slice(0, 200);
  return ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    if (run.provider !== 'bank-file') throw conflict(PayoutMessages.notBankFile);
    if (run.status !== 'executing') throw conflict(PayoutMessages.notExecuting);
    const now = ctx.now();
    const lines = await linesByReference(tx, runId);
    const problems: PayoutResultProblem[] = [];
    const seen = new Set<string>();
    let paid = 0;
    let failed = 0;
    let unchanged = 0;
    for (const row of rows) {
      const reference = row.reference.toLowerCase();
      const problem = (reason: string) =>
        problems.push({ row: row.row, reference: row.reference || null, reason });
      if (row.status !== 'paid' && row.status !== 'failed') {
        problem(PayoutMessages.resultBadStatus);
        continue;
      }
      const line = lines.get(reference);
      if (!line) {
        problem(PayoutMessages.resultUnknownReference);
        continue;
      }
      if (seen.has(reference)) {
        problem(PayoutMessages.resultDuplicate);
        continue;
      }
      seen.add(reference);
      if (row.status === 'failed' && !row.reason) {
        problem(PayoutMessages.resultReasonRequired);
        continue;
      }
      if (line.status === row.status) {
        unchanged++;
        continue;
      }
      const change = { reason: row.reason || null, at: now };
      const moved =
        row.status === 'paid'
          ? await markLinePaid(tx, line.id, change)
          : await markLineFailed(tx, line.id, change);
      if (!moved) {
        problem(PayoutMessages.resultLineClosed(line.status));
        continue;
      }
      line.status = row.status;
      if (row.status === 'paid') paid++;
      else failed++;
    }
    await faultPoint('payout.bank-result');
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.run.result',
      entityType: 'payout_run',
      entityId: runId,
      details: { fileName, paid, failed, unchanged, problems: problems.length },
      at: now,
    });
    await completeRunIfSettled(tx, runId, now);
    return {
      message: PayoutMessages.resultApplied(paid, failed, problems.length),
      paid,
      failed,
      unchanged,
      problems: problems.slice(0, 500),
      run: await loadRun(tx, runId, session.userId),
    };
  });
}

async function linesByReference(
  tx: Sql,
  runId: number,
): Promise<Map<string, { id: number; status: string }>> {
  const { rows } = await tx.query<{ payout_line_id: string; reference: string; status: string }>(
    `SELECT payout_line_id::text, reference, status FROM payout_lines
      WHERE payout_run_id = $1 AND reference IS NOT NULL`,
    [runId],
  );
  return new Map(rows.map((row) => [row.reference, { id: Number(row.payout_line_id), status: row.status }]));
}

/** A line of an executing bank-file run marked paid or failed by hand, with the admin's reason; audited. */
export async function markLineByHand(
  ctx: AppContext,
  session: SessionUser,
  runId: number,
  lineId: number,
  body: { status: 'paid' | 'failed'; reason: string },
) {
  return ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, runId);
    const { rows } = await tx.query<{ status: string }>(
      'SELECT status FROM payout_lines WHERE payout_line_id = $1 AND payout_run_id = $2',
      [lineId, runId],
    );
    if (!rows[0]) throw new HttpError(404, PayoutMessages.lineNotFound);
    if (run.provider !== 'bank-file') throw conflict(PayoutMessages.notBankFile);
    if (run.status !== 'executing') throw conflict(PayoutMessages.notExecuting);
    const now = ctx.now();
    const change = { reason: body.reason, at: now };
    const moved =
      body.status === 'paid'
        ? await markLinePaid(tx, lineId, change)
        : await markLineFailed(tx, lineId, change);
    if (!moved) throw conflict(PayoutMessages.lineNotOpen);
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'payout.line.mark',
      entityType: 'payout_line',
      entityId: lineId,
      fromStatus: rows[0].status,
      toStatus: body.status,
      remark: body.reason,
      details: { runId },
      at: now,
    });
    await completeRunIfSettled(tx, runId, now);
    return {
      message: body.status === 'paid' ? PayoutMessages.lineMarkedPaid : PayoutMessages.lineMarkedFailed,
      line: await loadLine(ctx, tx, runId, lineId),
      run: await loadRun(tx, runId, session.userId),
    };
  });
}
