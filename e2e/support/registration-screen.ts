import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { latestOutboxBody } from './kyc-registration';

/** Helpers for driving the registration screen (mfe-auth `register`) the way an applicant does. */

export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

export interface Applicant {
  fullName: string;
  email: string;
  /** Nigerian national number: 10 digits (the seeded country length). */
  mobileNumber: string;
}

export function newApplicant(fullName = 'Chiamaka Eze'): Applicant {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { fullName, email: `register-${unique()}@example.com`, mobileNumber: `80${digits}` };
}

/** The 6-digit code of the newest OTP message to an email or a +234... number (dev outbox). */
export async function otpSentTo(page: Page, to: string): Promise<string> {
  const body = await latestOutboxBody(page.request, to, /\b\d{6}\b/);
  return (body.match(/\b(\d{6})\b/) as RegExpMatchArray)[1];
}

/** Remembers the id of the newest captcha challenge the page fetched, so the dev route can answer it. */
export function trackCaptcha(page: Page): () => string {
  let latest = '';
  page.on('response', async (response) => {
    if (response.request().method() !== 'POST' || !response.url().endsWith('/api/captcha') || !response.ok())
      return;
    const body = (await response.json().catch(() => ({}))) as { captchaId?: string };
    if (body.captchaId) latest = body.captchaId;
  });
  return () => latest;
}

export async function captchaAnswer(page: Page, captchaId: string): Promise<string> {
  const response = await page.request.get(`/api/dev/captcha/${captchaId}`);
  expect(response.ok(), `dev/captcha ${response.status()}`).toBe(true);
  return ((await response.json()) as { answer: string }).answer;
}

/**
 * Picks the option with that label: in step one's native select (`#countryID`, labels such as 'Nigeria (+234)'),
 * or in a PrimeReact Dropdown, opened by its container (step two's `#bank`).
 */
export async function choose(page: Page, dropdownId: string, option: string): Promise<void> {
  const select = page.locator(`select#${dropdownId}ID`);
  if ((await select.count()) > 0) {
    const value = await select
      .locator('option')
      .evaluateAll(
        (options, name) =>
          options
            .find((o) => o.textContent === name || o.textContent?.startsWith(`${name} (`))
            ?.getAttribute('value'),
        option,
      );
    if (!value) throw new Error(`No option ${option} in select#${dropdownId}ID`);
    await select.selectOption(value);
    return;
  }
  await page.locator(`#${dropdownId}`).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

export async function verifyEmailOnScreen(page: Page, applicant: Applicant): Promise<void> {
  await page.getByLabel('Full Name').fill(applicant.fullName);
  await page.getByLabel('Email', { exact: true }).fill(applicant.email);
  await page.getByRole('button', { name: 'Send OTP to email' }).click();
  await expect(page.getByLabel('Email OTP')).toBeVisible();
  await page.getByLabel('Email OTP').fill(await otpSentTo(page, applicant.email));
  await page.getByRole('button', { name: 'Verify OTP for email' }).click();
  await expect(page.getByText('Email verified successfully!')).toBeVisible();
}

export async function verifyMobileOnScreen(page: Page, applicant: Applicant): Promise<void> {
  await choose(page, 'country', 'Nigeria');
  await page.getByLabel('Mobile Number').fill(applicant.mobileNumber);
  await page.getByRole('button', { name: 'Send OTP to mobile' }).click();
  await expect(page.getByLabel('Mobile OTP')).toBeVisible();
  await page.getByLabel('Mobile OTP').fill(await otpSentTo(page, `+234${applicant.mobileNumber}`));
  await page.getByRole('button', { name: 'Verify OTP for mobile' }).click();
  await expect(page.getByText('Mobile verified successfully!')).toBeVisible();
}

/** Texts of the validation messages on the form, top to bottom. */
export async function formMessages(page: Page): Promise<string[]> {
  return page.locator('form [role="alert"]').allTextContents();
}
