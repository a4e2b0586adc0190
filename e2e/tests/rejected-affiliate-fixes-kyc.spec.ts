import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { registerAffiliate } from '../support/kyc-registration';
import { DEMO, apiToken, signInThroughScreen, signOut } from '../support/kyc-sign-in';
import { storedUserDetails, toast, visibleMenu } from '../support/portal-session';
import { freshIdentityNumber, signInForReKyc } from '../support/rejected-affiliate';

const REMARK = 'The BVN does not match the name on the bank account.';

/** The back office's row of one affiliate, found through the list's search box. */
async function findRow(page: Page, search: string): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(search);
  const table = page.getByRole('table', { name: 'Affiliate Users' });
  const row = table.getByRole('row').filter({ hasText: search });
  await expect(row).toHaveCount(1);
  return row;
}

async function openPendingAffiliate(page: Page, email: string) {
  await signInThroughScreen(page, DEMO.backoffice.email, DEMO.backoffice.password);
  await page.goto('/backoffice/users?status=pending');
  const row = await findRow(page, email);
  const code = (await row.getByRole('cell').nth(1).innerText()).trim();
  await row.getByRole('button', { name: `View ${code}` }).click();
  return page.getByRole('dialog', { name: 'Affiliate Details' });
}

test('a rejected affiliate fixes its KYC, is logged out, and is approved by the back office', async ({
  page,
  request,
}) => {
  const affiliate = await registerAffiliate(request, 'Ifeoma Nwosu');

  // The back office rejects the new application with a remark.
  let dialog = await openPendingAffiliate(page, affiliate.email);
  await dialog.getByLabel('Remark').fill(REMARK);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(toast(page, 'Rejected successfully.')).toBeVisible();
  await signOut(page);

  // The affiliate signs in with the emailed password, must replace it, and lands on re-KYC.
  const password = await signInForReKyc(page, request, affiliate.email);
  expect(await visibleMenu(page)).toEqual(['Re KYC']);
  await expect(page.getByRole('heading', { name: 'Re KYC' })).toBeVisible();
  await expect(page.getByTestId('rejection-remark')).toContainText(REMARK);

  // The 404 page's Go Home leads back here, not to a dashboard its menu does not hold.
  await page.goto('/affiliate-dashboard');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/re-kyc$/);

  // On a phone the form fits the screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByLabel('Account Number')).toBeVisible();
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]);
  await page.screenshot({ path: '../test-results/e2e/re-kyc-390.png', fullPage: true });

  // Email, mobile and identity type are read-only; the rest is filled in from the record.
  await expect(page.getByLabel('Email')).toHaveValue(affiliate.email);
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await expect(page.getByLabel('Mobile Number')).not.toBeEditable();
  await expect(page.getByLabel('Identity Type')).toHaveValue('BVN');
  await expect(page.getByLabel('Identity Type')).not.toBeEditable();
  await expect(page.getByLabel('NIN or BVN')).toHaveValue(affiliate.ninOrBVN);
  await expect(page.getByLabel('NIN or BVN')).toHaveAttribute('placeholder', 'Enter a valid 11-digit number');

  // A sequence is refused with the spec's message first.
  await page.getByLabel('NIN or BVN').fill('12345678901');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('#ninOrBVN-error')).toHaveText('provided NIN or BVN is not valid.');
  // Shown under its field, not repeated as a toast over the Submit button (issue 26 item 7).
  await expect(toast(page, 'provided NIN or BVN is not valid.')).toHaveCount(0);
  await expect(page).toHaveURL(/\/re-kyc$/);

  const newBvn = freshIdentityNumber();
  await page.getByLabel('Full Name').fill('Ifeoma Grace Nwosu');
  await page.getByLabel('NIN or BVN').fill(newBvn);
  await page.getByRole('button', { name: 'Submit' }).click();
  // On the sign-in screen, in its toasts' place: top right (spec §9).
  await expect(
    page.locator('.Toastify__toast-container--top-right').getByText('KYC updated successfully!'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedUserDetails(page)).toBeNull();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Pending review again: it cannot sign in until a decision.
  const waiting = await request.post('/api/login/auth', { data: { userName: affiliate.email, password } });
  expect(waiting.status()).toBe(403);

  // The back office finds it in the pending queue with the new details and approves it.
  dialog = await openPendingAffiliate(page, affiliate.email);
  // Issue 29: masked until Show.
  await expect(dialog.getByText(`••••••••${newBvn.slice(-3)}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Show BVN' }).click();
  await expect(dialog.getByText(newBvn)).toBeVisible();
  await expect(dialog.getByText('Ifeoma Grace Nwosu').first()).toBeVisible();
  await expect(dialog.getByText('Re-KYC submitted')).toBeVisible();
  await expect(dialog.getByText('KYC Rejected → KYC Pending')).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Approved successfully.')).toBeVisible();
  await signOut(page);

  // The admin publishes a notice for Nigeria, the affiliate's country.
  const noticeTitle = `Welcome aboard ${Date.now()}`;
  const admin = { Authorization: `Bearer ${await apiToken(request, DEMO.admin.email, DEMO.admin.password)}` };
  const published = await request.post('/api/master/notification', {
    headers: admin,
    data: {
      title: noticeTitle,
      messageText: '<p class="ql-align-center">Your <strong>first orders</strong> earn commission.</p>',
      countryID: [1],
    },
  });
  expect(published.ok()).toBe(true);

  // Approved: its password still works and it lands on its dashboard, with the notice and the cards.
  await signInThroughScreen(page, affiliate.email, password);
  await expect(page).toHaveURL(/\/affiliate-dashboard$/);
  await expect(page.getByText('Welcome, Ifeoma Grace Nwosu')).toBeVisible();
  await expect(page.getByTestId('affiliate-id')).toHaveText(/^ID: AFF\d+ \(KYC Complete\)$/);
  await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  const notice = page.getByRole('region', { name: noticeTitle });
  await expect(notice.locator('.ql-editor strong')).toHaveText('first orders');
  // quill.core.css is applied: the notice's alignment class centres its text.
  expect(await notice.locator('p.ql-align-center').evaluate((p) => getComputedStyle(p).textAlign)).toBe(
    'center',
  );
  const cards = page.getByRole('list', { name: 'Commission', exact: true }).getByRole('listitem');
  await expect(cards).toHaveText([
    /^Qualified Orders \(MTD\)₦0\.00/,
    /^Projected Commission₦0\.00/,
    /^Qualified Commission₦0\.00/,
    /^Monthly Commission₦0\.00/,
    /^Total Orders0Complete\/Closed0Pending\/Processing0$/,
  ]);
  // A new affiliate has no orders yet: words, not an empty chart.
  await expect(page.getByText(/^No orders yet\. Your commission will show here/)).toBeVisible();

  // Its own (empty) orders and retailers.
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Order Management' })
    .click();
  await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
  await expect(page.getByText('No orders yet. Orders placed by your retailers appear here.')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Retailers' }).click();
  await expect(page.getByRole('heading', { name: 'My Retailers', level: 1 })).toBeVisible();
  await expect(page.getByText('No retailers in your network yet.')).toBeVisible();
});
