import { expect, test } from '@playwright/test';
import { DEMO } from '../support/kyc-sign-in';
import { chooseFromUserMenu } from '../support/portal-session';

test('Remember Me prefills the next sign-in; signing in with it unchecked forgets it', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.backoffice.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.backoffice.password);
  await page.getByLabel('Remember Me').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/backoffice-dashboard$/);

  await chooseFromUserMenu(page, 'Logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.reload();
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.backoffice.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(DEMO.backoffice.password);
  await expect(page.getByLabel('Remember Me')).toBeChecked();

  await page.getByLabel('Remember Me').uncheck();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/backoffice-dashboard$/);
  await chooseFromUserMenu(page, 'Logout');
  await page.reload();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Remember Me')).not.toBeChecked();
});
