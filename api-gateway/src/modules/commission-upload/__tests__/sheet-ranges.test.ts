import * as XLSX from 'xlsx';
import { COMMISSION_COLUMNS, CommissionUploadMessages as M } from '@portal/contracts';
import { readWorkbookRanges, setSheetRangeRows, WorkbookRefusal } from '../read-workbook';
import {
  partsOf,
  readWorkbook,
  replacePart,
  zip,
  HEADER,
  type Cell,
  type SheetRows,
} from '../test-workbooks';
import { inspectContainer } from '../workbook-container';

jest.setTimeout(120_000);

/**
 * The worker cuts the first sheet's XML into ranges of rows, each read by SheetJS on its own (issue 12):
 * every file here must give exactly the answer of one whole read, or a refusal code.
 */
const RANGE = 3;
afterAll(() => setSheetRangeRows(10_000));

async function whole(file: Buffer): Promise<SheetRows> {
  setSheetRangeRows(0);
  return readWorkbook(file, inspectContainer(file));
}

/** The answer read in ranges of RANGE rows, and how many ranges the worker posted. */
async function inRanges(file: Buffer, rows = RANGE): Promise<{ sheet: SheetRows; ranges: number }> {
  setSheetRangeRows(rows);
  const reading = readWorkbookRanges(file, inspectContainer(file));
  let ranges = 0;
  try {
    for (;;) {
      const event = await reading.next();
      if (event.done) break;
      ranges++;
    }
  } finally {
    reading.close();
  }
  return { sheet: await readWorkbook(file, inspectContainer(file)), ranges };
}

async function sameAsWhole(file: Buffer, { atLeast = 2, rows = RANGE } = {}): Promise<SheetRows> {
  const expected = await whole(file);
  const { sheet, ranges } = await inRanges(file, rows);
  expect(sheet).toEqual(expected);
  expect(ranges).toBeGreaterThanOrEqual(atLeast);
  return sheet;
}

const SHEET = 'xl/worksheets/sheet1.xml';
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** A workbook of one sheet whose XML is `sheetData` wrapped as SheetJS writes it (one worksheet). */
function withSheetXml(sheetXml: string, base: Buffer = book([HEADER])): Buffer {
  return zip(replacePart(partsOf(base), SHEET, { data: Buffer.from(sheetXml, 'utf8') }));
}

function book(rows: Cell[][], options: { sst?: boolean; date1904?: boolean; dates?: boolean } = {}): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows as unknown[][], { cellDates: options.dates });
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, 'Commission');
  if (options.date1904) workbook.Workbook = { WBProps: { date1904: true } };
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', bookSST: options.sst }) as Buffer;
}

const rateRow = (r: number): Cell[] => [
  `AFF${r % 7}`,
  (r % 40) + 0.5,
  r % 3 ? 'Beverages' : 'Personal Care',
  r % 5 ? r * 10 : null,
  `2026-01-${String((r % 28) + 1).padStart(2, '0')}`,
];
const rates = (count: number): Cell[][] => [
  HEADER,
  ...Array.from({ length: count }, (_, i) => rateRow(i + 1)),
];

test('values, empty cells and shared strings: the same cells as one whole read', async () => {
  const sheet = await sameAsWhole(book(rates(20), { sst: true }), { atLeast: 6 });
  expect(sheet.rowCount).toBe(21);
  expect(sheet.columns[3][5]).toBeNull();
  await sameAsWhole(book(rates(20)), { atLeast: 6 });
});

test('Excel date cells, in the 1900 and the 1904 date systems', async () => {
  const dated: Cell[][] = [HEADER, ...Array.from({ length: 10 }, () => ['AFF1', 2, 'Snacks', 0, null])];
  const file = (date1904: boolean) => {
    const sheet = XLSX.utils.aoa_to_sheet(dated as unknown[][]);
    for (let r = 1; r <= 10; r++)
      sheet[XLSX.utils.encode_cell({ r, c: 4 })] = { t: 'n', v: 46000 + r, z: 'yyyy-mm-dd' };
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Commission');
    if (date1904) workbook.Workbook = { WBProps: { date1904: true } };
    return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  };
  expect((await sameAsWhole(file(false))).date1904).toBe(false);
  const sheet = await sameAsWhole(file(true));
  expect(sheet.date1904).toBe(true);
  expect(sheet.columns[4][1]).toBe(46001);
});

