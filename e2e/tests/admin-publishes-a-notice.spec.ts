import { expect, test } from '@playwright/test';
import { DEMO, apiToken, signInThroughScreen } from '../support/kyc-sign-in';

interface Listed {
  notificationID: number;
  title: string;
  messageText: string;
  countryID: number;
}

test('an admin adds a bold notice for all countries and deletes another', async ({ page, request }) => {
  const stamp = Date.now();
  const newTitle = `Public holiday ${stamp}`;
  const oldTitle = `Outdated notice ${stamp}`;
  const admin = { Authorization: `Bearer ${await apiToken(request, DEMO.admin.email, DEMO.admin.password)}` };
  const seeded = await request.post('/api/master/notification', {
    headers: admin,
    data: { title: oldTitle, messageText: '<p>Please ignore.</p>', countryID: [0] },
  });
  expect(seeded.ok()).toBe(true);

  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Notifications' });
  await expect(table.getByRole('row', { name: new RegExp(oldTitle) })).toBeVisible();

  // Quill loads with the dialog, not with the list.
  await page.getByRole('button', { name: 'Add Notification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Notification' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please provide title.')).toBeVisible();
  await expect(dialog.getByText('Please provide message.')).toBeVisible();
  await expect(dialog.getByText('Please select country.')).toBeVisible();

  await dialog.getByLabel('Title').fill(newTitle);
  const editor = dialog.getByRole('textbox', { name: 'Message' });
  await expect(editor).toBeVisible();
  expect((await editor.boundingBox())?.height).toBeGreaterThan(100);
  await editor.click();
  await dialog.getByRole('button', { name: 'bold' }).click();
  await page.keyboard.type('Offices close on Monday');
  await dialog.locator('.p-multiselect').click();
  await page.getByRole('option', { name: 'Nigeria' }).click();
  await page.getByRole('option', { name: 'All Countries' }).click();
  // Escape would close the dialog too: a click outside closes the country panel.
  await dialog.getByLabel('Title').click();
  await expect(dialog.locator('.p-multiselect')).toContainText('All Countries');
  await expect(dialog.locator('.p-multiselect')).not.toContainText('Nigeria');
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Notification added successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const added = table.getByRole('row', { name: new RegExp(newTitle) });
  await expect(added).toContainText('Offices close on Monday');
  await expect(added).toContainText('All Countries');
  await expect(table.getByRole('row').nth(1)).toContainText(newTitle);

  // Stored bold, for all countries, and it is now the affiliates' notice.
  const listed = (await (
    await request.get('/api/master/notification', { headers: admin })
  ).json()) as Listed[];
  const saved = listed.find((n) => n.title === newTitle);
  expect(saved?.messageText).toContain('<strong>Offices close on Monday</strong>');
  expect(saved?.countryID).toBe(0);
  const affiliate = {
    Authorization: `Bearer ${await apiToken(request, DEMO.affiliate.email, DEMO.affiliate.password)}`,
  };
  const dashboard = await (await request.get('/api/user/dashboard', { headers: affiliate })).json();
  expect(dashboard.notice.title).toBe(newTitle);

  await page.getByRole('button', { name: `Delete ${oldTitle}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(confirm).toContainText(oldTitle);
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Notification deleted successfully')).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(oldTitle) })).toHaveCount(0);
  await expect(added).toBeVisible();
});
