/**
 * The code of the worker thread that reads one uploaded workbook (DESIGN §4). It is plain JavaScript run
 * with `eval`, so the same text runs from the built gateway and under jest without a second build output.
 * Whatever a crafted file does inside SheetJS (CVE-2023-30533 pollutes Object.prototype through a comment
 * whose cell reference is `__proto__`) stays in this thread's realm, which ends with the file; only arrays
 * of strings, numbers, booleans and nulls (one per column) are posted back, and the main thread validates them again.
 *
 * workerData: { xlsxPath, maxRows, maxUnpackedBytes, maxColumns }: SheetJS is loaded at once, before any
 * file; then exactly one message { file: Uint8Array, kind: 'zip' | 'cfb', entries: ZipEntry[] } is read
 * (the one file this thread ever sees) and answered.
 * posts: { ok: true, rowCount, columns, date1904 } (columns[c][r], header row first) or { ok: false, code }
 *        (a key of CommissionUploadMessages).
 */
export const SHEET_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const zlib = require('node:zlib');
const { xlsxPath, maxRows, maxUnpackedBytes, maxColumns } = workerData;
// Loaded before any file arrives, so a worker can be started ahead of the upload it will read.
const XLSX = require(xlsxPath);
let file;
let kind;
let entries;
const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/i;
// A formula element, with or without a namespace prefix: <f>, <f t="shared" .../>, <x:f>.
const FORMULA = /<(?:[A-Za-z_][\w.-]*:)?f[\s>/]/;
// Comments name their cell in ref; anything but a cell (the CVE-2023-30533 sample's __proto__) is refused.
const COMMENT_PART = /^xl\/(comments[^/]*|threadedComments\/[^/]+)\.xml$/i;
const REF = /\bref\s*=\s*["']([^"']*)["']/g;
const CELL = /^\$?[A-Z]{1,3}\$?[1-9][0-9]{0,6}$/;

function refuse(code) {
  parentPort.postMessage({ ok: false, code });
}

/** Each deflated part must really inflate to no more than its header says (a lying zip bomb stops here). */
function checkParts(buf) {
  let budget = maxUnpackedBytes;
  for (const entry of entries) {
    const at = entry.localHeaderOffset;
    if (at + 30 > buf.length || buf.readUInt32LE(at) !== 0x04034b50) return 'unreadable';
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    const data = buf.subarray(start, start + entry.compressedSize);
    let part = data;
    if (entry.method === 8) {
      try {
        part = zlib.inflateRawSync(data, { maxOutputLength: Math.min(budget, entry.uncompressedSize) + 1 });
      } catch (error) {
        return error && error.code === 'ERR_BUFFER_TOO_LARGE' ? 'unpacksTooLarge' : 'unreadable';
      }
    }
    if (part.length > entry.uncompressedSize) return 'unpacksTooLarge';
    budget -= part.length;
    if (WORKSHEET_PART.test(entry.name) && FORMULA.test(part.toString('latin1'))) return 'formulas';
    if (COMMENT_PART.test(entry.name)) {
      for (const match of part.toString('utf8').matchAll(REF)) if (!CELL.test(match[1])) return 'unreadable';
    }
  }
  return null;
}

/** A cell as a plain value: text, number, boolean or null; an error cell as its text (#N/A). */
function plain(cell) {
  if (!cell || typeof cell !== 'object') return null;
  const v = cell.v;
  switch (cell.t) {
    case 's':
    case 'str':
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

function read() {
  const buf = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (kind === 'zip') {
    const refusal = checkParts(buf);
    if (refusal) return refuse(refusal);
  }
  let workbook;
  try {
    workbook = XLSX.read(buf, {
      type: 'buffer',
      dense: true,
      // The header, the cap, and one row more to tell that the cap was passed.
      sheetRows: maxRows + 2,
      sheets: 0,
      cellFormula: false,
      cellHTML: false,
      cellNF: false,
      cellStyles: false,
      cellText: false,
      cellDates: false,
      bookVBA: false,
      bookDeps: false,
      bookFiles: false,
      bookProps: false,
      WTF: false,
    });
  } catch (error) {
    return refuse('unreadable');
  }
  const name = workbook.SheetNames && workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet) return refuse('noSheet');
  const ref = sheet['!ref'];
  if (!ref) return parentPort.postMessage({ ok: true, rowCount: 0, columns: [], date1904: false });
  const range = XLSX.utils.decode_range(ref);
  const dense = Array.isArray(sheet) ? sheet : Array.isArray(sheet['!data']) ? sheet['!data'] : null;
  const width = Math.min(Math.max(range.e.c + 1, 1), maxColumns);
  const rowCount = Math.min(range.e.r, maxRows + 1) + 1;
  // Column by column: a few flat arrays of plain values cost far less to copy across than one array per row.
  const columns = [];
  for (let c = 0; c < width; c++) columns.push(new Array(rowCount));
  for (let r = 0; r < rowCount; r++) {
    const source = dense ? dense[r] : undefined;
    for (let c = 0; c < width; c++) {
      columns[c][r] = plain(dense ? (Array.isArray(source) ? source[c] : undefined) : sheet[XLSX.utils.encode_cell({ r, c })]);
    }
  }
  const props = workbook.Workbook && workbook.Workbook.WBProps;
  parentPort.postMessage({ ok: true, rowCount, columns, date1904: Boolean(props && props.date1904 === true) });
}

parentPort.once('message', (job) => {
  try {
    ({ file, kind, entries } = job);
    read();
  } catch (error) {
    refuse('unreadable');
  }
});
`;
