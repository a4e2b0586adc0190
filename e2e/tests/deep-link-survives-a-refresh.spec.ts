import { expect, test } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';
import { recordCspViolations } from '../support/network';

test('a deep link reloads into the app, in its layout, for a signed-in user', async ({ page }) => {
  const csp = recordCspViolations(page);
  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/admin/user-add');
  await expect(page.getByRole('heading', { level: 1, name: 'Create User' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/admin\/user-add$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create User' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  expect(csp.messages()).toEqual([]);
});

test('a deep link opened without a session goes to sign-in', async ({ page }) => {
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Access your affiliate management account')).toBeVisible();
});

test('pages are revalidated on every load while hashed scripts are cached for good', async ({ request }) => {
  const page = await request.get('/backoffice/users', { headers: { Accept: 'text/html' } });
  expect(page.status()).toBe(200);
  expect(page.headers()['cache-control']).toBe('no-cache');
  const html = await page.text();
  const script = /<script[^>]+src="(\/main\.[0-9a-f]{16}\.js)"/.exec(html)?.[1];
  expect(script, 'index.html loads the hashed shell entry').toBeTruthy();
  const chunk = await request.get(script!);
  expect(chunk.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const manifest = await request.get('/remotes/admin/mf-manifest.json');
  expect(manifest.headers()['cache-control']).toBe('no-cache');
});
