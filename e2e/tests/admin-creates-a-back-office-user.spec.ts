import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { latestOutboxBody } from '../support/kyc-registration';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';
import { storedUserDetails, toast } from '../support/portal-session';

const CREATED = 'User created successfully. A temporary password has been emailed to the user.';

/** PrimeReact Dropdown: opened by its container (the labelled input inside is visually hidden), then an option. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page
    .locator('.p-dropdown')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

function uniqueEmail(): string {
  return `bo-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
}

test('an admin creates a back-office user, who signs in with the emailed password, must change it, is ended at once when made inactive, and signs in again once made active', async ({
  browser,
  page,
  request,
}) => {
  const email = uniqueEmail();
  const fullName = 'Funke Adebayo';

  // The admin adds the user from the list's 'Add New User' link.
  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'All Users' })).toBeVisible();
  await page.getByRole('link', { name: 'Add New User' }).click();
  await expect(page).toHaveURL(/\/admin\/user-add$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create User' })).toBeVisible();

  // The rules show in the page first, in the spec's order.
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('alert').first()).toHaveText('Please provide full name.');
  await expect(page.getByText('Please select role.')).toBeVisible();

  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await choose(page, 'Country Code', '+234 Nigeria');
  await page.getByLabel('Phone').fill('8035550123');
  await expect(page.getByLabel('Country', { exact: true })).toHaveCount(0);
  await choose(page, 'Role', 'Backoffice');
  await choose(page, 'Country', 'Nigeria');
  await page.getByRole('button', { name: 'Add User' }).click();

  await expect(toast(page, CREATED)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByLabel('Search').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Backoffice');
  await expect(row).toContainText('+234-8035550123');
  await expect(row).toContainText('Active');

  // The new user reads the temporary password from the email and signs in on another device.
  const body = await latestOutboxBody(request, email, /temporary password:/);
  const temporary = (body.match(/temporary password:\s+(\S+)/) as RegExpMatchArray)[1];
  const theirs = await browser.newContext();
  const userPage = await theirs.newPage();
  await userPage.goto('/login');
  await userPage.getByLabel('Email').fill(email);
  await userPage.getByLabel('Password', { exact: true }).fill(temporary);
  await userPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(userPage).toHaveURL(/\/update-password$/);
  await userPage.getByLabel('Current Password').fill(temporary);
  await userPage.getByLabel('New Password').fill('Funke-Backoffice-2026');
  await userPage.getByLabel('Confirm Password').fill('Funke-Backoffice-2026');
  await userPage.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(userPage, 'Password updated successfully.')).toBeVisible();
  await expect(userPage).toHaveURL(/\/backoffice-dashboard$/);
  await expect(userPage.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const { token } = (await storedUserDetails(userPage))!;

  // The admin makes the user inactive (the list's Delete, after a confirmation).
  await row.getByRole('button', { name: `Delete ${fullName}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('The user will be made inactive.');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(toast(page, 'Deleted successfully.')).toBeVisible();
  await expect(row).toContainText('Inactive');

  // The user's open session ended at once: its token is refused, and its next step in the page leads to login.
  const refused = await request.get('/api/user/dashboard', { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
  await userPage.goto('/profile');
  await expect(userPage).toHaveURL(/\/login$/);
  await expect(toast(userPage, 'Unauthorized request - 401')).toBeVisible();
  // And it cannot sign in again.
  const again = await request.post('/api/login/auth', {
    data: { userName: email, password: 'Funke-Backoffice-2026' },
  });
  expect(again.status()).toBeGreaterThanOrEqual(400);

  // Made active again (the row's Activate, after a confirmation), the user signs in with the same password.
  await row.getByRole('button', { name: `Activate ${fullName}` }).click();
  await expect(dialog).toContainText('make this user active again');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(toast(page, 'User activated successfully.')).toBeVisible();
  await expect(row.getByRole('button', { name: `Delete ${fullName}` })).toBeVisible();
  const back = await request.post('/api/login/auth', {
    data: { userName: email, password: 'Funke-Backoffice-2026' },
  });
  expect(back.status()).toBe(200);
  await theirs.close();
});

test('on a 390 px phone the users list and the add-user form fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  for (const path of ['/admin/users', '/admin/user-add']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    if (path === '/admin/users') await expect(page.getByRole('row').nth(1)).toBeVisible();
    else await expect(page.getByLabel('Full Name')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  // The form's fields stack in one column.
  const name = await page.getByLabel('Full Name').boundingBox();
  const email = await page.getByLabel('Email').boundingBox();
  expect(email!.y).toBeGreaterThan(name!.y);
});
