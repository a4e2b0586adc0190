import fc from 'fast-check';
import * as XLSX from 'xlsx';
import { COMMISSION_COLUMNS } from '@portal/contracts';

/** One megabyte of text, built once: ten times the JSON body limit, and far over every field's maximum. */
const ONE_MB = 'x'.repeat(1024 * 1024);
const DEEP = 2000;

/** JSON nested DEEP levels, written as text: JSON.stringify of such a value is fine, building it is slow. */
export const deeplyNestedJson = `${'['.repeat(DEEP)}1${']'.repeat(DEEP)}`;
export const deeplyNestedObjectJson = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;

/** Texts a caller may send anywhere: control, direction and invisible characters, SQL, numbers as text. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u202Eevil\u202C.png',
  '\u200F\u200E\u2066x\u2069',
  'مرحبا بالعالم',
  '\uFEFFbom',
  '\uD83D\uDE00\uD83D\uDE00',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "%' OR 1=1 --",
  '%_%\\',
  '$1',
  '__proto__',
  'constructor',
  'prototype',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '1',
  '42',
  '-1',
  '0',
  '1e3',
  '1.5',
  '0x1F',
  ' 7 ',
  'NaN',
  'Infinity',
  '-Infinity',
  'true',
  'null',
  '9999999999999999999999',
  '2147483648',
  '9223372036854775808',
  '2026-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  'x'.repeat(5000),
];

/** Numbers where an id, an amount or a page is expected. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1.5,
  -(2 ** 31),
  2 ** 31,
  2 ** 53,
  2 ** 63,
  Number.MAX_VALUE,
  1e-7,
];

/** Any JSON value that is not what a field expects (the wrong type, or too much of the right one). */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 6 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 3 },
  {
    arbitrary: fc.constantFrom<unknown>(true, false, null, {}, [], [[[]]], { a: { b: 1 } }, ['1', 2]),
    weight: 3,
  },
  { arbitrary: fc.constant(ONE_MB), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
);

/** A value as it travels in a URL query: text, or the key repeated. */
export const hostileQueryValue: fc.Arbitrary<string | string[]> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 8 },
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS).map(String), weight: 3 },
  { arbitrary: fc.constant<string[]>(['1', '2']), weight: 1 },
  { arbitrary: fc.constant('x'.repeat(8000)), weight: 1 },
);

/** A path parameter: ids out of range, of the wrong type, or not ids at all. */
export const hostilePathValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 40 }).map(String), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      '-1',
      '0',
      '1.5',
      '1e3',
      ' 1',
      '0x10',
      '2147483648',
      '9223372036854775808',
      '99999999999999999999999',
      'NaN',
      "1' OR '1'='1",
      '__proto__',
      'constructor',
      '\u202E1',
      '..',
      'x'.repeat(2000),
    ),
    weight: 4,
  },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
);

/** Raw JSON bodies that no JavaScript object literal can express, or that the parser must refuse. */
export function hostileRawBodies(fields: readonly string[]): string[] {
  const first = fields[0] ?? 'a';
  return [
    deeplyNestedJson,
    deeplyNestedObjectJson,
    `{"__proto__":{"isAdmin":true,"roleId":1},"${first}":"x"}`,
    `{"constructor":{"prototype":{"isAdmin":true}},"${first}":"x"}`,
    `{"${first}":{"__proto__":{"polluted":true}}}`,
    `{"${first}":9999999999999999999999999999}`,
    `{"${first}":1e400}`,
    `{"${first}":"a","${first}":"b"}`,
    '{"a":',
    'null',
    '"text"',
    '12',
    '[]',
    `{"${first}":"\\ud800"}`,
  ];
}

