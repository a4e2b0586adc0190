import { expect, test } from '@playwright/test';
import {
  captchaAnswer,
  choose,
  formMessages,
  newApplicant,
  otpSentTo,
  trackCaptcha,
  verifyEmailOnScreen,
  verifyMobileOnScreen,
} from '../support/registration-screen';

// The selfie comes from Chromium's fake camera (playwright.config.ts launches it with
// --use-fake-ui-for-media-stream --use-fake-device-for-media-stream).

test('a new affiliate registers end to end and lands on login', async ({ page }) => {
  const applicant = newApplicant();
  const latestCaptcha = trackCaptcha(page);
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Affiliate Registration' })).toBeVisible();
  await expect(page.getByText('Join the affiliate network and start earning commissions')).toBeVisible();

  // Step one: email, with its countdown, then mobile.
  await page.getByLabel('Full Name').fill(applicant.fullName);
  await page.getByLabel('Email', { exact: true }).fill(applicant.email);
  await expect(page.getByLabel('Mobile Number')).toBeDisabled();
  await page.getByRole('button', { name: 'Send OTP to email' }).click();
  await expect(page.getByText(/^Resend in (30|29|28|27)s$/)).toBeVisible();
  await expect(page.getByLabel('Email OTP')).toBeFocused();
  await page.getByLabel('Email OTP').fill(await otpSentTo(page, applicant.email));
  await page.getByRole('button', { name: 'Verify OTP for email' }).click();
  await expect(page.getByText('Email verified successfully!')).toBeVisible();
  await expect(page.getByLabel('Mobile Number')).toBeEnabled();
  await expect(page.getByLabel('BVN Number')).toBeDisabled();
  await verifyMobileOnScreen(page, applicant);

  // Step two opens.
  await expect(page.getByRole('button', { name: 'Register Now' })).toBeEnabled();
  await expect(page.getByLabel('BVN', { exact: true })).toBeChecked();
  await page.getByLabel('BVN Number').fill('22419630571');
  await choose(page, 'bank', 'Access Bank');
  await page.getByLabel('Account Number').fill('0123456789');

  await page.getByRole('button', { name: 'Take Selfie' }).click();
  await expect(page.getByLabel('Camera preview')).toBeVisible();
  await page.getByRole('button', { name: 'Capture' }).click();
  await expect(page.getByText(/^You Uploaded: selfie-\d{8}-\d{6}\.png$/)).toBeVisible();
  await expect(page.getByAltText('Your selfie')).toBeVisible();

  const image = page.getByAltText(/^CAPTCHA/);
  await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
  expect(await image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    150, 50,
  ]);
  await expect.poll(latestCaptcha).not.toBe('');
  await page.getByLabel('Captcha', { exact: true }).fill(await captchaAnswer(page, latestCaptcha()));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('CAPTCHA verified.')).toBeVisible();

  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Register Now' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(/^Registration successful\./)).toBeVisible();
});

test('validation messages come in the spec order, and step two waits for both verifications', async ({
  page,
}) => {
  const applicant = newApplicant('Tunde Bakare');
  const latestCaptcha = trackCaptcha(page);
  await page.goto('/register');

  await page.getByRole('button', { name: 'Send OTP to email' }).click();
  expect(await formMessages(page)).toEqual(['Please provide full name.', 'Please provide email.']);
  await page.getByLabel('Full Name').fill(applicant.fullName);
  await page.getByLabel('Email', { exact: true }).fill('tunde@');
  await page.getByRole('button', { name: 'Send OTP to email' }).click();
  expect(await formMessages(page)).toEqual(['Email is not valid.']);

  const stepTwo = page.getByRole('group', { name: /Identity, bank and selfie/ });
  await expect(stepTwo).toHaveAttribute('disabled');
  await expect(page.getByRole('button', { name: 'Register Now' })).toBeDisabled();
  await verifyEmailOnScreen(page, applicant);
  await expect(stepTwo).toHaveAttribute('disabled');
  await expect(page.getByRole('button', { name: 'Take Selfie' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Register Now' })).toBeDisabled();

  await page.getByRole('button', { name: 'Send OTP to mobile' }).click();
  expect(await formMessages(page)).toEqual(['Please select country.', 'Please provide mobile.']);
  await choose(page, 'country', 'Nigeria');
  await page.getByLabel('Mobile Number').fill('80312');
  await page.getByRole('button', { name: 'Send OTP to mobile' }).click();
  expect(await formMessages(page)).toEqual(['Mobile number must be 10 digit.']);
  await verifyMobileOnScreen(page, applicant);
  await expect(stepTwo).not.toHaveAttribute('disabled');

  await page.getByRole('button', { name: 'Register Now' }).click();
  await expect(page.getByText('Please accept terms and conditions.')).toBeVisible();
  expect(await formMessages(page)).toEqual([
    'Please provide NIN or BVN.',
    'Please provide Bank Name.',
    'Please provide Account Number.',
    'Please provide Selfie.',
    'Invalid CAPTCHA!',
    'Please accept terms and conditions.',
  ]);

  const badNumbers: [type: 'BVN' | 'NIN', value: string, message: string][] = [
    ['BVN', '2241963057', 'Enter 11 digits for your BVN.'],
    ['NIN', '55555555555', 'NIN cannot have all digits the same (e.g. 11111111111).'],
    ['BVN', '20000009147', 'BVN cannot contain too many repeated digits in a row.'],
    ['NIN', '31234567092', 'NIN cannot contain consecutive number patterns (e.g. 123456 or 987654).'],
    ['BVN', '48765432091', 'BVN cannot contain consecutive number patterns (e.g. 123456 or 987654).'],
  ];
  for (const [type, value, message] of badNumbers) {
    await page.getByLabel(type, { exact: true }).check();
    await page.getByLabel(`${type} Number`).fill(value);
    await page.getByRole('button', { name: 'Register Now' }).click();
    await expect(page.locator('#ninOrBVN-error')).toHaveText(message);
    expect((await formMessages(page))[0]).toBe(message);
  }

  // A wrong captcha answer draws a new challenge and clears the input.
  await expect.poll(latestCaptcha).not.toBe('');
  const first = latestCaptcha();
  await page.getByLabel('Captcha', { exact: true }).fill('WRONG1');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.locator('.Toastify').getByText('Invalid CAPTCHA!')).toBeVisible();
  await expect.poll(latestCaptcha).not.toBe(first);
  await expect(page.getByLabel('Captcha', { exact: true })).toHaveValue('');
  await expect(page).toHaveURL(/\/register$/);
});
