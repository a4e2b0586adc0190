import { expect, test } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';

test('without a session a guarded page leads to login, and the empty path too', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Access your affiliate management account')).toBeVisible();
});

test('an unknown path shows the 404 screen', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/page-not-found$/);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('404')).toBeVisible();
});

test("a page outside the user's menu shows 404, and Go Home leads to the role's dashboard", async ({
  page,
}) => {
  await signInThroughScreen(page, DEMO.affiliate.email, DEMO.affiliate.password);
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);

  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/page-not-found$/);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();

  await page.getByRole('button', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});

test('the query string does not matter to the guard; an unknown path signed in is still 404', async ({
  page,
}) => {
  await signInThroughScreen(page, DEMO.backoffice.email, DEMO.backoffice.password);
  await page.goto('/backoffice/users?status=pending');
  await expect(page).toHaveURL(/\/backoffice\/users\?status=pending$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

  await page.goto('/backoffice/nothing-here');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/backoffice-dashboard$/);
});