export interface HostileFile {
  name: string;
  content: Buffer;
  contentType: string;
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ZIP_MAGIC = Buffer.from('PK\u0003\u0004', 'binary');
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

/** Files that only look like what the call takes: right magic bytes over garbage, wrong names, nothing at all. */
export const hostileFile: fc.Arbitrary<HostileFile> = fc.record({
  name: fc.constantFrom(
    'rates.xlsx',
    'rates.xls',
    'selfie.png',
    'selfie.jpg',
    'noextension',
    '../../etc/passwd',
    '__proto__',
    'gpj.\u202Eexe.png',
    'مرحبا.xlsx',
    `${'a'.repeat(1000)}.xlsx`,
    '.xlsx',
  ),
  content: fc.oneof(
    fc.constant(Buffer.alloc(0)),
    fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
    fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.concat([PNG_MAGIC, Buffer.from(bytes)])),
    fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.concat([ZIP_MAGIC, Buffer.from(bytes)])),
    fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.concat([OLE_MAGIC, Buffer.from(bytes)])),
    fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.concat([JPEG_MAGIC, Buffer.from(bytes)])),
    fc.constant(Buffer.from('Affiliate ID,Commission Rate (%)\n1,5\n')),
  ),
  contentType: fc.constantFrom(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-excel',
    'image/png',
    'image/jpeg',
    'text/html',
    'application/octet-stream',
  ),
});

// ---- spreadsheets ----------------------------------------------------------------------------------

export type SheetCell = string | number | boolean | null;

/** A workbook the upload can open: the template's header (or a spoiled one) over rows plausible and hostile. */
export interface SheetCase {
  rows: SheetCell[][];
  bookType: 'xlsx' | 'biff8';
}

const hostileCell: fc.Arbitrary<SheetCell> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS.filter((text) => text.length < 1000)),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(true, false, null),
);

export function sheetCase(affiliateCodes: readonly string[]): fc.Arbitrary<SheetCase> {
  const code = affiliateCodes.length ? fc.constantFrom(...affiliateCodes) : fc.constant('AFF000001');
  const row: fc.Arbitrary<SheetCell[]> = fc.tuple(
    fc.oneof({ arbitrary: code, weight: 4 }, { arbitrary: hostileCell, weight: 1 }),
    fc.oneof(
      { arbitrary: fc.double({ min: -10, max: 150, noNaN: true }), weight: 4 },
      { arbitrary: hostileCell, weight: 1 },
    ),
    fc.oneof(
      { arbitrary: fc.constantFrom('Beverages', 'Snacks', 'Home Care'), weight: 4 },
      { arbitrary: hostileCell, weight: 1 },
    ),
    fc.oneof(
      { arbitrary: fc.integer({ min: -100, max: 1_000_000 }), weight: 4 },
      { arbitrary: hostileCell, weight: 1 },
    ),
    fc.oneof(
      {
        arbitrary: fc
          .date({ min: new Date('1999-01-01'), max: new Date('2101-12-31'), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10)),
        weight: 3,
      },
      // An Excel date serial, as a typed-in date arrives.
      { arbitrary: fc.integer({ min: -5, max: 80_000 }), weight: 1 },
      { arbitrary: hostileCell, weight: 1 },
    ),
  );
  const header = fc.oneof(
    { arbitrary: fc.constant<SheetCell[]>([...COMMISSION_COLUMNS]), weight: 6 },
    { arbitrary: fc.constant<SheetCell[]>([...COMMISSION_COLUMNS].reverse()), weight: 1 },
    { arbitrary: fc.array(hostileCell, { maxLength: 6 }), weight: 1 },
  );
  return fc.record({
    rows: fc.tuple(header, fc.array(row, { maxLength: 6 })).map(([head, body]) => [head, ...body]),
    bookType: fc.constantFrom<'xlsx' | 'biff8'>('xlsx', 'xlsx', 'biff8'),
  });
}

export function sheetBytes(sheet: SheetCase): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet.rows), 'Commission');
  return XLSX.write(book, { type: 'buffer', bookType: sheet.bookType }) as Buffer;
}
