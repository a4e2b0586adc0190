import { expect, test } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';
import { NOT_ON_WHATSAPP_PREFIX } from '../support/message-provider-fakes';
import {
  captchaAnswer,
  choose,
  newApplicant,
  otpSentTo,
  trackCaptcha,
  verifyEmailOnScreen,
} from '../support/registration-screen';

// Issue 27: the portal runs with its providers pointed at local fakes of Meta's WhatsApp Cloud API, Termii and
// Paystack (global-setup.ts). A number whose national part starts with 70000 is "not on WhatsApp" (131026) at the
// WhatsApp fake; the Paystack fake is taught the applicant's account first.

test('an affiliate whose WhatsApp code fails gets it by SMS, sees the account name the bank holds and registers; the reviewer sees the name and the score, the admin the fallback', async ({
  browser,
  page,
  request,
}) => {
  // Two sign-ups' worth of steps and a wait for the fallback, on a loaded two-core machine.
  test.setTimeout(240_000);
  const applicant = newApplicant('Ngozi Obi');
  applicant.mobileNumber = `${NOT_ON_WHATSAPP_PREFIX}${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  const international = `+234${applicant.mobileNumber}`;
  const accountNumber = `3${applicant.mobileNumber.slice(1)}`;
  const taught = await request.post(`${process.env.PAYSTACK_FAKE_URL}/__fake/accounts`, {
    data: { bankCode: '044', accountNumber, accountName: 'NGOZI A. OBI' },
  });
  expect(taught.ok()).toBe(true);

  const latestCaptcha = trackCaptcha(page);
  await page.goto('/register');
  await page.getByLabel('Full Name').fill(applicant.fullName);
  await page.getByLabel('Email', { exact: true }).fill(applicant.email);
  await verifyEmailOnScreen(page, applicant);

  await choose(page, 'country', 'Nigeria');
  await page.getByLabel('Mobile Number').fill(applicant.mobileNumber);
  await page.getByRole('button', { name: 'Send OTP to mobile' }).click();
  await expect(page.getByLabel('Mobile OTP')).toBeVisible();

  // The OTP step learns where the code went (it asks every few seconds): by SMS, the number's middle hidden.
  const told = `We sent the code by SMS to +234*******${applicant.mobileNumber.slice(-3)}.`;
  const notice = page.getByRole('status').filter({ hasText: told });
  await expect(notice).toBeVisible({ timeout: 45_000 });
  // The change of channel is plain (issue 51): a notice at least the size of the form's text, on its own colour.
  const look = await notice.evaluate((element) => {
    const style = getComputedStyle(element);
    const note = document.getElementById('mobile-note');
    return {
      size: parseFloat(style.fontSize),
      noteSize: note ? parseFloat(getComputedStyle(note).fontSize) : 0,
      background: style.backgroundColor,
    };
  });
  // Larger than the small print of the note above it, which said WhatsApp.
  expect(look.size).toBeGreaterThan(look.noteSize);
  expect(look.background).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);

  // The newest message to the number is the SMS, with the same live code: it verifies.
  const outbox = await request.get('/api/dev/outbox', { params: { to: international } });
  const messages = ((await outbox.json()) as { messages: { channel: string; status: string }[] }).messages;
  expect(messages.map((m) => m.channel)).toEqual(['sms', 'whatsapp']);
  expect(messages.map((m) => m.status)).toEqual(['sent', 'failed']);
  await page.getByLabel('Mobile OTP').fill(await otpSentTo(page, international));
  await page.getByRole('button', { name: 'Verify OTP for mobile' }).click();
  await expect(page.getByText('Mobile verified successfully!')).toBeVisible();

  // Step two: the account name the bank holds, resolved at Paystack as soon as bank and number are in.
  await page.getByLabel('BVN Number').fill('22419630571');
  await choose(page, 'bank', 'Access Bank');
  await page.getByLabel('Account Number').fill(accountNumber);
  await expect(page.getByText('Account name: NGOZI A. OBI')).toBeVisible();
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

  // The reviewer sees the resolved name and how well it matches the applicant's full name.
  const reviewer = await (await browser.newContext()).newPage();
  await signInThroughScreen(reviewer, DEMO.backoffice.email, DEMO.backoffice.password);
  await reviewer.goto('/backoffice/users?status=pending');
  await reviewer.getByRole('searchbox', { name: 'Search' }).fill(applicant.email);
  const affiliates = reviewer.getByRole('table', { name: 'Affiliate Users' });
  const row = affiliates.getByRole('row').filter({ hasText: applicant.email });
  await expect(row).toHaveCount(1);
  const code = (await row.getByRole('cell').nth(1).innerText()).trim();
  await row.getByRole('button', { name: `View ${code}` }).click();
  const bank = reviewer
    .getByRole('dialog', { name: 'Affiliate Details' })
    .getByRole('region', { name: /Bank account name/ });
  await expect(bank.getByText('Account name: NGOZI A. OBI')).toBeVisible();
  await expect(bank.getByText(/^Name match: \d+% \(resolved \d{4}-\d{2}-\d{2}\)$/)).toBeVisible();
  await expect(bank.getByText(/Below the 75% match threshold/)).toHaveCount(0);

  // An admin answering 'I never got my code' sees both messages and where each went; never a code.
  const adminPage = await (await browser.newContext()).newPage();
  await signInThroughScreen(adminPage, DEMO.admin.email, DEMO.admin.password);
  await adminPage.goto(`/admin/outbox?search=${encodeURIComponent(applicant.mobileNumber)}`);
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Message Outbox' })).toBeVisible({
    timeout: 30_000,
  });
  const table = adminPage.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('SMS (fallback)');
  await expect(table.getByRole('row').nth(1)).toContainText('termii');
  await expect(table.getByRole('row').nth(2)).toContainText('131026');
  await expect(table).not.toContainText(/\b\d{6}\b.*expires/);
});
