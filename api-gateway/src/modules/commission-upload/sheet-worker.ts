/**
 * The worker thread that reads one uploaded workbook (DESIGN §4), started by read-workbook.ts with the file in
 * its workerData. Whatever a crafted file does inside SheetJS stays in this thread, which ends with the file;
 * only plain values (strings, numbers, booleans, nulls) are posted back, and the gateway checks them again.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { inflateRawSync } from 'node:zlib';
import * as XLSX from 'xlsx';
import { CsvRefusal, csvRows } from '../../lib/csv-rows';
import type { CellValue, SheetWorkerAnswer, SheetWorkerJob } from './sheet-worker-protocol';

const { file, entries, maxRows, maxColumns, format } = workerData as SheetWorkerJob;

/** Each deflated part must really inflate to no more than its directory entry says (a lying zip bomb stops here). */
function partsInflateAsDeclared(bytes: Buffer): SheetWorkerAnswer | undefined {
  for (const entry of entries) {
    if (entry.method !== 8) continue;
    const at = entry.localHeaderOffset;
    if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50)
      return { ok: false, code: 'unreadable' };
    const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    try {
      inflateRawSync(bytes.subarray(start, start + entry.compressedSize), {
        maxOutputLength: entry.uncompressedSize + 1,
      });
    } catch (error) {
      const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      return { ok: false, code: tooLarge ? 'unpacksTooLarge' : 'unreadable' };
    }
  }
  return undefined;
}

/** A cell as a plain value: text, number, boolean or null; an error cell as its text (#N/A). */
function plain(cell: XLSX.CellObject | undefined): CellValue {
  if (!cell) return null;
  const v = cell.v;
  switch (cell.t) {
    case 's':
      return typeof v === 'string' ? v : null;
    case 'n':
      return typeof v === 'number' && Number.isFinite(v) ? v : null;
    case 'b':
      return typeof v === 'boolean' ? v : null;
    case 'd':
      return v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : null;
    case 'e':
      return typeof cell.w === 'string' ? cell.w : '#ERROR';
    default:
      return null;
  }
}

function read(): SheetWorkerAnswer {
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const lie = partsInflateAsDeclared(bytes);
  if (lie) return lie;
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, {
      type: 'buffer',
      dense: true,
      // The header, the cap, and one row more to tell that the cap was passed.
      sheetRows: maxRows + 2,
      sheets: 0,
      // Formulas are read so that any the parser found, wherever the sheet is stored and however it is
      // encoded, refuses the file.
      cellFormula: true,
      cellHTML: false,
      cellNF: false,
      cellStyles: false,
      cellDates: false,
      bookVBA: false,
    });
  } catch {
    return { ok: false, code: 'unreadable' };
  }
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (!sheet) return { ok: false, code: 'noSheet' };
  const date1904 = book.Workbook?.WBProps?.date1904 === true;
  const ref = sheet['!ref'];
  if (!ref) return { ok: true, rows: [], date1904 };
  const range = XLSX.utils.decode_range(ref);
  const dense = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  const width = Math.min(range.e.c + 1, maxColumns);
  const rows: CellValue[][] = [];
  for (let r = 0; r <= Math.min(range.e.r, maxRows + 1); r++) {
    const source = dense[r] ?? [];
    for (const cell of source)
      if (cell && (cell.f !== undefined || cell.F !== undefined)) return { ok: false, code: 'formulas' };
    const row: CellValue[] = [];
    for (let c = 0; c < width; c++) row.push(plain(source[c]));
    rows.push(row);
  }
  return { ok: true, rows, date1904 };
}

/** UTF-8 text (a byte-order mark allowed) of delimited rows. */
function readCsv(): SheetWorkerAnswer {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file).replace(/^\uFEFF/, '');
  } catch {
    return { ok: false, code: 'unreadable' };
  }
  try {
    return { ok: true, rows: csvRows(text, { maxRows, maxColumns }), date1904: false };
  } catch (error) {
    return { ok: false, code: error instanceof CsvRefusal ? error.code : 'unreadable' };
  }
}

let answer: SheetWorkerAnswer;
try {
  answer = format === 'csv' ? readCsv() : read();
} catch {
  answer = { ok: false, code: 'unreadable' };
}
parentPort!.postMessage(answer);
