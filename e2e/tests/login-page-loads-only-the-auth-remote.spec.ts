import { expect, test } from '@playwright/test';
import { recordCspViolations, recordRequests } from '../support/network';

test('the login page loads the shell and the auth remote only, within the CSP', async ({ page }) => {
  const requests = recordRequests(page);
  const csp = recordCspViolations(page);

  await page.goto('/login');
  await expect(page.getByText('Access your affiliate management account')).toBeVisible();
  await page.waitForLoadState('networkidle');

  const paths = requests.paths();
  expect(paths).toContain('/api/config/remotes');
  expect(paths).toContain('/remotes/auth/mf-manifest.json');
  expect(paths.filter((path) => path.startsWith('/remotes/auth/')).length).toBeGreaterThan(1);
  expect(paths.filter((path) => /^\/remotes\/(admin|backoffice|affiliate)\//.test(path))).toEqual([]);
  expect(csp.messages()).toEqual([]);
});
