import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { registerAffiliate, temporaryPasswordFor } from './kyc-registration';
import type { RegisteredAffiliate } from './kyc-registration';
import { DEMO, apiToken, signInThroughScreen } from './kyc-sign-in';

/** An 11-digit BVN that passes the spec §5 rules (no run of 6 equal or consecutive digits). */
export function freshIdentityNumber(): string {
  for (;;) {
    const digits = `2${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
    let ok = true;
    for (let i = 0; i + 6 <= digits.length && ok; i += 1) {
      const run = digits
        .slice(i, i + 6)
        .split('')
        .map(Number);
      const steps = run.slice(1).map((d, k) => d - run[k]);
      if (steps.every((s) => s === 0) || steps.every((s) => s === 1) || steps.every((s) => s === -1))
        ok = false;
    }
    if (ok) return digits;
  }
}

/** A new affiliate, rejected by the back office through the API (the journey spec rejects through the screen). */
export async function rejectedThroughApi(api: APIRequestContext, name: string): Promise<RegisteredAffiliate> {
  const affiliate = await registerAffiliate(api, name);
  const token = await apiToken(api, DEMO.backoffice.email, DEMO.backoffice.password);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await api.get('/api/backoffice/affiliate', {
    headers,
    params: { search: affiliate.email, page: 1 },
  });
  const { results } = (await list.json()) as { results: { affiliateID: number; email: string }[] };
  const { affiliateID } = results.find((row) => row.email === affiliate.email)!;
  const decision = await api.post('/api/backoffice/affiliate/kyc', {
    headers,
    data: { affiliateID, isActive: false, remark: 'The BVN does not match the name on the account.' },
  });
  expect(decision.ok(), await decision.text()).toBe(true);
  return affiliate;
}

/** Signs in with the emailed temporary password, replaces it, and lands on re-KYC; answers the new password. */
export async function signInForReKyc(page: Page, api: APIRequestContext, email: string): Promise<string> {
  const temporaryPassword = await temporaryPasswordFor(api, email);
  await signInThroughScreen(page, email, temporaryPassword);
  await expect(page).toHaveURL(/\/update-password$/);
  const newPassword = `ReKyc!${Date.now()}`;
  await page.getByLabel('Current Password').fill(temporaryPassword);
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page).toHaveURL(/\/re-kyc$/);
  return newPassword;
}
