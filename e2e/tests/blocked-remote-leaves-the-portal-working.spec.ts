import { expect, test } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';

test('with the admin remote blocked, its section offers Retry while the rest of the portal works', async ({
  page,
}) => {
  await page.route('**/remotes/admin/**', (route) => route.abort('connectionrefused'));

  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  const section = page.getByRole('alert').filter({ hasText: 'This section is unavailable' });
  await expect(section).toBeVisible();
  await expect(section.getByRole('button', { name: 'Retry' })).toBeVisible();

  // The layout around it keeps working: the menu, the top bar, and a page the shell renders itself.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Order Management' })).toBeVisible();
  await menu.getByRole('link', { name: 'Order Management' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByText('This section is unavailable')).toBeVisible();
  await page.getByRole('button', { name: `User menu for ${DEMO.admin.email}` }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText(DEMO.admin.email).first()).toBeVisible();

  // Back on the broken section, Retry still fails while the remote is down, then works once it is back.
  await menu.getByRole('link', { name: 'Dashboard' }).click();
  await expect(section).toBeVisible();
  await section.getByRole('button', { name: 'Retry' }).click();
  await expect(section).toBeVisible();

  await page.unroute('**/remotes/admin/**');
  await section.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('This section is unavailable')).toHaveCount(0);
});
