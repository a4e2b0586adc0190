import { expect, test } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';

// A browser in the United States shows native dates as mm/dd/yyyy: the spec's yyyy-MM-dd must hold anyway.
test.use({ locale: 'en-US' });

test('an admin types a Start Date and End Date on Order Management, and a From after a To is said on the field', async ({
  page,
}) => {
  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/admin/orders');
  const form = page.getByRole('form', { name: 'Order filters' });
  const start = form.getByLabel('Start Date');
  const end = form.getByLabel('End Date');

  await start.click();
  await start.pressSequentially('2026-11-01');
  await end.click();
  await end.pressSequentially('2026-11-30');
  await expect(start).toHaveValue('2026-11-01');
  await expect(end).toHaveValue('2026-11-30');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/fromDate=2026-11-01/);
  await expect(page).toHaveURL(/toDate=2026-11-30/);

  await start.fill('');
  await start.pressSequentially('2026-12-05');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(form.getByText('Start Date must be on or before End Date.')).toBeVisible();
  await expect(page).toHaveURL(/fromDate=2026-11-01/);
});

test('an affiliate types a From Date and To Date on My Orders, shown as yyyy-MM-dd, and a From after a To is said on the field', async ({
  page,
}) => {
  await signInThroughScreen(page, DEMO.affiliate.email, DEMO.affiliate.password);
  await page.goto('/affiliate/orders');
  const filters = page.getByRole('search', { name: 'Filter orders' });
  const from = filters.getByLabel('From Date');
  const to = filters.getByLabel('To Date');

  await from.click();
  await from.pressSequentially('2026-10-01');
  await from.press('Tab');
  await expect(from).toHaveValue('2026-10-01');
  await expect(page).toHaveURL(/fromDate=2026-10-01/);

  await to.click();
  await to.pressSequentially('2026-09-01');
  await to.press('Tab');
  await expect(filters.getByText('From date must not be after to date.')).toBeVisible();
  await expect(page.getByText('Your orders could not be loaded.')).toHaveCount(0);
  await expect(page).not.toHaveURL(/toDate=2026-09-01/);
});
