import { deflateRawSync } from 'node:zlib';
import * as XLSX from 'xlsx';
import { COMMISSION_COLUMNS } from '@portal/contracts';

/**
 * Workbooks for the upload tests, made here rather than committed: ordinary ones with SheetJS, crafted ones
 * (zip bombs, a million rows, the CVE-2023-30533 sample) by rewriting a zip's parts with a small writer.
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

/**
 * A good workbook of one rate whose shared-strings part also holds `bytes` of strings no cell uses (issue 25: a
 * 3 MB file whose 23 MB shared-strings part froze the embedded portal).
 */
export function hugeSharedStrings(code: string, bytes: number): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet(rateRows([code, 2, 'Beverages', 0, '2026-01-01'])),
    'Rates',
  );
  const parts = partsOf(XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: true }) as Buffer);
  const strings = parts.find((part) => /sharedStrings/.test(part.name));
  if (!strings) throw new Error('SheetJS wrote no shared strings');
  const text = strings.data.toString('utf8');
  const extra: string[] = [];
  let size = 0;
  // Strings that compress like real text (about 8:1), not like a run of one byte.
  for (let i = 0; size < bytes; i++) {
    const item = `<si><t>Category ${i.toString(36)} ${((i * 2654435761) >>> 0).toString(16)}</t></si>`;
    extra.push(item);
    size += item.length;
  }
  const crafted = text.replace('</sst>', `${extra.join('')}</sst>`);
  return zip(replacePart(parts, strings.name, { data: Buffer.from(crafted) }));
}

/** A workbook with a formula cell whose sheet part is moved to `sheetPath` (the workbook's rels point there). */
export function formulaSheetAt(code: string, sheetPath: string): Buffer {
  const parts = partsOf(workbook([HEADER, [code, { f: '1+1', v: 2 }, 'Beverages', 0, '2026-01-01']]));
  const renamed = (text: string) => text.split('worksheets/sheet1.xml').join(sheetPath.replace(/^xl\//, ''));
  return zip(
    parts.map((part) => {
      if (part.name === SHEET) return { ...part, name: sheetPath };
      if (part.name === 'xl/_rels/workbook.xml.rels' || part.name === '[Content_Types].xml')
        return {
          name: part.name,
          data: Buffer.from(
            renamed(part.data.toString('utf8')).replace(
              '/' + sheetPath.replace(/^xl\//, ''),
              '/' + sheetPath,
            ),
          ),
        };
      return part;
    }),
  );
}

/** A workbook with a formula cell whose parts are all encoded as UTF-16 (little-endian, with a byte order mark). */
export function formulaInUtf16(code: string): Buffer {
  const parts = partsOf(workbook([HEADER, [code, { f: '1+1', v: 2 }, 'Beverages', 0, '2026-01-01']]));
  return zip(
    parts.map((part) => {
      if (!/\.(xml|rels)$/.test(part.name)) return part;
      const text = part.data.toString('utf8').replace(/encoding="UTF-8"/i, 'encoding="UTF-16"');
      return {
        name: part.name,
        data: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      };
    }),
  );
}

/** A good workbook of these rows padded (an extra part no reader looks at) to exactly `bytes` bytes. */
export function workbookOfSize(rows: Cell[][], bytes: number): Buffer {
  const parts = partsOf(workbook(rows));
  let padding = bytes - zip(parts).length;
  for (;;) {
    const data = Buffer.alloc(Math.max(0, padding), 0x41);
    const file = zip([
      ...parts,
      { name: 'docProps/padding.bin', data, deflated: deflateRawSync(data, { level: 0 }) },
    ]);
    if (file.length === bytes) return file;
    padding += bytes - file.length;
  }
}
