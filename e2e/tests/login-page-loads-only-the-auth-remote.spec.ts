import { expect, test } from '@playwright/test';
import { recordCspViolations, recordRequests } from '../support/network';
import { loadedSharedModules } from '../support/shared-modules';

test('the login page loads the shell and the auth remote only, within the CSP', async ({ page }) => {
  const requests = recordRequests(page);
  const csp = recordCspViolations(page);

  await page.goto('/login');
  // The heading and tagline come with the document (the first paint); the form is the auth remote's own, and
  // 'networkidle' alone can come before the remote is asked for on a busy machine (a gap of 500 ms with no
  // request while the shell starts).
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.locator('[data-first-paint]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');

  const paths = requests.paths();
  expect(paths).toContain('/api/config/remotes');
  expect(paths).toContain('/remotes/auth/mf-manifest.json');
  expect(paths.filter((path) => path.startsWith('/remotes/auth/')).length).toBeGreaterThan(1);
  expect(paths.filter((path) => /^\/remotes\/(admin|backoffice|affiliate)\//.test(path))).toEqual([]);
  // The theme's Inter variable font (347 KB) was more than the first visit's whole 300 KB budget.
  expect(paths.filter((path) => /inter[\w.-]*\.woff2?$/i.test(path))).toEqual([]);
  expect(csp.messages()).toEqual([]);
});

// The sign-in page has a 200 KB JavaScript budget (bench/bundle-budget.ts measures the bytes). zod and
// PrimeReact's component core are what would break it, so they must wait until a later page needs them.
test('the login page loads neither zod nor PrimeReact components; registration loads zod on the first keystroke', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const onSignIn = await loadedSharedModules(page);
  expect(onSignIn).toEqual(expect.arrayContaining(['react', '@portal/shared-ui', '@portal/contracts/web']));
  const primeReactComponents = (name: string) => /^primereact\/(?!resources\/)/.test(name);
  const isZod = (name: string) => name === 'zod' || name.startsWith('zod/');
  const heavy = (name: string) =>
    isZod(name) ||
    name === '@portal/contracts' ||
    name.startsWith('@portal/contracts/registration') ||
    primeReactComponents(name);
  expect(onSignIn.filter(heavy)).toEqual([]);

  // The registration page shows and checks its form with its zod-free part of the contract; its calls' zod
  // schemas wait for the first keystroke (issue 26: evaluating zod was the longest task only /register paid on a
  // phone). Its controls are native (issue 26: PrimeReact's core for a checkbox and two radios was the longest
  // task of step two on a phone).
  await page.getByRole('link', { name: 'Register as an Affiliate' }).click();
  await expect(page.getByRole('heading', { name: 'Affiliate Registration' })).toBeVisible();
  // Step two is a chunk of its own, loaded once step one is on screen.
  await expect(page.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toBeVisible();
  // The lists have come, checked without zod.
  await expect(page.locator('#countryID option').nth(1)).toBeAttached();
  await page.waitForLoadState('networkidle');
  const beforeTyping = await loadedSharedModules(page);
  expect(beforeTyping).toContain('@portal/contracts/registration-start');
  expect(beforeTyping.filter(isZod)).toEqual([]);
  expect(beforeTyping).not.toContain('@portal/contracts/registration');

  await page.getByLabel('Full Name').fill('Ada Obi');
  await expect
    .poll(() => loadedSharedModules(page))
    .toEqual(expect.arrayContaining(['zod', '@portal/contracts/registration']));
  const onRegister = await loadedSharedModules(page);
  expect(onRegister).not.toContain('@portal/contracts');
  expect(onRegister.filter(primeReactComponents)).toEqual([]);
});
