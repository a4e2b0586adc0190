import { expect, test } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';
import {
  captchaAnswer,
  choose,
  newApplicant,
  trackCaptcha,
  verifyEmailOnScreen,
  verifyMobileOnScreen,
} from '../support/registration-screen';

// Issue 27: the portal runs with BANK_VERIFICATION_PROVIDER=paystack against the local fake the global setup
// starts (PAYSTACK_FAKE_URL); this journey teaches the fake one account first.

// A whole registration, then a back-office sign-in and search: longer than one journey on a loaded machine.
test.setTimeout(240_000);

test('the registering affiliate sees the account name the bank holds; the reviewer sees the name and the score', async ({
  page,
  browser,
  request,
}) => {
  const applicant = newApplicant('Adaeze Okafor');
  const accountNumber = `3${applicant.mobileNumber.slice(1)}`;
  const taught = await request.post(`${process.env.PAYSTACK_FAKE_URL}/__fake/accounts`, {
    data: { bankCode: '044', accountNumber, accountName: 'ADAEZE N. OKAFOR' },
  });
  expect(taught.ok()).toBe(true);

  const latestCaptcha = trackCaptcha(page);
  await page.goto('/register');
  await verifyEmailOnScreen(page, applicant);
  await verifyMobileOnScreen(page, applicant);
  await page.getByLabel('BVN Number').fill('22419630571');
  await choose(page, 'bank', 'Access Bank');
  await page.getByLabel('Account Number').fill(accountNumber);
  await expect(page.getByText('Account name: ADAEZE N. OKAFOR')).toBeVisible();

  await page.getByRole('button', { name: 'Take Selfie' }).click();
  await page.getByRole('button', { name: 'Capture' }).click();
  await expect(page.getByText(/^You Uploaded: /)).toBeVisible();
  await expect.poll(latestCaptcha).not.toBe('');
  await page.getByLabel('Captcha', { exact: true }).fill(await captchaAnswer(page, latestCaptcha()));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('CAPTCHA verified.')).toBeVisible();
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Register Now' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The reviewer, in a browser of their own.
  const reviewer = await (await browser.newContext()).newPage();
  await signInThroughScreen(reviewer, DEMO.backoffice.email, DEMO.backoffice.password);
  await reviewer.goto('/backoffice/users?status=pending');
  await reviewer.getByRole('searchbox', { name: 'Search' }).fill(applicant.email);
  const table = reviewer.getByRole('table', { name: 'Affiliate Users' });
  const row = table.getByRole('row').filter({ hasText: applicant.email });
  await expect(row).toHaveCount(1);
  const code = (await row.getByRole('cell').nth(1).innerText()).trim();
  await row.getByRole('button', { name: `View ${code}` }).click();
  const dialog = reviewer.getByRole('dialog', { name: 'Affiliate Details' });
  const bank = dialog.getByRole('region', { name: /Bank account name/ });
  await expect(bank.getByText('Account name: ADAEZE N. OKAFOR')).toBeVisible();
  await expect(bank.getByText(/^Name match: 88% \(resolved \d{4}-\d{2}-\d{2}\)$/)).toBeVisible();
  await expect(bank.getByText(/Below the 75% match threshold/)).toHaveCount(0);
});
