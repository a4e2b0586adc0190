import { expect, test } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';

test.use({ viewport: { width: 375, height: 740 } });

test('under 768 px the menu opens as an overlay that a click outside closes', async ({ page }) => {
  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  const sidebar = page.locator('#app-sidebar');
  await expect(sidebar).toBeHidden();

  await page.getByRole('button', { name: 'Show menu' }).click();
  await expect(sidebar).toBeVisible();
  const overlay = page.getByTestId('sidebar-overlay');
  await expect(overlay).toBeVisible();
  // The overlay covers the page to the right of the menu.
  await overlay.click({ position: { x: 340, y: 400 } });
  await expect(sidebar).toBeHidden();
  await expect(overlay).toHaveCount(0);

  // Choosing an entry also closes it.
  await page.getByRole('button', { name: 'Show menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(sidebar).toBeHidden();
});

test('on a desktop the toggle collapses and restores the sidebar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInThroughScreen(page, DEMO.backoffice.email, DEMO.backoffice.password);
  const sidebar = page.locator('#app-sidebar');
  await expect(sidebar).toBeVisible();
  await page.getByRole('button', { name: 'Hide menu' }).click();
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Show menu' }).click();
  await expect(sidebar).toBeVisible();
});
