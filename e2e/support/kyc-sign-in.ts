import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { nextDemoCode } from './demo-totp';

/** The run's gateway (set by the global setup before the workers start). */
const PORTAL_URL = (): string => {
  const url = process.env.PORTAL_URL;
  if (!url) throw new Error('PORTAL_URL is set by the global setup: run the tests through playwright test');
  return url;
};

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'Admin@12345' },
  // Issue 28: the demo second admin, who approves what the first creates (four eyes).
  admin2: { email: 'admin2@example.com', password: 'Admin2@12345' },
  backoffice: { email: 'backoffice@example.com', password: 'Backoffice@12345' },
  affiliate: { email: 'affiliate@example.com', password: 'Affiliate@12345' },
} as const;

/**
 * Sessions of two-step accounts this worker opened (the app's stored `userDetails`: the sign-in call's answer), by
 * gateway and account, reused while the gateway still accepts them, through the screen or for API calls alike.
 * The demo admin's codes are single-use, one per 30-second step (issue 29): each fresh sign-in of it may have to
 * wait for a step (support/demo-totp.ts), and a code refused to the other worker counts toward the lockout.
 */
const reusableSessions = new Map<string, string>();
const sessionKey = (origin: string, email: string) => `${origin} ${email.toLowerCase()}`;

/** The session stored for the account on that gateway, if the gateway still accepts its token. */
async function validSession(
  api: APIRequestContext,
  origin: string,
  email: string,
): Promise<string | undefined> {
  const stored = reusableSessions.get(sessionKey(origin, email));
  if (!stored) return undefined;
  const { token } = JSON.parse(stored) as { token: string };
  const check = await api.get(`${origin}/api/user/profile`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (check.ok()) return stored;
  reusableSessions.delete(sessionKey(origin, email));
  return undefined;
}

/**
 * Signs in through the login screen and waits to leave it. An account with two-step sign-in (the demo admin,
 * issue 29) is asked for its code next: typed from the README's secret, as an authenticator app would show it.
 * A session this worker already opened for that account on this gateway is put back instead while it is still
 * valid, unless `reuseSession` is false (a test of the sign-in itself).
 */
export async function signInThroughScreen(
  page: Page,
  email: string,
  password: string,
  { reuseSession = true }: { reuseSession?: boolean } = {},
): Promise<void> {
  await page.goto('/login');
  const origin = new URL(page.url()).origin;
  const stored = reuseSession ? await validSession(page.request, origin, email) : undefined;
  if (stored) {
    const { userRole } = JSON.parse(stored) as { userRole: string };
    await page.evaluate((value) => localStorage.setItem('userDetails', value), stored);
    await page.goto(userRole === 'Admin' ? '/admin-dashboard' : '/backoffice-dashboard');
    await expect(page).not.toHaveURL(/\/login$/);
    return;
  }
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const codeField = page.getByLabel('Authentication code');
  await expect
    .poll(async () => !/\/login$/.test(new URL(page.url()).pathname) || (await codeField.isVisible()))
    .toBe(true);
  if (await codeField.isVisible()) {
    await typeSecondFactorCode(page, email);
    const details = await page.evaluate(() => localStorage.getItem('userDetails'));
    if (details) reusableSessions.set(sessionKey(origin, email), details);
  }
  await expect(page).not.toHaveURL(/\/login$/);
}

/** The code step of the sign-in screen; a refused code (its step ran out meanwhile) is retried with a later one. */
export async function typeSecondFactorCode(page: Page, email: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.getByLabel('Authentication code').fill(await nextDemoCode(email, origin));
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

/**
 * The account's session as the sign-in screen stores it (`userDetails`), for a page that starts signed in
 * without passing through the screen. A two-step account's session is reused while the gateway accepts it.
 */
export async function sessionDetails(
  api: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const origin = new URL(PORTAL_URL()).origin;
  const stored = await validSession(api, origin, email);
  if (stored) return stored;
  const response = await api.post('/api/login/auth', { data: { userName: email, password } });
  expect(response.ok(), `login/auth ${email}: ${response.status()}`).toBe(true);
  const text = await response.text();
  const answer = JSON.parse(text) as { token?: string; challenge?: string };
  if (answer.token) return text;
  for (let attempt = 0; attempt < 4; attempt++) {
    const code = await api.post('/api/login/second-factor', {
      data: { challenge: answer.challenge, code: await nextDemoCode(email, origin) },
    });
    if (code.ok()) {
      const details = await code.text();
      reusableSessions.set(sessionKey(origin, email), details);
      return details;
    }
  }
  throw new Error(`login/second-factor ${email} kept refusing the codes`);
}

/** A bearer token for API calls a test makes on a user's behalf, on the run's gateway. */
export async function apiToken(api: APIRequestContext, email: string, password: string): Promise<string> {
  return (JSON.parse(await sessionDetails(api, email, password)) as { token: string }).token;
}