test('range edges: every row count around a range of N rows (the first and the last ranges are N / 4)', async () => {
  // With N = 8: ranges of 2 rows first, then 8, then 2 near the end; the header is a row.
  for (const count of [1, 2, 3, 7, 8, 9, 10, 11, 16, 17, 18, 24, 25]) {
    const file = book(rates(count));
    const sheet = await sameAsWhole(file, { atLeast: count >= 2 ? 2 : 1, rows: 8 });
    expect(sheet.rowCount).toBe(count + 1);
  }
});

test('the short ranges near the end are posted as ending (stored at once), and only those', async () => {
  // 40 rows and a header in ranges of 8: 2 first, then 8 at a time, then 2 at a time for the last ~12 rows.
  setSheetRangeRows(8);
  const file = book(rates(40));
  const reading = readWorkbookRanges(file, inspectContainer(file));
  const ranges: { rows: number; ending: boolean }[] = [];
  try {
    for (let event = await reading.next(); !event.done; event = await reading.next())
      ranges.push({ rows: event.range.rowCount, ending: event.ending });
  } finally {
    reading.close();
  }
  const firstEnding = ranges.findIndex((range) => range.ending);
  expect(firstEnding).toBeGreaterThan(1);
  expect(ranges[0]).toEqual({ rows: 2, ending: false });
  expect(ranges.slice(1, firstEnding).every((range) => range.rows === 8 && !range.ending)).toBe(true);
  expect(ranges.slice(firstEnding).every((range) => range.rows <= 2 && range.ending)).toBe(true);
  expect(ranges.reduce((sum, range) => sum + range.rows, 0)).toBe(41);
});

const header = `<row r="1">${COMMISSION_COLUMNS.map(
  (name, c) => `<c r="${String.fromCharCode(65 + c)}1" t="inlineStr"><is><t>${name}</t></is></c>`,
).join('')}</row>`;
const row = (r: number, code = `AFF${r}`, tag = `<row r="${r}">`, close = '</row>') =>
  `${tag}<c r="A${r}" t="inlineStr"><is><t>${code}</t></is></c><c r="B${r}"><v>${r}</v></c>${close}`;
const sheetXml = (rows: string, { prefix = '', head = '' } = {}) =>
  prefix
    ? `<?xml version="1.0" encoding="UTF-8"?><${prefix}:worksheet xmlns:${prefix}="${NS}">${head}<${prefix}:sheetData>${rows}</${prefix}:sheetData></${prefix}:worksheet>`
    : `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}">${head}<sheetData>${rows}</sheetData></worksheet>`;
const rowsFrom = (first: number, last: number, make = (r: number) => row(r)) =>
  Array.from({ length: last - first + 1 }, (_, i) => make(first + i)).join('');

test('rows without r: read as one whole read reads them (no range starts at such a row)', async () => {
  const noR = rowsFrom(2, 12, (r) => row(r, `AFF${r}`, '<row>').replace(/ r="[A-Z]+\d+"/g, ''));
  await sameAsWhole(withSheetXml(sheetXml(header + noR)), { atLeast: 1 });
  // Some rows with r, some without: ranges start only at the plain ones.
  const mixed = rowsFrom(2, 12, (r) => (r % 2 ? row(r, `AFF${r}`, '<row spans="1:5">') : row(r)));
  await sameAsWhole(withSheetXml(sheetXml(header + mixed)), { atLeast: 2 });
});

test('a namespace-prefixed sheet (x:row, x:c)', async () => {
  const rows = (header + rowsFrom(2, 12)).replace(/<(\/?)(row|c|v|is|t)\b/g, '<$1x:$2');
  const sheet = await sameAsWhole(
    withSheetXml(sheetXml(rows, { prefix: 'x', head: '<x:dimension ref="A1:E12"/>' })),
    { atLeast: 3 },
  );
  expect(sheet.columns[0][11]).toBe('AFF12');
});

