/**
 * The code of the worker thread that reads one uploaded workbook (DESIGN §4). It is plain JavaScript run
 * with `eval`, so the same text runs from the built gateway and under jest without a second build output.
 * Whatever a crafted file does inside SheetJS (CVE-2023-30533 pollutes Object.prototype through a comment
 * whose cell reference is `__proto__`) stays in this thread's realm, which ends with the file; only arrays
 * of strings, numbers, booleans and nulls (one per column) are posted back, and the main thread validates
 * them again.
 *
 * workerData: { xlsxPath, maxRows, maxUnpackedBytes, maxColumns, rangeRows, readOptions, warmUp }: SheetJS is
 * loaded at once, before any file (read with readOptions, read-workbook.ts SHEET_READ_OPTIONS), and with warmUp
 * (a worker started ahead of its file) run on workbooks made here until the file comes; then exactly one
 * message { file: Uint8Array, kind: 'zip' | 'cfb', entries: ZipEntry[] } is read (the one file this thread
 * ever sees) and answered, an .xlsx range of rows after range (rangeRows 0: the whole sheet at once).
 * posts: { ok: true, done: false, range: { firstRow, rowCount, columns }, date1904, ending } for each range
 *        (columns[c][i] is row firstRow + i, 0 the header; each range after the one before; ending: one of the
 *        short ranges near the sheet's end, or the whole sheet), then
 *        { ok: true, done: true, rowCount, date1904 }; or at any point { ok: false, code } (a key of
 *        CommissionUploadMessages), which ends the file.
 */
export const SHEET_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const zlib = require('node:zlib');
const { xlsxPath, maxRows, maxUnpackedBytes, maxColumns, rangeRows, readOptions, warmUp } = workerData;
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

/**
 * Each deflated part must really inflate to no more than its header says (a lying zip bomb stops here).
 * Answers a refusal code, or the parts inflated (kept: SheetJS is then given them stored, never inflating twice).
 */
function checkParts(buf) {
  let budget = maxUnpackedBytes;
  const parts = [];
  for (const entry of entries) {
    const at = entry.localHeaderOffset;
    if (at + 30 > buf.length || buf.readUInt32LE(at) !== 0x04034b50) return { refusal: 'unreadable' };
    const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    const data = buf.subarray(start, start + entry.compressedSize);
    let part = data;
    if (entry.method === 8) {
      try {
        part = zlib.inflateRawSync(data, { maxOutputLength: Math.min(budget, entry.uncompressedSize) + 1 });
      } catch (error) {
        return { refusal: error && error.code === 'ERR_BUFFER_TOO_LARGE' ? 'unpacksTooLarge' : 'unreadable' };
      }
    }
    if (part.length > entry.uncompressedSize) return { refusal: 'unpacksTooLarge' };
    budget -= part.length;
    let text;
    if (WORKSHEET_PART.test(entry.name)) {
      text = part.toString('latin1');
      if (FORMULA.test(text)) return { refusal: 'formulas' };
    }
    if (COMMENT_PART.test(entry.name)) {
      for (const match of part.toString('utf8').matchAll(REF)) if (!CELL.test(match[1])) return { refusal: 'unreadable' };
    }
    parts.push({ name: entry.name, data: part, text });
  }
  return { parts };
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


/** SheetJS's answer for one zip: the first sheet and the 1904 flag, or a refusal code. */
function parse(bytes) {
  let workbook;
  try {
    workbook = XLSX.read(bytes, readOptions);
  } catch (error) {
    return { refusal: 'unreadable' };
  }
  const name = workbook.SheetNames && workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet) return { refusal: 'noSheet' };
  const props = workbook.Workbook && workbook.Workbook.WBProps;
  return { sheet, date1904: Boolean(props && props.date1904 === true) };
}

