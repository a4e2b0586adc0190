import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';

/**
 * Issue 26 items 7 and 12 on a phone (390 × 844): an error toast never covers the button just pressed (the page
 * scrolls it clear), and the user menu shows the whole e-mail address.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('no box');
  return found;
}

async function failStatement(page: Page) {
  await page.route('**/api/report/commission-statement**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'The statement could not be written. Please try again.' }),
    }),
  );
}

test('an error toast leaves Download Statement, the last button of the dashboard, in view and uncovered', async ({
  page,
}) => {
  await signInThroughScreen(page, DEMO.affiliate.email, DEMO.affiliate.password);
  await failStatement(page);
  await page.goto('/affiliate-dashboard');
  const download = page.getByRole('button', { name: 'Download Statement' });
  await download.scrollIntoViewIfNeeded();
  await download.click();
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'The statement could not be written.' });
  await expect(toast).toBeVisible();
  // Once the toast has entered, the button sits above it, inside the window.
  await expect
    .poll(async () => {
      const button = await box(download);
      const shown = await box(toast);
      return button.y >= 0 && button.y + button.height <= shown.y;
    })
    .toBe(true);
});

test('the page can always scroll its last control above a toast', async ({ page }) => {
  await signInThroughScreen(page, DEMO.affiliate.email, DEMO.affiliate.password);
  await failStatement(page);
  await page.goto('/affiliate-dashboard');
  const download = page.getByRole('button', { name: 'Download Statement' });
  await download.click();
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'The statement could not be written.' });
  await expect(toast).toBeVisible();
  // Scrolled to the very end by hand, nothing of the page is left under the toast.
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight }));
  await expect
    .poll(async () => {
      const button = await box(download);
      const shown = await box(toast);
      return button.y + button.height <= shown.y;
    })
    .toBe(true);
});

test('the user menu shows a long e-mail whole, inside the window', async ({ page }) => {
  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  const email = 'operations.supervisor-north@example.com';
  // The top bar shows the stored address; a long one is set there, as a staff user's would be.
  await page.evaluate((address) => {
    const details = JSON.parse(localStorage.getItem('userDetails') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('userDetails', JSON.stringify({ ...details, email: address }));
  }, email);
  await page.goto('/admin-dashboard');
  await page.getByRole('button', { name: `User menu for ${email}` }).click();
  const shown = page.locator('#user-menu').getByText(email, { exact: true });
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAttribute('title', email);
  const fits = await shown.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return element.scrollWidth <= element.clientWidth && rect.left >= 0 && rect.right <= window.innerWidth;
  });
  expect(fits).toBe(true);
  await expect(page.getByRole('menuitem', { name: 'Change Password' })).toBeVisible();
});
