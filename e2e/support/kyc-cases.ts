import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO, apiToken } from './kyc-sign-in';

/** The new application's id, as the back office's list finds it by e-mail. */
export async function affiliateIdOf(request: APIRequestContext, email: string): Promise<number> {
  const token = await apiToken(request, DEMO.backoffice.email, DEMO.backoffice.password);
  const list = await request.get('/api/backoffice/affiliate', {
    headers: { authorization: `Bearer ${token}` },
    params: { search: email, page: 1 },
  });
  const { results } = (await list.json()) as { results: { affiliateID: number; email: string }[] };
  return results.find((row) => row.email === email)!.affiliateID;
}

/**
 * Presses Tab until `target` has the focus (at most `limit` times): the control is reachable by keyboard, in
 * the page's own order, with no mouse.
 */
export async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached by Tab within ${limit} presses`).toBeFocused();
}

/**
 * The bank's name for the affiliate's account, far from the registered one, entered by the back office and
 * confirmed by an admin (issue 48's name enquiry): its name match is then below the threshold (issue 50 risk).
 */
export async function giveLowNameMatch(request: APIRequestContext, affiliateID: number): Promise<void> {
  const backoffice = {
    Authorization: `Bearer ${await apiToken(request, DEMO.backoffice.email, DEMO.backoffice.password)}`,
  };
  const entered = await request.post(`/api/backoffice/affiliate/${affiliateID}/bank-verification`, {
    headers: backoffice,
    data: { accountName: 'ZUBAIRU HALIMA TRADING VENTURES' },
  });
  expect(entered.ok(), await entered.text()).toBe(true);
  const { state } = (await entered.json()) as { state: { waiting: { verificationID: number } | null } };
  expect(state.waiting, 'the name enquiry waits for a second person').not.toBeNull();
  const admin = { Authorization: `Bearer ${await apiToken(request, DEMO.admin.email, DEMO.admin.password)}` };
  const confirmed = await request.post(
    `/api/backoffice/affiliate/${affiliateID}/bank-verification/${state.waiting!.verificationID}/confirm`,
    { headers: admin, data: { confirm: true } },
  );
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}
