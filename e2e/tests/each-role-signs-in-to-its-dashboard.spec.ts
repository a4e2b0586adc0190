import { expect, test } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';
import { storedUserDetails, visibleMenu } from '../support/portal-session';

const ROLES = [
  {
    who: 'admin',
    account: DEMO.admin,
    dashboard: '/admin-dashboard',
    menu: [
      'Dashboard',
      'Manage Users',
      '  All Users',
      '  Create User',
      '  Message Outbox',
      'Affiliates',
      'KYC Queue',
      'Order Management',
      'Reports',
      'Master Data',
      '  Upload Commission Details',
      'Payouts',
      'Risk Review',
      'Notifications',
    ],
  },
  {
    who: 'back office',
    account: DEMO.backoffice,
    dashboard: '/backoffice-dashboard',
    menu: ['Dashboard', 'Manage Users', '  All Users', 'KYC Queue', 'Report', 'Risk Review'],
  },
  {
    who: 'affiliate',
    account: DEMO.affiliate,
    dashboard: '/affiliate-dashboard',
    menu: ['Dashboard', 'Order Management', 'Retailers', 'Payouts'],
  },
] as const;

for (const role of ROLES) {
  test(`the ${role.who} signs in, lands on the dashboard and sees exactly their menu`, async ({ page }) => {
    await signInThroughScreen(page, role.account.email, role.account.password, { reuseSession: false });
    await expect(page).toHaveURL(new RegExp(`${role.dashboard}$`));
    expect(await visibleMenu(page)).toEqual(role.menu);

    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: `User menu for ${role.account.email}` })).toContainText(
      role.account.email,
    );
    expect((await storedUserDetails(page))?.token).toBeTruthy();
  });
}

test('the menu highlights the page being shown and groups open and close', async ({ page }) => {
  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password, { reuseSession: false });
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const group = nav.getByRole('button', { name: 'Manage Users' });
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'All Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(nav.getByRole('link', { name: 'All Users' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  await group.click();
  await expect(nav.getByRole('link', { name: 'All Users' })).toBeHidden();
});
