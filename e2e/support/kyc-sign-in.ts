import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'Admin@12345' },
  backoffice: { email: 'backoffice@example.com', password: 'Backoffice@12345' },
  affiliate: { email: 'affiliate@example.com', password: 'Affiliate@12345' },
} as const;

/** Signs in through the login screen and waits to leave it. */
export async function signInThroughScreen(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** Signs out by clearing the stored session, so the next sign-in in the same page starts clean. */
export async function signOut(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
}

/** A bearer token for API calls a test makes on a user's behalf. */
export async function apiToken(api: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await api.post('/api/login/auth', { data: { userName: email, password } });
  expect(response.ok(), `login/auth ${email}: ${response.status()}`).toBe(true);
  return ((await response.json()) as { token: string }).token;
}