/** Rows first..last of a parsed sheet, column by column, as plain values. */
function columnsOf(sheet, ref, first, last) {
  const dense = Array.isArray(sheet) ? sheet : Array.isArray(sheet['!data']) ? sheet['!data'] : null;
  const width = Math.min(Math.max(ref.e.c + 1, 1), maxColumns);
  const count = last - first + 1;
  // Column by column: a few flat arrays of plain values cost far less to copy across than one array per row.
  const columns = [];
  for (let c = 0; c < width; c++) columns.push(new Array(count));
  for (let i = 0; i < count; i++) {
    const r = first + i;
    const source = dense ? dense[r] : undefined;
    for (let c = 0; c < width; c++) {
      columns[c][i] = plain(dense ? (Array.isArray(source) ? source[c] : undefined) : sheet[XLSX.utils.encode_cell({ r, c })]);
    }
  }
  return columns;
}

function postRange(firstRow, rowCount, columns, date1904, ending) {
  parentPort.postMessage({ ok: true, done: false, range: { firstRow, rowCount, columns }, date1904, ending });
}

function postDone(rowCount, date1904) {
  parentPort.postMessage({ ok: true, done: true, rowCount, date1904 });
}

/** The whole file in one SheetJS read (.xls, or a zip the cutter does not follow): one range, row 0 on. */
function readWhole(bytes) {
  const parsed = parse(bytes);
  if (parsed.refusal) return refuse(parsed.refusal);
  const { sheet, date1904 } = parsed;
  const ref = sheet['!ref'];
  if (!ref) return postDone(0, date1904);
  const range = XLSX.utils.decode_range(ref);
  const rowCount = Math.min(range.e.r, maxRows + 1) + 1;
  postRange(0, rowCount, columnsOf(sheet, range, 0, rowCount - 1), date1904, true);
  postDone(rowCount, date1904);
}

// ---- reading the first worksheet in ranges of rows -------------------------------------------------------
//
// SheetJS finds a sheet's rows by splitting the text of <sheetData> at each </row> (its own regular
// expressions, copied below), and carries nothing from one piece to the next but the row number of a row
// written without r. So the sheet XML is cut at the same places into ranges of about rangeRows pieces, each
// wrapped in the sheet's own head and tail (everything before and after <sheetData>'s content, <dimension>
// included), and each read by SheetJS from a stored zip of the workbook's parts: the same pieces, parsed the
// same way, give the same cells. A range starts only at a piece whose row tag names its row plainly
// (<row r="123" ...>); anything else is kept in the range before it.

const SHEET_DATA_OPEN = /<(?:\w+:)?sheetData[^>]*>/;
const DIMENSION = /<(?:\w*:)?dimension/;
const DIMENSION_REF = /"(\w*:\w*)"/;
const SHEET_ELEMENT = /<(?:\w+:)?sheet[\s/>]/g;
const OTHER_SHEET_PART = /^xl\/(chartsheets|dialogsheets|macrosheets)\//i;
// The row tag a range may start with: plain attributes, single spaces, no other markup.
// Attribute names are plain XML names only (SheetJS's own attribute pattern reads "a?r=" as r: not a plain tag).
const PLAIN_ROW_TAG = /^<(?:\w+:)?row(?: [A-Za-z_][\w.:-]*="[^"<>]*")*>$/;
const ATTRIBUTE = / ([A-Za-z_][\w.:-]*)="([^"<>]*)"/g;
const PLAIN_DIMENSION = /^([A-Z]{1,3}[1-9][0-9]{0,6}):([A-Z]{1,3}[1-9][0-9]{0,6})$/;

