import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { nextDemoCode } from './demo-totp';

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'Admin@12345' },
  // Issue 28: the demo second admin, who approves what the first creates (four eyes).
  admin2: { email: 'admin2@example.com', password: 'Admin2@12345' },
  backoffice: { email: 'backoffice@example.com', password: 'Backoffice@12345' },
  affiliate: { email: 'affiliate@example.com', password: 'Affiliate@12345' },
} as const;

/**
 * Sessions of two-step accounts this worker opened through the screen (the app's stored `userDetails`), reused
 * while the gateway still accepts them. The demo admin's codes are single-use, one per 30-second step (issue 29):
 * without this, each of the suite's admin sign-ins would wait for a fresh step, and codes refused to the other
 * worker count toward the lockout.
 */
const reusableSessions = new Map<string, string>();
const reusableTokens = new Map<string, string>();

/**
 * Signs in through the login screen and waits to leave it. An account with two-step sign-in (the demo admin,
 * issue 29) is asked for its code next: typed from the README's secret, as an authenticator app would show it.
 * A session this worker already opened for that account is put back instead while it is still valid, unless
 * `reuseSession` is false (a test of the sign-in itself).
 */
export async function signInThroughScreen(
  page: Page,
  email: string,
  password: string,
  { reuseSession = true }: { reuseSession?: boolean } = {},
): Promise<void> {
  if (reuseSession && (await restoreSession(page, email))) return;
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const codeField = page.getByLabel('Authentication code');
  await expect
    .poll(async () => !/\/login$/.test(new URL(page.url()).pathname) || (await codeField.isVisible()))
    .toBe(true);
  if (await codeField.isVisible()) {
    await typeSecondFactorCode(page, email);
    const stored = await page.evaluate(() => localStorage.getItem('userDetails'));
    if (stored) reusableSessions.set(email, stored);
  }
  await expect(page).not.toHaveURL(/\/login$/);
}

/** Puts back this worker's session of `email` if the gateway still accepts it, and opens its dashboard. */
async function restoreSession(page: Page, email: string): Promise<boolean> {
  const stored = reusableSessions.get(email);
  if (!stored) return false;
  const { token, userRole } = JSON.parse(stored) as { token: string; userRole: string };
  const check = await page.request.get('/api/user/profile', {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!check.ok()) {
    reusableSessions.delete(email);
    return false;
  }
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('userDetails', value), stored);
  await page.goto(userRole === 'Admin' ? '/admin-dashboard' : '/backoffice-dashboard');
  await expect(page).not.toHaveURL(/\/login$/);
  return true;
}

/** The code step of the sign-in screen; a refused code (its step ran out meanwhile) is retried with a later one. */
export async function typeSecondFactorCode(page: Page, email: string): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.getByLabel('Authentication code').fill(await nextDemoCode(email));
    const answer = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/login/second-factor') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Verify' }).click();
    if ((await answer).ok()) {
      await page.waitForURL((url) => !/\/login$/.test(url.pathname));
      return;
    }
  }
  throw new Error(`the code step of ${email} kept refusing the codes`);
}

/** Signs out by clearing the stored session, so the next sign-in in the same page starts clean. */
export async function signOut(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
}

/** A bearer token for API calls a test makes on a user's behalf. */
export async function apiToken(api: APIRequestContext, email: string, password: string): Promise<string> {
  // A two-step account's token from an earlier call is reused while it is valid (single-use codes, above).
  const reusable = reusableTokens.get(email);
  if (
    reusable &&
    (await api.get('/api/user/profile', { headers: { authorization: `Bearer ${reusable}` } })).ok()
  ) {
    return reusable;
  }
  const response = await api.post('/api/login/auth', { data: { userName: email, password } });
  expect(response.ok(), `login/auth ${email}: ${response.status()}`).toBe(true);
  const answer = (await response.json()) as { token?: string; challenge?: string };
  if (answer.token) return answer.token;
  // Two-step sign-in (issue 29): the code step gives the token.
  for (let attempt = 0; attempt < 4; attempt++) {
    const code = await api.post('/api/login/second-factor', {
      data: { challenge: answer.challenge, code: await nextDemoCode(email) },
    });
    if (code.ok()) {
      const { token } = (await code.json()) as { token: string };
      reusableTokens.set(email, token);
      return token;
    }
  }
  throw new Error(`login/second-factor ${email} kept refusing the codes`);
}
