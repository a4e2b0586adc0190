import { deflateRawSync } from 'node:zlib';
import * as XLSX from 'xlsx';
import { COMMISSION_COLUMNS } from '@portal/contracts';
import { readWorkbookRanges, type CellValue, type SheetRange } from './read-workbook';
import type { Container } from './workbook-container';

/**
 * Workbooks for the upload tests, made here rather than committed: ordinary ones with SheetJS, crafted ones
 * (zip bombs, a million rows, the CVE-2023-30533 sample) by rewriting a zip's parts with a small writer; and a
 * file's first sheet read whole through the sheet worker.
 */

export type Cell = string | number | null | { f: string; v: number };

/** A workbook of one sheet with these rows (the first is the header); `bookType` xlsx or biff8 (.xls). */
export function workbook(rows: Cell[][], bookType: 'xlsx' | 'biff8' = 'xlsx'): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(
    rows.map((row) => row.map((cell) => (isFormula(cell) ? null : cell))),
  );
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (isFormula(cell)) sheet[XLSX.utils.encode_cell({ r, c })] = { t: 'n', f: cell.f, v: cell.v };
    }),
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Commission');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

const isFormula = (cell: Cell): cell is { f: string; v: number } => typeof cell === 'object' && cell !== null;

export const HEADER: Cell[] = [...COMMISSION_COLUMNS];

/** The template's rows for these affiliate codes. */
export function rateRows(...rows: [string, number | string, string, number | string, string][]): Cell[][] {
  return [HEADER, ...rows];
}

// ---- a zip writer, for parts SheetJS would never write ------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export interface ZipPart {
  name: string;
  data: Buffer;
  /** What the headers say the part inflates to (a lying zip bomb); the truth by default. */
  declaredSize?: number;
  /** Already deflated bytes (for parts too big to build here). */
  deflated?: Buffer;
  crc?: number;
}

export function zip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const compressed = part.deflated ?? deflateRawSync(part.data);
    const size = part.declaredSize ?? part.data.length;
    const crc = part.crc ?? crc32(part.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of an xlsx SheetJS wrote, to rewrite some of them. */
export function partsOf(xlsx: Buffer): ZipPart[] {
  const container = XLSX.CFB.read(xlsx, { type: 'buffer' }) as {
    FileIndex: { type: number; content: unknown }[];
    FullPaths: string[];
  };
  return container.FileIndex.map((entry, i) => ({ entry, path: container.FullPaths[i] }))
    .filter(({ entry }) => entry.type === 2)
    .map(({ entry, path }) => ({
      name: path.replace(/^[^/]*\//, ''),
      data: Buffer.from(entry.content as Uint8Array),
    }));
}

export function replacePart(parts: ZipPart[], name: string, part: Omit<ZipPart, 'name'>): ZipPart[] {
  return parts.filter((p) => p.name !== name).concat({ name, ...part });
}

const SHEET = 'xl/worksheets/sheet1.xml';

/** The template header and `rows` rows of one number each, in sheet XML SheetJS reads. */
export function sheetXml(rowCount: number): Buffer {
  const header = COMMISSION_COLUMNS.map(
    (name, c) =>
      `<c r="${String.fromCharCode(65 + c)}1" t="inlineStr"><is><t>${name.replace('&', '&amp;')}</t></is></c>`,
  ).join('');
  const rows: string[] = [];
  for (let r = 2; r <= rowCount + 1; r++) rows.push(`<row r="${r}"><c r="B${r}"><v>1</v></c></row>`);
  return Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      `<row r="1">${header}</row>${rows.join('')}</sheetData></worksheet>`,
  );
}

/** A good workbook whose sheet has `rowCount` rows under the header. */
export function manyRows(rowCount: number): Buffer {
  return zip(replacePart(partsOf(workbook([HEADER])), SHEET, { data: sheetXml(rowCount) }));
}

/** A zip bomb: a sheet part that inflates to `bytes` of spaces, with honest or lying headers. */
export function zipBomb(bytes: number, { lie = false } = {}): Buffer {
  const data = Buffer.alloc(bytes, 0x20);
  const deflated = deflateRawSync(data, { level: 1 });
  return zip(
    replacePart(partsOf(workbook([HEADER])), SHEET, {
      data: Buffer.alloc(0),
      deflated,
      declaredSize: lie ? 1024 : bytes,
      crc: crc32(data),
    }),
  );
}

/**
 * The CVE-2023-30533 sample: a cell comment whose ref is `__proto__`. SheetJS up to 0.19.2 then writes the
 * comment onto Object.prototype (every object gains a `c` array) in the thread that parses it.
 */
export function prototypePollution(codes: string): Buffer {
  const rows = rateRows([codes, 2.5, 'Beverages', 0, '2026-01-01']);
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  sheet.A2.c = [{ a: 'x', t: 'polluted' }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Commission');
  const parts = partsOf(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  const comments = parts.find((part) => /^xl\/comments/.test(part.name));
  if (!comments) throw new Error('SheetJS wrote no comments part');
  const crafted = comments.data.toString('utf8').replace(/ref="A2"/, 'ref="__proto__"');
  return zip(replacePart(parts, comments.name, { data: Buffer.from(crafted) }));
}

/** The first bytes of a PNG, then noise: an image renamed .xlsx. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);

/** The first sheet's cells column by column: `columns[c][r]`, row 0 the header, every column `rowCount` long. */
export interface SheetRows {
  columns: CellValue[][];
  rowCount: number;
  date1904: boolean;
}

/**
 * The whole first sheet at once (header row first), put together from the worker's ranges: what the tests
 * compare a file against (the upload itself consumes the ranges as they come). Throws only a WorkbookRefusal.
 */
export async function readWorkbook(file: Buffer, container: Container): Promise<SheetRows> {
  const reading = readWorkbookRanges(file, container);
  try {
    const ranges: SheetRange[] = [];
    for (;;) {
      const event = await reading.next();
      if (!event.done) {
        ranges.push(event.range);
        continue;
      }
      const { rowCount, date1904 } = event;
      const width = Math.max(0, ...ranges.map((range) => range.columns.length));
      const columns: CellValue[][] = [];
      for (let c = 0; c < width; c++) columns.push(new Array<CellValue>(rowCount).fill(null));
      for (const range of ranges)
        range.columns.forEach((column, c) =>
          column.forEach((cell, i) => (columns[c][range.firstRow + i] = cell)),
        );
      return { columns, rowCount, date1904 };
    }
  } finally {
    reading.close();
  }
}
