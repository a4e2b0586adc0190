import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO, apiToken, signInThroughScreen } from '../support/kyc-sign-in';

const HEADER = [
  'Affiliate ID',
  'Commission Rate (%)',
  'Product Category',
  'Minimum Order Value',
  'Effective Date',
];
const INVALID_TYPE = 'Invalid file type. Please upload Excel (.xlsx, .xls) file.';

/** The template as the browser saved it, its two example rows replaced by `rows` (the header kept). */
async function fillTemplate(path: string, rows: (string | number | Date)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(HEADER);
  expect(sheet.actualRowCount).toBe(3);
  // The two example rows become the admin's two rows.
  rows.forEach((values, i) => {
    sheet.getRow(2 + i).values = values;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function pick(page: Page, name: string, buffer: Buffer, mimeType: string): Promise<void> {
  await page.getByLabel('Excel file (.xlsx, .xls)').setInputFiles({ name, mimeType, buffer });
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('an admin uploads commission rates from the template, then a file with a bad row, then a .csv', async ({
  page,
  request,
}) => {
  const affiliateToken = await apiToken(request, DEMO.affiliate.email, DEMO.affiliate.password);
  const dashboard = await request.get('/api/user/dashboard', {
    headers: { Authorization: `Bearer ${affiliateToken}` },
  });
  const affiliateCode = ((await dashboard.json()) as { affiliateId: string }).affiliateId;
  expect(affiliateCode).toMatch(/^AFF\d+$/);

  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/admin/commission-upload');
  await expect(page.getByRole('heading', { name: 'Upload Commission Details', level: 1 })).toBeVisible();
  const upload = page.getByRole('button', { name: 'Upload' });
  await expect(upload).toBeDisabled();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download Template' }).click();
  const template = await downloading;
  expect(template.suggestedFilename()).toBe('sample-affiliate-commission.xlsx');

  // Two rates for the demo affiliate, in categories and on a date no seed row uses.
  const filled = await fillTemplate(await template.path(), [
    [affiliateCode, 3.25, 'E2E Stationery', 2500, new Date(Date.UTC(2024, 0, 15))],
    [affiliateCode, 1.5, 'E2E Toys', 0, '2024-01-15'],
  ]);
  await pick(page, 'march-rates.xlsx', filled, XLSX_TYPE);
  await expect(upload).toBeEnabled();
  await upload.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Commission rates uploaded successfully: 2 rows saved.' }),
  ).toBeVisible();
  // Answered as refusals are: a toast too (issue 26 item 12).
  await expect(
    page
      .locator('.Toastify__toast')
      .filter({ hasText: 'Commission rates uploaded successfully: 2 rows saved.' }),
  ).toBeVisible();
  await expect(upload).toBeDisabled();

  // The new rates are in force today and the upload is in the history.
  await page.getByLabel('Search').fill(affiliateCode);
  await page
    .locator('.p-dropdown')
    .filter({ has: page.getByLabel('Product Category') })
    .click();
  await page.getByRole('option', { name: 'E2E Stationery' }).click();
  const rates = page.getByRole('table', { name: 'Commission rates in force today' });
  await expect(rates.getByRole('row').nth(1)).toContainText('3.25');
  await expect(page.getByRole('table', { name: 'Commission uploads, newest first' })).toContainText(
    'march-rates.xlsx',
  );

  // A bad rate on the sheet's row 3: nothing is stored and the row is named.
  const bad = await fillTemplate(await template.path(), [
    [affiliateCode, 2, 'E2E Stationery', 0, '2024-02-01'],
    [affiliateCode, 250, 'E2E Toys', 0, '2024-02-01'],
  ]);
  await pick(page, 'bad-rates.xlsx', bad, XLSX_TYPE);
  await upload.click();
  // The refusal is also an error toast (spec §8); the panel's own alert is the one that names the row.
  const uploadPanel = page.getByRole('region', { name: 'Upload commission rates' });
  await expect(uploadPanel.getByRole('alert').filter({ hasText: 'The file was not uploaded' })).toContainText(
    'Row 3, Commission Rate (%)',
  );
  const refused = page.getByRole('table', { name: 'Rows to correct' });
  await expect(refused.getByRole('row').nth(1)).toContainText(
    'Commission Rate (%) must be between 0 and 100.',
  );

  // Another extension: the spec's message and no file chosen.
  await pick(page, 'rates.csv', Buffer.from(`${HEADER.join(',')}\n`), 'text/csv');
  await expect(uploadPanel.getByRole('alert').filter({ hasText: INVALID_TYPE })).toBeVisible();
  await expect(upload).toBeDisabled();
  expect(
    await page
      .getByLabel('Excel file (.xlsx, .xls)')
      .evaluate((input: HTMLInputElement) => input.files?.length),
  ).toBe(0);
});
