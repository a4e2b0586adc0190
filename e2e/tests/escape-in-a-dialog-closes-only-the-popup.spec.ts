import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';

/**
 * The keyboard check of every form dialog: Escape in an open dropdown closes only the dropdown; Escape with
 * unsaved changes asks first (and Escape on that question closes only the question); focus goes back to the
 * button that opened the dialog.
 */
async function escapeClosesOnlyThePopup(page: Page, dialog: Locator, popup: Locator, opener: Locator) {
  await expect(popup).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(dialog).toBeVisible();

  // Unsaved changes: Escape asks; Escape on the question keeps the form.
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test.beforeEach(async ({ page }) => {
  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
});

test('Edit User: Escape in the Role dropdown closes the dropdown, not the dialog; unsaved changes are asked about', async ({
  page,
}) => {
  await page.goto('/admin/users');
  const opener = page
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /^Edit / });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  const fullName = dialog.getByLabel('Full Name');
  await expect(fullName).not.toHaveValue('');
  await fullName.fill('Renamed Person');
  await dialog
    .locator('.p-dropdown')
    .filter({ has: page.getByLabel('Role', { exact: true }) })
    .click();
  await escapeClosesOnlyThePopup(page, dialog, page.locator('.p-dropdown-panel'), opener);
});

test('Add Notification: Escape in the country list closes the list, not the dialog; the typed title is kept', async ({
  page,
}) => {
  await page.goto('/notifications');
  const opener = page.getByRole('button', { name: 'Add Notification' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Add Notification' });
  await dialog.getByLabel('Title').fill('Price list for December');
  await dialog.locator('.p-multiselect').click();
  await escapeClosesOnlyThePopup(page, dialog, page.locator('.p-multiselect-panel'), opener);
});

test('a dialog without changes closes on the first Escape, focus back on its button', async ({ page }) => {
  await page.goto('/notifications');
  const opener = page.getByRole('button', { name: 'Add Notification' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Add Notification' });
  await expect(dialog.getByLabel('Title')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('Affiliate Details: Escape with a typed remark asks first, Escape on the question keeps the remark; focus back on View', async ({
  page,
}) => {
  await page.goto('/admin/affiliates');
  const opener = page
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /^View / });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Affiliate Details' });
  const remark = dialog.getByLabel('Remark');
  await expect(remark).toBeVisible();
  await remark.fill('Selfie is blurred');

  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(remark).toHaveValue('Selfie is blurred');

  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('Affiliate Details without a remark closes on the first Escape, focus back on View', async ({
  page,
}) => {
  await page.goto('/admin/affiliates');
  const opener = page
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /^View / });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Affiliate Details' });
  await expect(dialog.getByLabel('Remark')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('the delete confirmation starts on No, Escape closes only the question and changes nothing; focus back on its button', async ({
  page,
}) => {
  await page.goto('/admin/affiliates');
  // The first affiliate that can still be made inactive (an inactive one's button is disabled).
  const inactivate = page.getByRole('button', { name: /^Make .* inactive$/ }).and(page.locator(':enabled'));
  const row = page.getByRole('row').filter({ has: inactivate }).first();
  const opener = row.getByRole('button', { name: /^Make .* inactive$/ });
  const status = await row.getByRole('cell').nth(5).innerText();
  await opener.click();
  const question = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(question).toContainText('Are you sure you want to Inactive this user?');
  await expect(question.getByRole('button', { name: 'No' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(row.getByRole('cell').nth(5)).toHaveText(status);
});
