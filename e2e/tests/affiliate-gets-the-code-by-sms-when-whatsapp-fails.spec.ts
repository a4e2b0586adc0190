import { expect, test } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';
import { NOT_ON_WHATSAPP_PREFIX } from '../support/message-provider-fakes';
import { choose, newApplicant, otpSentTo, verifyEmailOnScreen } from '../support/registration-screen';

// Issue 27: the portal runs with its providers pointed at local fakes of Meta's WhatsApp Cloud API and Termii
// (global-setup.ts). A number whose national part starts with 70000 is "not on WhatsApp" (131026) at the fake.

test('an affiliate whose WhatsApp code fails gets it by SMS, is told so, verifies with it; the admin sees the fallback', async ({
  browser,
  page,
  request,
}) => {
  // Two sign-ups' worth of steps and a wait for the fallback, on a loaded two-core machine.
  test.setTimeout(240_000);
  const applicant = newApplicant('Ngozi Obi');
  applicant.mobileNumber = `${NOT_ON_WHATSAPP_PREFIX}${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
  const international = `+234${applicant.mobileNumber}`;

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
  await expect(page.getByRole('status').filter({ hasText: told })).toBeVisible({ timeout: 45_000 });

  // The newest message to the number is the SMS, with the same live code: it verifies.
  const outbox = await request.get('/api/dev/outbox', { params: { to: international } });
  const messages = ((await outbox.json()) as { messages: { channel: string; status: string }[] }).messages;
  expect(messages.map((m) => m.channel)).toEqual(['sms', 'whatsapp']);
  expect(messages.map((m) => m.status)).toEqual(['sent', 'failed']);
  await page.getByLabel('Mobile OTP').fill(await otpSentTo(page, international));
  await page.getByRole('button', { name: 'Verify OTP for mobile' }).click();
  await expect(page.getByText('Mobile verified successfully!')).toBeVisible();

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
