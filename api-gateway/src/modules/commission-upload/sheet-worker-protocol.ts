import type { CommissionUploadMessages } from '@portal/contracts';
import type { ZipEntry } from './workbook-container';

/** What sheet-worker.ts is given (its workerData) and answers (its one message); types only. */

export type CellValue = string | number | boolean | null;

export interface SheetWorkerJob {
  /** The uploaded file, the worker's own copy. */
  file: Uint8Array;
  /** A zip's directory entries (empty for an .xls). */
  entries: ZipEntry[];
  maxRows: number;
  maxColumns: number;
  /** 'csv': the file is UTF-8 text of delimited rows (lib/csv-rows.ts), not a workbook. */
  format?: 'workbook' | 'csv';
}

/** A refusal names a key of CommissionUploadMessages. */
export type RefusalCode = keyof typeof CommissionUploadMessages;

/** The first sheet's rows (row 0 the header), each at most maxColumns wide; or why not. */
export type SheetWorkerAnswer =
  | { ok: true; rows: CellValue[][]; date1904: boolean }
  | { ok: false; code: RefusalCode };
