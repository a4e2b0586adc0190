import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';

test.use({ viewport: { width: 390, height: 844 } });

/** Nothing on the page is wider than the phone: no sideways scrolling anywhere. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
    tables: Array.from(document.querySelectorAll('table')).map((table) => ({
      scroll: table.parentElement!.scrollWidth,
      client: table.parentElement!.clientWidth,
    })),
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  for (const table of widths.tables) expect(table.scroll).toBeLessThanOrEqual(table.client);
}

async function openFromMenu(page: Page, label: string) {
  await page.getByRole('button', { name: 'Show menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: label }).click();
}

test('on a phone the affiliate reads its dashboard, downloads a statement, opens My Orders and My Retailers', async ({
  page,
}) => {
  await signInThroughScreen(page, DEMO.affiliate.email, DEMO.affiliate.password);
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);

  // The dashboard fits the phone: welcome, cards in naira, the 12-month chart, the statement.
  await expect(page.getByTestId('affiliate-id')).toHaveText(/^ID: AFF\d+ \(KYC Complete\)$/);
  const cards = page.getByRole('list', { name: 'Commission', exact: true }).getByRole('listitem');
  await expect(cards).toHaveCount(5);
  for (const label of [
    'Qualified Orders (MTD)',
    'Projected Commission',
    'Qualified Commission',
    'Monthly Commission',
  ])
    await expect(cards.filter({ hasText: label })).toContainText('₦');
  await expect(page.getByRole('img', { name: /^Projected commission per month: / })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '../test-results/e2e/affiliate-dashboard-390.png', fullPage: true });
  const statementMonth = page.getByLabel('Statement month');
  await expect(statementMonth).toHaveValue(/^\d{4}-\d{2}$/);
  // Any month, not only the chart's twelve: here one from before them.
  const [year, month] = (await statementMonth.inputValue()).split('-').map(Number);
  const older = `${year - 2}-${String(month).padStart(2, '0')}`;
  await statementMonth.fill(older);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Statement' }).click();
  expect((await download).suggestedFilename()).toMatch(
    new RegExp(`^commission-statement-AFF\\d+-${older}\\.xlsx$`),
  );

  await openFromMenu(page, 'Order Management');
  await expect(page).toHaveURL(/\/affiliate\/orders$/);
  await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
  const orders = page.getByRole('table', { name: 'My Orders' });
  const rows = orders.locator('tbody tr');
  await expect(rows).toHaveCount(25);
  await expectNoSidewaysScroll(page);
  // Each row reads as a card: the header row is hidden and every cell carries its column's name.
  const firstCell = rows.first().locator('td').nth(1);
  await expect(firstCell).toHaveAttribute('data-label', 'Order ID');
  expect(await firstCell.evaluate((cell) => getComputedStyle(cell).display)).toBe('flex');
  expect(await firstCell.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Order ID"');
  await expect(rows.first().locator('td').nth(3)).toContainText('₦');

  // Paging: the demo affiliate has 72 orders, 25 a page.
  const pager = page.getByRole('navigation', { name: 'Orders pages' });
  await pager.getByRole('button', { name: 'Page 3' }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(rows).toHaveCount(22);
  await expect(rows.first().locator('td').first()).toHaveText('51');

  // Status filter: only Pending orders, each with its yellow badge.
  // PrimeReact's dropdown: its labelled combobox sits visually hidden inside the control that takes the tap.
  await page.locator('.p-dropdown', { has: page.getByLabel('Status') }).click();
  await page.getByRole('option', { name: 'Pending' }).click();
  await expect(page).toHaveURL(/status=Pending/);
  await expect(rows.first().locator('.p-tag')).toHaveText('Pending');
  const statuses = await rows.locator('.p-tag').allInnerTexts();
  expect(new Set(statuses)).toEqual(new Set(['Pending']));
  expect(await rows.first().locator('.p-tag').getAttribute('class')).toContain('p-tag-warning');

  // A date range nobody ordered in: the empty state, no pager.
  await page.getByLabel('From Date').fill('2001-01-01');
  await page.getByLabel('To Date').fill('2001-01-31');
  await expect(orders.getByText('No orders match these filters.')).toBeVisible();
  await expect(pager).toHaveCount(0);

  // Search by order ID after Reset.
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(rows).toHaveCount(25);
  // Order codes come from the ingestion (ORD + the row's id), so the test searches for one the list shows.
  const orderId = (await rows.nth(6).innerText()).match(/ORD\d+/)?.[0] ?? 'no order id shown';
  await page.getByRole('searchbox', { name: 'Search' }).fill(orderId);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(orderId);
  await expectNoSidewaysScroll(page);

  await openFromMenu(page, 'Retailers');
  await expect(page).toHaveURL(/\/affiliate\/retailers$/);
  const retailers = page.getByRole('table', { name: 'My Retailers' }).locator('tbody tr');
  await expect(retailers).toHaveCount(8);
  await expect(retailers.first()).toContainText('Okafor Provisions');
  await expectNoSidewaysScroll(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill('lagos');
  await expect(retailers).toHaveCount(3);
  const locations = await retailers.locator('td[data-label="Location"]').allInnerTexts();
  expect(locations.every((location) => location.includes('Lagos'))).toBe(true);
});

test('staff cannot open the affiliate lists: the API says 403 and the screen is the 404 page', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/login/auth', {
    data: { userName: DEMO.backoffice.email, password: DEMO.backoffice.password },
  });
  const { token } = (await login.json()) as { token: string };
  for (const path of ['/api/affiliate/myorder', '/api/affiliate/retiler-network']) {
    const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(403);
  }
  await signInThroughScreen(page, DEMO.backoffice.email, DEMO.backoffice.password);
  await page.goto('/affiliate/orders');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
