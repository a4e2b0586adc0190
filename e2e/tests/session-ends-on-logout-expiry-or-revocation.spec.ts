import { expect, test } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';
import { chooseFromUserMenu, storedUserDetails, toast } from '../support/portal-session';

test('logout revokes the session on the server, forgets it and goes to login', async ({ page, request }) => {
  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  const { token } = (await storedUserDetails(page))!;

  await chooseFromUserMenu(page, 'Logout');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedUserDetails(page)).toBeNull();

  const withOldToken = await request.get('/api/user/profile', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(withOldToken.status()).toBe(401);
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a token revoked elsewhere: the next call answers 401, the user goes to login with the 401 message', async ({
  page,
  request,
}) => {
  // The dashboard's own call finishes first, so the 401 comes from the next call the user makes.
  const dashboardLoaded = page.waitForResponse((response) => response.url().includes('/api/user/dashboard'));
  await signInThroughScreen(page, DEMO.backoffice.email, DEMO.backoffice.password);
  await dashboardLoaded;
  const { token } = (await storedUserDetails(page))!;
  const revoked = await request.post('/api/login/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(revoked.ok()).toBe(true);

  await chooseFromUserMenu(page, 'Profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, 'Unauthorized request - 401')).toBeVisible();
  expect(await storedUserDetails(page)).toBeNull();
});

test('a stored session past its expiry counts as none', async ({ page }) => {
  await signInThroughScreen(page, DEMO.affiliate.email, DEMO.affiliate.password);
  await page.evaluate(() => {
    const details = JSON.parse(localStorage.getItem('userDetails')!) as { expiresAt: string };
    details.expiresAt = new Date(Date.now() - 60_000).toISOString();
    localStorage.setItem('userDetails', JSON.stringify(details));
  });
  await page.goto('/affiliate-dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedUserDetails(page)).toBeNull();
});

test('profile shows the signed-in user read-only', async ({ page }) => {
  await signInThroughScreen(page, DEMO.affiliate.email, DEMO.affiliate.password);
  await chooseFromUserMenu(page, 'Profile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
  await expect(page.getByRole('main').getByText(DEMO.affiliate.email)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Banking Information' })).toBeVisible();
  await expect(page.getByRole('main').locator('input')).toHaveCount(0);
});
