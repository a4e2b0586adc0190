import type ExcelJS from 'exceljs';

/*
 * exceljs without its streaming reader. The package's entry also loads `stream.xlsx.WorkbookReader`, whose
 * unzipper brings bluebird 3.4: under jest (a module registry per test file, in long-lived worker
 * processes) every registry that loads bluebird stays reachable after its file, with the file's whole
 * app and database. A worker then ended the suite holding GBs, and freeing them at exit took longer than
 * the 500 ms jest waits ("A worker process has failed to exit gracefully"). The gateway only writes
 * workbooks (and the tests read them back with Workbook, which unzips with JSZip), so it loads these two
 * files of exceljs, the very classes the entry exports. scripts/check-import-graph.mjs keeps the entry out.
 */

// Loaded on first use, not with the app: the two files take ~150 ms to load, which every gateway start and every
// test file paid although most never write a spreadsheet.

/** exceljs's Workbook class (builds a whole workbook in memory; the tests read files back with it). */
export function workbookClass(): typeof ExcelJS.Workbook {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('exceljs/lib/doc/workbook') as typeof ExcelJS.Workbook;
}

/** exceljs's streaming WorkbookWriter class (the exports). */
export function workbookWriterClass(): typeof ExcelJS.stream.xlsx.WorkbookWriter {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('exceljs/lib/stream/xlsx/workbook-writer') as typeof ExcelJS.stream.xlsx.WorkbookWriter;
}

export type Worksheet = ExcelJS.Worksheet;
