import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, apiToken, signInThroughScreen } from '../support/kyc-sign-in';
import { downloadThrough, readXlsx, tokenOf } from '../support/reports-excel';

const LOGIN_REPORT_HEADER = [
  'Sr No',
  'Affiliate ID',
  'Name',
  'Email',
  'Login Time',
  'Result',
  'Failure Reason',
];

/** A used or unknown link is refused before and at the file. */
async function expectLinkUsedUp(request: APIRequestContext, excelPath: string): Promise<void> {
  const check = await request.get('/api/report/check-download-token-valid', {
    params: { token: tokenOf(excelPath) },
  });
  expect(await check.json()).toEqual({ valid: false, message: 'Invalid or expired link.' });
  const again = await request.get(excelPath);
  expect(again.status()).toBe(410);
  expect(await again.json()).toMatchObject({ message: 'Invalid or expired link.' });
}

/** Generates the Affiliate Login Report for today's sign-ins of the demo affiliate and exports it. */
async function exportLoginReport(page: Page, request: APIRequestContext, reportsPath: string): Promise<void> {
  await page.goto(reportsPath);
  await expect(page.getByRole('heading', { name: 'Affiliate Login Report' })).toBeVisible();
  const exportButton = page.getByRole('button', { name: 'Export to Excel' });
  await expect(exportButton).toBeDisabled();

  await page.getByLabel('Search').fill(DEMO.affiliate.email);
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const table = page.getByRole('table', { name: 'Affiliate Login Report' });
  await expect(table.getByRole('row').nth(1)).toContainText(DEMO.affiliate.email);
  const summary = await page.getByText(/sign-ins? from .*, matching “/).innerText();
  const total = Number(summary.match(/^(\d+)/)?.[1]);
  expect(total).toBeGreaterThanOrEqual(2);
  await expect(table.getByRole('row').filter({ hasText: 'Failed' }).first()).toBeVisible();

  const { path, excelPath } = await downloadThrough(
    page,
    () => exportButton.click(),
    /\/api\/report\/loginhistory\?/,
  );
  const [header, ...rows] = await readXlsx(path);
  expect(header.slice(0, LOGIN_REPORT_HEADER.length)).toEqual(LOGIN_REPORT_HEADER);
  // Other journeys may sign the demo affiliate in meanwhile: the file holds at least what was generated.
  expect(rows.length).toBeGreaterThanOrEqual(total);
  expect(rows.map((row) => row[0])).toEqual(rows.map((_, i) => String(i + 1)));
  for (const row of rows) {
    expect(row[3]).toBe(DEMO.affiliate.email);
    expect(row[1]).toMatch(/^AFF\d+$/);
    expect(['Success', 'Failed']).toContain(row[5]);
  }
  expect(rows.some((row) => row[5] === 'Success')).toBe(true);
  expect(rows.some((row) => row[5] === 'Failed' && row[6] !== '')).toBe(true);
  await expectLinkUsedUp(request, excelPath);
}

test.describe('staff export reports', () => {
  // The server writes days in Nigerian time; the browser shows them in its own.
  test.use({ timezoneId: 'Africa/Lagos' });

  test.beforeAll(async ({ request }) => {
    // Today's sign-ins of the demo affiliate: one refused, one accepted.
    const wrong = await request.post('/api/login/auth', {
      data: { userName: DEMO.affiliate.email, password: 'Wrong@12345' },
    });
    expect(wrong.status()).toBe(401);
    await apiToken(request, DEMO.affiliate.email, DEMO.affiliate.password);
  });

  test('an admin exports the affiliate list as filtered on screen and the login report', async ({
    page,
    request,
  }) => {
    await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/affiliates?status=active');
    await page.getByRole('searchbox', { name: 'Search' }).fill(DEMO.affiliate.email);
    const table = page.getByRole('table', { name: 'Affiliate Users' });
    // The first page's loading row also makes two rows: wait for the searched affiliate itself (the search
    // lands SEARCH_DEBOUNCE_MS after typing), or Download Excel is clicked before the search applies.
    await expect(table.getByRole('row').nth(1)).toContainText(DEMO.affiliate.email);
    await expect(table.getByRole('row')).toHaveCount(2);
    const shown = await table.getByRole('row').nth(1).getByRole('cell').allInnerTexts();

    const { path, excelPath } = await downloadThrough(
      page,
      () => page.getByRole('button', { name: 'Download Excel' }).click(),
      /\/api\/report\/affiliate\?/,
    );
    const [header, ...rows] = await readXlsx(path);
    expect(header.slice(0, 7)).toEqual([
      'Sr No',
      'Affiliate ID',
      'Name',
      'Email',
      'Contact Number',
      'Status',
      'Registration Date',
    ]);
    expect(rows).toHaveLength(1);
    // The file holds what the list shows: Sr No, code, name, email, contact, status, registration date. A phone
    // number (+234-...) is a text cell as typed; other text a spreadsheet could take for a formula gets a quote.
    const asExported = (text: string) =>
      /^[=+\-@\t\r]/.test(text) && !/^[+-][\d\s().-]*$/.test(text) ? `'${text}` : text;
    expect(rows[0].slice(0, 7)).toEqual(shown.slice(0, 7).map((text) => asExported(text.trim())));
    await expectLinkUsedUp(request, excelPath);

    await exportLoginReport(page, request, '/admin/reports');
  });

  test('the login report stays inside a 1366 px laptop screen (scrolling in its card) and reads as rows on a phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/reports');
    await page.getByRole('button', { name: 'Generate Report' }).click();
    const table = page.getByRole('table', { name: 'Affiliate Login Report' });
    await expect(table.getByRole('row').nth(1)).toContainText('@');
    // E-mail addresses stay whole (issue 26), so a long one may make the table scroll inside its card; the
    // page itself never scrolls sideways.
    const pageScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    const tableScroll = () =>
      table.evaluate((element) => {
        const scroller = element.parentElement as HTMLElement;
        return scroller.scrollWidth - scroller.clientWidth;
      });
    expect(await pageScroll()).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 390, height: 844 });
    // The phone layout comes from a media query the screen re-renders on: measured once it has (a measure taken
    // at once under load saw the laptop table still 111 px wide).
    await expect.poll(pageScroll).toBeLessThanOrEqual(0);
    await expect.poll(tableScroll).toBeLessThanOrEqual(0);
  });

  test('back office exports the login report and gets no affiliate Excel', async ({ page, request }) => {
    await signInThroughScreen(page, DEMO.backoffice.email, DEMO.backoffice.password);
    await page.goto('/backoffice/users');
    await expect(page.getByRole('table', { name: 'Affiliate Users' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download Excel' })).toHaveCount(0);
    const token = await apiToken(request, DEMO.backoffice.email, DEMO.backoffice.password);
    const refused = await request.get('/api/report/affiliate', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(403);

    await exportLoginReport(page, request, '/backoffice/reports');
  });
});