test('a <dimension> smaller than the data, and one past the row cap: the same as a whole read', async () => {
  await sameAsWhole(withSheetXml(sheetXml(header + rowsFrom(2, 12), { head: '<dimension ref="A1:B6"/>' })));
  // Past the cap, SheetJS trims the range by the rows it has seen: such a file is read whole.
  await sameAsWhole(
    withSheetXml(sheetXml(header + rowsFrom(2, 12), { head: '<dimension ref="A1:E200000"/>' })),
    {
      atLeast: 1,
    },
  );
});

test('"</row>" inside a cell: escaped text, and CDATA (which SheetJS itself splits, whole or not)', async () => {
  const escaped = rowsFrom(2, 12, (r) => row(r, r === 6 ? 'A&lt;/row&gt;B' : `AFF${r}`));
  expect((await sameAsWhole(withSheetXml(sheetXml(header + escaped)))).columns[0][5]).toBe('A</row>B');
  const cdata = rowsFrom(2, 12, (r) => row(r, r === 6 ? '<![CDATA[A</row>B]]>' : `AFF${r}`));
  await sameAsWhole(withSheetXml(sheetXml(header + cdata)), { atLeast: 2 });
});

test('hostile sheet XML: an answer equal to a whole read, or a refusal code, never a hang or a crash', async () => {
  const cases = [
    // An unterminated last row, and one in the middle.
    header + rowsFrom(2, 8) + '<row r="9"><c r="A9"><v>1</v></c>',
    header + rowsFrom(2, 5) + '<row r="6"><c r="A6"><v>1</v>' + rowsFrom(7, 12),
    // Rows out of order, and cells naming a row other than their own.
    header + rowsFrom(8, 12) + rowsFrom(2, 7),
    header + rowsFrom(2, 6) + '<row r="7"><c r="A3"><v>9</v></c></row>' + rowsFrom(8, 12),
    // No </sheetData>, nothing but closing tags, a huge row number, attributes SheetJS reads as r.
    header + rowsFrom(2, 12) + '</row></row></row>',
    header + rowsFrom(2, 6) + row(9_999_999) + rowsFrom(10_000_000, 10_000_004),
    header + rowsFrom(2, 12, (r) => row(r, `AFF${r}`, `<row r="${r}" R="${r + 1}">`)),
    header + rowsFrom(2, 12, (r) => row(r, `AFF${r}`, `<row r="${r}" x:r="${r + 2}">`)),
    header + rowsFrom(2, 12, (r) => row(r, `AFF${r}`, `<row r_x="${r + 3}" r="${r}">`)),
    header + rowsFrom(2, 12, (r) => row(r, `AFF${r}`, `<row r="${r}" a?r="${r + 4}">`)),
    header + rowsFrom(2, 12, (r) => row(r, `AFF${r}`, `<row r="${r}"\tspans="1:5">`)),
  ];
  for (const rows of cases) {
    const file = withSheetXml(sheetXml(rows));
    let expected: SheetRows | WorkbookRefusal;
    try {
      expected = await whole(file);
    } catch (error) {
      expected = error as WorkbookRefusal;
    }
    let actual: SheetRows | WorkbookRefusal;
    try {
      actual = (await inRanges(file)).sheet;
    } catch (error) {
      expect(error).toBeInstanceOf(WorkbookRefusal);
      continue;
    }
    expect(actual).toEqual(expected);
  }
  // No </sheetData> at all: not cut, read whole.
  const open = withSheetXml(sheetXml(header + rowsFrom(2, 12)).replace('</sheetData>', ''));
  await expect(inRanges(open)).resolves.toMatchObject({ ranges: expect.any(Number) });
});

test('rows whose cells land in an earlier range are refused, not answered differently', async () => {
  const file = withSheetXml(
    sheetXml(header + rowsFrom(2, 8) + '<row r="9"><c r="A2"><v>9</v></c></row>' + rowsFrom(10, 12)),
  );
  await expect(inRanges(file)).rejects.toThrow(M.unreadable);
});
