import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { latestOutboxBody, registerAffiliate } from '../support/kyc-registration';
import { DEMO, apiToken } from '../support/kyc-sign-in';
import { toast, visibleMenu } from '../support/portal-session';

const RESET_SENT = 'If an account exists for that email, a temporary password has been sent to it.';

/** A fresh affiliate with KYC Complete, so resetting its password disturbs no other test. */
async function approvedAffiliate(api: APIRequestContext): Promise<string> {
  const affiliate = await registerAffiliate(api, 'Tunde Bakare');
  const token = await apiToken(api, DEMO.backoffice.email, DEMO.backoffice.password);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await api.get('/api/backoffice/affiliate', {
    headers,
    params: { search: affiliate.email, page: 1 },
  });
  expect(list.ok()).toBe(true);
  const { results } = (await list.json()) as { results: { affiliateID: number; email: string }[] };
  const { affiliateID } = results.find((row) => row.email === affiliate.email)!;
  const decision = await api.post('/api/backoffice/affiliate/kyc', {
    headers,
    data: { affiliateID, isActive: true, remark: '' },
  });
  expect(decision.ok(), await decision.text()).toBe(true);
  return affiliate.email;
}

test('forgot password: email is checked in page, then the server message is shown', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please provide email.' })).toBeVisible();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Email is not valid.' })).toBeVisible();

  // An address with no account gets the same answer as one with an account.
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, RESET_SENT)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('nobody-here@example.com');

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Back to Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('after a reset, the temporary password signs in to a forced password update, then to the dashboard', async ({
  page,
  request,
}) => {
  const email = await approvedAffiliate(request);

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, RESET_SENT)).toBeVisible();

  const body = await latestOutboxBody(request, email, /Your temporary password is:/);
  const temporary = (body.match(/Your temporary password is:\s*(\S+)/) as RegExpMatchArray)[1];

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(temporary);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/update-password$/);
  await expect(page.getByRole('heading', { name: 'Update Password' })).toBeVisible();
  // A forced change is shown on its own, without the menu.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  // Every other page leads back to it: a deep link, a refresh of it, Back (issue 26 item 6).
  await page.goto('/affiliate/orders');
  await expect(page).toHaveURL(/\/update-password$/);
  await page.reload();
  await expect(page).toHaveURL(/\/update-password$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/update-password$/);
  await expect(page.getByRole('heading', { name: 'Update Password' })).toBeVisible();
  await expect(page.getByText(/could not be loaded/)).toHaveCount(0);

  const submit = page.getByRole('button', { name: 'Update Password' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Current Password').fill(temporary);
  await page.getByLabel('New Password').fill('Brand-New-Pass1');
  await page.getByLabel('Confirm Password').fill('Brand-New-Pass2');
  await expect(page.getByText('New password and confirm password do not match.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('Confirm Password').fill('Brand-New-Pass1');
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(toast(page, 'Password updated successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);
  expect(await visibleMenu(page)).toEqual(['Dashboard', 'Order Management', 'Retailers', 'Payouts']);

  // The new password is the one that works now.
  const fresh = await request.post('/api/login/auth', {
    data: { userName: email, password: 'Brand-New-Pass1' },
  });
  expect(fresh.ok()).toBe(true);
  expect(((await fresh.json()) as { forcePasswordUpdate: boolean }).forcePasswordUpdate).toBe(false);
});