const isWordCode = (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/** Where the closing tag (</row>, </x:row>, </sheetData>) whose name ends just before i begins, or -1. */
function closingTagStart(text, nameAt) {
  let j = nameAt - 1;
  if (text.charCodeAt(j) === 58) {
    j--;
    if (!isWordCode(text.charCodeAt(j))) return -1;
    while (j > 0 && isWordCode(text.charCodeAt(j))) j--;
  }
  return text.charCodeAt(j) === 47 && text.charCodeAt(j - 1) === 60 ? j - 1 : -1;
}

/** The row number SheetJS reads for a piece starting at from, when its row tag is plain; else 0. */
function plainRowNumber(text, from, to) {
  let at = from;
  while (at < to) {
    const c = text.charCodeAt(at);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
    at++;
  }
  if (text.charCodeAt(at) !== 60) return 0;
  const end = text.indexOf('>', at);
  if (end < 0 || end >= to || end - at > 2000) return 0;
  const tag = text.slice(at, end + 1);
  if (!PLAIN_ROW_TAG.test(tag)) return 0;
  // SheetJS's attribute names: a prefix dropped, "_..." dropped, compared in lower case too (R= is r=).
  let row = 0;
  let named = 0;
  for (const match of tag.matchAll(ATTRIBUTE)) {
    const name = match[1];
    const colon = name.indexOf(':');
    let key = colon >= 0 ? name.slice(colon + 1) : name;
    if (colon < 0 && key.indexOf('_') > 0) key = key.slice(0, key.indexOf('_'));
    if (key.toLowerCase() !== 'r') continue;
    named++;
    if (name === 'r' && /^[1-9][0-9]{0,6}$/.test(match[2])) row = Number(match[2]);
  }
  return named === 1 ? row : 0;
}

/**
 * The plan for reading the first worksheet in ranges, or null when the workbook is not one the cutter
 * follows: not exactly one worksheet part and one sheet in xl/workbook.xml, no <sheetData>, or a
 * <dimension> past the row cap (SheetJS then trims the sheet's range by the rows it has seen).
 */
function rangePlan(parts) {
  const sheets = parts.filter((part) => WORKSHEET_PART.test(part.name));
  if (sheets.length !== 1 || parts.some((part) => OTHER_SHEET_PART.test(part.name))) return null;
  const book = parts.find((part) => part.name === 'xl/workbook.xml');
  if (!book || book.data.toString('latin1').match(SHEET_ELEMENT)?.length !== 1) return null;
  const sheetPart = sheets[0];
  const text = sheetPart.text;
  const open = SHEET_DATA_OPEN.exec(text);
  if (!open) return null;
  const start = open.index + open[0].length;
  let end = -1;
  for (let at = text.lastIndexOf('sheetData>'); at >= start; at = text.lastIndexOf('sheetData>', at - 1)) {
    const close = closingTagStart(text, at);
    if (close >= start) {
      end = close;
      break;
    }
    if (at === 0) break;
  }
  if (end < 0) return null;
  const before = text.slice(0, open.index);
  const dimensionAt = before.search(DIMENSION);
  let dimension = false;
  if (dimensionAt > 0) {
    const ref = before.slice(dimensionAt, dimensionAt + 50).match(DIMENSION_REF);
    if (ref) {
      const corners = PLAIN_DIMENSION.exec(ref[1]);
      if (!corners) return null;
      const [s, e] = [XLSX.utils.decode_cell(corners[1]), XLSX.utils.decode_cell(corners[2])];
      if (s.r > e.r || s.c > e.c || e.r >= maxRows + 1) return null;
      dimension = true;
    }
  }
  const bytes = sheetPart.data;
  const head = bytes.subarray(0, start);
  const tail = bytes.subarray(end);
  const headCrc = zlib.crc32(head);
  const others = parts
    .filter((part) => part !== sheetPart)
    .map((part) => ({ name: Buffer.from(part.name, 'utf8'), data: part.data, crc: zlib.crc32(part.data) }));
  const sheetName = Buffer.from(sheetPart.name, 'utf8');

  /** The end of the </row> found at or after from (before end), or -1. */
  const rowEnd = (from) => {
    for (let at = text.indexOf('row>', from); at >= 0 && at + 4 <= end; at = text.indexOf('row>', at + 1)) {
      const close = closingTagStart(text, at);
      if (close >= from) return at + 4;
    }
    return -1;
  };

  let next = start;
  let cut = 0;
  let piecesCut = 0;
  return {
    /** Whether every range's sheet range is the <dimension> (else SheetJS's guess from the range's cells). */
    dimension,
    /** The next range's zip, and whether it is one of the short ranges near the end; or null after the last. */
    nextZip() {
      if (next >= end && next !== start) return null;
      const from = next;
      // Nothing overlaps the first range's read nor the last range's storing: those are a quarter as long
      // (the first, and each once less than a range and a half is left by the bytes read so far per row).
      const short = Math.max(1, Math.ceil(rangeRows / 4));
      const perPiece = piecesCut > 0 ? (from - start) / piecesCut : 0;
      const ending = cut > 0 && end - from < 1.5 * rangeRows * perPiece;
      const wanted = cut === 0 || ending ? short : rangeRows;
      cut++;
      let pieces = 0;
      let to = from;
      for (;;) {
        const pieceEnd = rowEnd(to);
        if (pieceEnd < 0) {
          to = end;
          break;
        }
        to = pieceEnd;
        pieces++;
        if (pieces >= wanted && plainRowNumber(text, to, end) > 0) break;
      }
      piecesCut += pieces;
      next = to === end ? end + 1 : to;
      const slice = bytes.subarray(from, to);
      const crc = zlib.crc32(tail, zlib.crc32(slice, headCrc));
      return { zip: storedZip(others, sheetName, [head, slice, tail], crc), ending };
    },
  };
}

/** A zip of stored (uncompressed) parts: SheetJS reads it without inflating anything again. */
function storedZip(others, sheetName, sheetChunks, sheetCrc) {
  const sheetSize = sheetChunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const files = others.concat({ name: sheetName, data: null, size: sheetSize, crc: sheetCrc });
  let total = 22;
  for (const file of files) {
    const size = file.data ? file.data.length : file.size;
    total += 30 + 46 + 2 * file.name.length + size;
  }
  const out = Buffer.alloc(total);
  const offsets = [];
  let at = 0;
  for (const file of files) {
    const size = file.data ? file.data.length : file.size;
    offsets.push(at);
    out.writeUInt32LE(0x04034b50, at);
    out.writeUInt16LE(20, at + 4);
    out.writeUInt32LE(file.crc >>> 0, at + 14);
    out.writeUInt32LE(size, at + 18);
    out.writeUInt32LE(size, at + 22);
    out.writeUInt16LE(file.name.length, at + 26);
    file.name.copy(out, at + 30);
    at += 30 + file.name.length;
    if (file.data) {
      file.data.copy(out, at);
      at += size;
    } else {
      for (const chunk of sheetChunks) {
        chunk.copy(out, at);
        at += chunk.length;
      }
    }
  }
  const directory = at;
  files.forEach((file, i) => {
    const size = file.data ? file.data.length : file.size;
    out.writeUInt32LE(0x02014b50, at);
    out.writeUInt16LE(20, at + 4);
    out.writeUInt16LE(20, at + 6);
    out.writeUInt32LE(file.crc >>> 0, at + 16);
    out.writeUInt32LE(size, at + 20);
    out.writeUInt32LE(size, at + 24);
    out.writeUInt16LE(file.name.length, at + 28);
    out.writeUInt32LE(offsets[i], at + 42);
    file.name.copy(out, at + 46);
    at += 46 + file.name.length;
  });
  out.writeUInt32LE(0x06054b50, at);
  out.writeUInt16LE(files.length, at + 8);
  out.writeUInt16LE(files.length, at + 10);
  out.writeUInt32LE(at - directory, at + 12);
  out.writeUInt32LE(directory, at + 16);
  return out;
}

/** Whether a row first..last has a cell right of column lastColumn (among the columns read). */
function cellsBeyond(dense, first, last, lastColumn) {
  for (let r = first; r <= last; r++) {
    const row = dense[r];
    if (!Array.isArray(row)) continue;
    for (let c = lastColumn + 1; c < Math.min(row.length, maxColumns); c++) if (row[c] !== undefined) return true;
  }
  return false;
}

/**
 * The first row up to last that holds anything (else last + 1). A range past the first has its rows at large
 * indexes of SheetJS's dense array, which V8 keeps as a sparse (dictionary) array: its own keys are the rows
 * present, in ascending order, where asking for every index below them was one hash lookup each (~1M per
 * 100k-row file).
 */
function firstRowOf(dense, last) {
  for (const key of Object.keys(dense)) {
    const r = Number(key);
    // Index keys come first, ascending; any other own key after them.
    if (!Number.isInteger(r) || r > last) break;
    if (dense[r] !== undefined) return r;
  }
  return last + 1;
}

/**
 * Each range read and posted as soon as it is read. A range's rows must all come after the last row
 * posted: cells placed on rows other than their own (a crafted file) could otherwise land in two ranges,
 * and such a file is refused rather than answered differently from a whole read.
 */
function readRanges(plan) {
  let posted = -1;
  let rowCount = 0;
  let date1904 = false;
  for (let next = plan.nextZip(); next !== null; next = plan.nextZip()) {
    const parsed = parse(next.zip);
    if (parsed.refusal) return refuse(parsed.refusal);
    const { sheet } = parsed;
    date1904 = parsed.date1904;
    const ref = sheet['!ref'];
    if (!ref) continue;
    const range = XLSX.utils.decode_range(ref);
    const dense = Array.isArray(sheet) ? sheet : Array.isArray(sheet['!data']) ? sheet['!data'] : null;
    if (!dense) return refuse('unreadable');
    rowCount = Math.max(rowCount, Math.min(range.e.r, maxRows + 1) + 1);
    const lastRead = Math.min(maxRows + 1, dense.length - 1);
    const last = Math.min(range.e.r, lastRead);
    const first = firstRowOf(dense, last);
    if (first > last) continue;
    if (first <= posted) return refuse('unreadable');
    // Without a <dimension>, a whole read's range covers the cells of every range: a cell outside its own
    // range's rows or columns (a crafted file: a row left open, a cell naming another row) is refused.
    if (!plan.dimension && (lastRead > last || cellsBeyond(dense, first, last, range.e.c))) return refuse('unreadable');
    postRange(first, last - first + 1, columnsOf(sheet, range, first, last), date1904, next.ending);
    posted = last;
  }
  postDone(rowCount, date1904);
}

function read() {
  const buf = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (kind !== 'zip') return readWhole(buf);
  const checked = checkParts(buf);
  if (checked.refusal) return refuse(checked.refusal);
  const plan = rangeRows > 0 ? rangePlan(checked.parts) : null;
  if (!plan) return readWhole(buf);
  readRanges(plan);
}

/**
 * A worker started ahead of its file reads a few workbooks made here, shaped like the template (rows at the
 * start of a sheet and far into one, as its ranges will be), one per turn of the event loop until the file comes:
 * V8 has then compiled SheetJS's reading and ours, about 6% of a 100k-row read (docs/decisions.md). These bytes
 * are our own; the one uploaded file is still the only file from outside this thread ever sees.
 */
const WARM_UP_ROUNDS = 6;
function warmUpRound(round) {
  if (file !== undefined || round >= WARM_UP_ROUNDS) return;
  try {
    readMadeWorkbook(round % 2 === 0 ? 0 : 40000);
  } catch {
    // Only ever our own bytes: a failure here changes nothing for the file, which is read as it would be cold.
    return;
  }
  setImmediate(() => warmUpRound(round + 1));
}

function readMadeWorkbook(origin) {
  const rows = [];
  for (let i = 0; i < 1000; i++) rows.push(['AFF' + (100000 + i), 1 + (i % 90) / 10, 'Category ' + (i % 7), 500 * (i % 9), 45000 + i]);
  const sheet = XLSX.utils.aoa_to_sheet(rows, { origin });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Rates');
  const parsed = parse(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: false }));
  const ref = parsed.sheet && parsed.sheet['!ref'];
  if (ref) {
    const range = XLSX.utils.decode_range(ref);
    columnsOf(parsed.sheet, range, firstRowOf(parsed.sheet['!data'] || [], range.e.r), range.e.r);
  }
}
if (warmUp) setImmediate(() => warmUpRound(0));

parentPort.once('message', (job) => {
  try {
    ({ file, kind, entries } = job);
    read();
  } catch (error) {
    refuse('unreadable');
  }
});
`;
