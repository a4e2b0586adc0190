import ExcelJS from 'exceljs';
import { expect } from '@playwright/test';
import type { Download, Page } from '@playwright/test';

export type SheetRow = string[];

/** Every row of the first sheet as text, header first; empty trailing rows dropped. */
export async function readXlsx(path: string): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  expect(sheet, 'the workbook has a sheet').toBeDefined();
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(values.map((value) => cellText(value)));
  });
  return rows;
}

function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
  }
  return String(value);
}

/**
 * Clicks `trigger`, waits for the report link the server answers (`excelPath`) and for the browser's
 * download of it; answers the saved file's path and the link.
 */
export async function downloadThrough(
  page: Page,
  trigger: () => Promise<void>,
  reportCall: RegExp,
): Promise<{ path: string; excelPath: string; download: Download }> {
  const linkAnswer = page.waitForResponse((response) =>
    reportCall.test(new URL(response.url()).pathname + new URL(response.url()).search),
  );
  const downloadEvent = page.waitForEvent('download');
  await trigger();
  const response = await linkAnswer;
  expect(response.ok(), `${response.url()} answered ${response.status()}`).toBe(true);
  const { excelPath } = (await response.json()) as { excelPath: string };
  const download = await downloadEvent;
  expect(await download.failure()).toBeNull();
  const path = await download.path();
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  return { path, excelPath, download };
}

/** The `token` of a download link. */
export function tokenOf(excelPath: string): string {
  const token = new URL(excelPath, 'http://portal.invalid').searchParams.get('token');
  expect(token, `a token in ${excelPath}`).toBeTruthy();
  return token as string;
}
