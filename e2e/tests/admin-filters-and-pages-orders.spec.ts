import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, apiToken, signInThroughScreen } from '../support/kyc-sign-in';

interface OrderAnswer {
  data: {
    results: { orderID: string; status: string }[];
    totalCount: number;
    pageNo: number;
    pageSize: number;
  };
  orderCount: { totalOrders: number; pendingOrders: number; completedOrders: number };
}

/** yyyy-MM-dd of today minus `days`, on Nigeria's calendar (the days orders are filed under). */
function lagosDay(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

async function ordersFromApi(
  request: APIRequestContext,
  token: string,
  page: number,
  query: Record<string, string>,
): Promise<OrderAnswer> {
  const res = await request.get(`/api/admin/allorder/${page}`, {
    params: query,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as OrderAnswer;
}

const count = (value: number) => new Intl.NumberFormat('en-NG').format(value);

async function expectCards(page: Page, orderCount: OrderAnswer['orderCount']): Promise<void> {
  const cards = page.getByRole('list', { name: 'Order summary' });
  await expect(cards.getByRole('listitem')).toHaveText([
    `Total Orders${count(orderCount.totalOrders)}`,
    `Pending Orders${count(orderCount.pendingOrders)}`,
    `Completed Orders${count(orderCount.completedOrders)}`,
  ]);
}

/** The Order ID column of the table's rows, in order. */
async function orderIdsOnScreen(page: Page): Promise<string[]> {
  const rows = page.getByRole('table', { name: 'Orders' }).getByRole('row');
  return rows.evaluateAll((trs) => trs.slice(1).map((tr) => tr.querySelectorAll('td')[1]?.textContent ?? ''));
}

async function pickDate(page: Page, label: string, day: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(day);
  await input.press('Escape');
  await expect(input).toHaveValue(day);
}

test.describe('admin orders', () => {
  // The screen's date pickers are read on the viewer's calendar; Nigeria's is the orders' calendar.
  test.use({ timezoneId: 'Africa/Lagos' });

  test('an admin filters orders by status and dates and pages forward and back', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
    const fromDate = lagosDay(120);
    const toDate = lagosDay(0);
    const filter = { fromDate, toDate, status: 'completed' };
    const first = await ordersFromApi(request, token, 1, filter);
    const second = await ordersFromApi(request, token, 2, filter);
    const pages = Math.ceil(first.data.totalCount / first.data.pageSize);
    expect(pages).toBeGreaterThanOrEqual(2);

    await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Order Management' })).toBeVisible();
    const all = await ordersFromApi(request, token, 1, {});
    await expectCards(page, all.orderCount);
    await expect(page.getByText(`Page 1 of ${Math.ceil(all.data.totalCount / 25)}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await pickDate(page, 'Start Date', fromDate);
    await pickDate(page, 'End Date', toDate);
    await page
      .getByLabel('Status', { exact: true })
      .locator('xpath=ancestor::div[contains(@class,"p-dropdown")]')
      .click();
    await page.getByRole('option', { name: 'completed' }).click();
    await page.getByRole('button', { name: 'Search' }).click();

    await expect(page).toHaveURL(new RegExp(`fromDate=${fromDate}&toDate=${toDate}&status=completed`));
    await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
    await expectCards(page, first.orderCount);
    await expect.poll(() => orderIdsOnScreen(page)).toEqual(first.data.results.map((o) => o.orderID));
    const badges = page.getByRole('table', { name: 'Orders' }).locator('.p-tag');
    await expect(badges).toHaveCount(first.data.results.length);
    expect(new Set(await badges.allTextContents())).toEqual(new Set(['completed']));

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible();
    await expect.poll(() => orderIdsOnScreen(page)).toEqual(second.data.results.map((o) => o.orderID));
    const firstCell = page
      .getByRole('table', { name: 'Orders' })
      .getByRole('row')
      .nth(1)
      .getByRole('cell')
      .first();
    await expect(firstCell).toHaveText('26');
    await expect(page).toHaveURL(/page=2/);

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();
    await expect.poll(() => orderIdsOnScreen(page)).toEqual(first.data.results.map((o) => o.orderID));
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

    // Pending over the same days: the cards stay those of the range, the rows change.
    await page
      .getByLabel('Status', { exact: true })
      .locator('xpath=ancestor::div[contains(@class,"p-dropdown")]')
      .click();
    await page.getByRole('option', { name: 'pending' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    const pending = await ordersFromApi(request, token, 1, { fromDate, toDate, status: 'pending' });
    await expect(page).toHaveURL(/status=pending/);
    await expect.poll(() => orderIdsOnScreen(page)).toEqual(pending.data.results.map((o) => o.orderID));
    await expectCards(page, first.orderCount);
  });
});
