import { PassThrough } from 'node:stream';
import { workbookClass } from '../../../lib/excel-workbook';
import type { SheetColumn } from '../xlsx-writer';
import { NAIRA_FORMAT, escapeCell, writeSheet } from '../xlsx-writer';

const Workbook = workbookClass();

/** exceljs's ValueType: what kind of cell a spreadsheet sees. */
const STRING = 3;
const NUMBER = 2;
const FORMULA = 6;

interface Line {
  text: string;
  amount: number;
}

const COLUMNS: SheetColumn<Line>[] = [
  { header: 'Text', width: 30, value: (line) => line.text },
  { header: 'Amount (NGN)', width: 16, value: (line) => line.amount, numFmt: NAIRA_FORMAT },
];

async function* linesOf(lines: Line[]) {
  yield* lines;
}

/** Writes the lines with writeSheet and reads the file back as a spreadsheet app would. */
async function roundTrip(lines: Line[], columns = COLUMNS) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeSheet(out, 'Sheet', columns, linesOf(lines));
  const workbook = new Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

test('text is written as text cells as typed: a phone number gets no apostrophe', async () => {
  const sheet = await roundTrip([
    { text: '+234-8031234567', amount: 1 },
    { text: '-12.50', amount: 1 },
    { text: 'Amaka Eze', amount: 1 },
    { text: '08031234567', amount: 1 },
  ]);
  const cells = [2, 3, 4, 5].map((row) => sheet.getCell(row, 1));
  expect(cells.map((cell) => cell.value)).toEqual(['+234-8031234567', '-12.50', 'Amaka Eze', '08031234567']);
  for (const cell of cells) expect(cell.type).toBe(STRING);
});

test('text that would run once re-entered or saved as CSV keeps its apostrophe, and no cell is a formula', async () => {
  const risky = ['=HYPERLINK("http://evil","x")', '+cmd|calc', '@SUM(A1)', '-2+3+cmd|x', '\t=1'];
  const sheet = await roundTrip(risky.map((text) => ({ text, amount: 1 })));
  const cells = risky.map((_text, index) => sheet.getCell(index + 2, 1));
  expect(cells.map((cell) => cell.value)).toEqual(risky.map((text) => `'${text}`));
  for (const cell of cells) {
    expect(cell.type).toBe(STRING);
    expect(cell.type).not.toBe(FORMULA);
    expect(cell.formula).toBeUndefined();
  }
  // XML reads a CR back as LF, so this one is checked before it is written.
  expect(escapeCell('\r=1')).toBe("'\r=1");
});

test('money columns are numbers in naira with two decimals', async () => {
  const sheet = await roundTrip([
    { text: 'a', amount: 115366.5 },
    { text: 'b', amount: 0 },
  ]);
  const amount = sheet.getCell(2, 2);
  expect(amount.value).toBe(115366.5);
  expect(amount.type).toBe(NUMBER);
  expect(amount.numFmt).toBe('"₦"#,##0.00');
  expect(sheet.getCell(3, 2).numFmt).toBe(NAIRA_FORMAT);
  // Other columns keep the default format.
  expect(sheet.getCell(2, 1).numFmt).toBeUndefined();
});

test('a sheet without formatted columns is written without styles', async () => {
  const plain = COLUMNS.map(({ numFmt: _numFmt, ...column }) => column);
  const sheet = await roundTrip([{ text: 'a', amount: 2.5 }], plain);
  expect(sheet.getCell(2, 2).value).toBe(2.5);
  expect(sheet.getCell(2, 2).numFmt).toBeUndefined();
});
