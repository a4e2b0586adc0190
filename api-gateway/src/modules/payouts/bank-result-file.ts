import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import multer from 'multer';
import {
  PAYOUT_RESULT_COLUMNS,
  PAYOUT_RESULT_FIELD,
  PAYOUT_RESULT_LIMITS,
  PayoutMessages,
} from '@portal/contracts';
import { badRequest, HttpError } from '../../http/errors';
import { CsvRefusal, csvRows } from '../../lib/csv-rows';
import {
  ContainerRefusal,
  inspectContainer,
  readDelimitedText,
  readWorkbook,
  WorkbookRefusal,
  type CellValue,
} from '../commission-upload';

// The bank's result file (.xlsx or .csv: Reference, Status, Reason), read and checked before anything changes.

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
export interface ResultRow {
  row: number;
  reference: string;
  status: string;
  reason: string;
}

const cellText = (value: CellValue | undefined): string =>
  value === null || value === undefined ? '' : String(value).trim();

/** Columns a result file's row may have; a wider one is not a result file. */
const MAX_CSV_COLUMNS = 50;

/**
 * RFC 4180 CSV (lib/csv-rows.ts, csv-parse): quoted fields with "" inside, CRLF or LF, commas or semicolons.
 * Control characters other than tabs refuse the file. The upload reads it in the sheet worker (readResultFile).
 */
export function parseCsv(text: string): string[][] {
  try {
    return csvRows(text, { maxRows: PAYOUT_RESULT_LIMITS.maxRows, maxColumns: MAX_CSV_COLUMNS });
  } catch (error) {
    if (error instanceof CsvRefusal && error.code === 'tooManyRows')
      throw badRequest(PayoutMessages.resultFileTooManyRows);
    throw badRequest(PayoutMessages.resultFileUnreadable);
  }
}

/** The rows of an uploaded result file: .xlsx through the isolated sheet worker, .csv here (it is only text). */
export async function readResultFile(req: Request): Promise<ResultRow[]> {
  const file = req.file;
  if (!file)
    throw badRequest(PayoutMessages.resultFileRequired, {
      [PAYOUT_RESULT_FIELD]: PayoutMessages.resultFileRequired,
    });
  const name = file.originalname.trim().toLowerCase();
  const csv = name.endsWith('.csv');
  if (!csv && !name.endsWith('.xlsx')) throw new HttpError(415, PayoutMessages.resultFileType);
  let table: CellValue[][];
  // Untrusted bytes are read in the sheet worker (commission-upload), whose refusals are answers here.
  try {
    if (csv) {
      table = (
        await readDelimitedText(file.buffer, {
          maxRows: PAYOUT_RESULT_LIMITS.maxRows,
          maxColumns: MAX_CSV_COLUMNS,
        })
      ).rows;
    } else {
      const container = inspectContainer(file.buffer);
      if (container.kind !== 'zip') throw badRequest(PayoutMessages.resultFileUnreadable);
      table = (await readWorkbook(file.buffer, container)).rows;
    }
  } catch (error) {
    if (error instanceof WorkbookRefusal && error.code === 'busy')
      throw new HttpError(503, PayoutMessages.resultFileBusy);
    if (error instanceof WorkbookRefusal && error.code === 'tooManyRows')
      throw badRequest(PayoutMessages.resultFileTooManyRows);
    if (error instanceof WorkbookRefusal || error instanceof ContainerRefusal)
      throw badRequest(PayoutMessages.resultFileUnreadable);
    throw error;
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
