import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { registerAffiliate } from '../support/kyc-registration';
import { DEMO, apiToken, signInThroughScreen } from '../support/kyc-sign-in';

async function affiliateIdOf(request: APIRequestContext, email: string): Promise<number> {
  const token = await apiToken(request, DEMO.backoffice.email, DEMO.backoffice.password);
  const list = await request.get('/api/backoffice/affiliate', {
    headers: { authorization: `Bearer ${token}` },
    params: { search: email, page: 1 },
  });
  const { results } = (await list.json()) as { results: { affiliateID: number; email: string }[] };
  return results.find((row) => row.email === email)!.affiliateID;
}

/**
 * Issue 50, part 1: the claimed case shows the identity check against the authority. The journeys' gateway runs
 * the development default, the log provider, so the answer is its marked demo answer, within seconds of the
 * registration (the background worker runs every 5 s).
 */
test('a reviewer sees the authority check on the claimed case, masked, at 390 px and by keyboard', async ({
  page,
  request,
}) => {
  const affiliate = await registerAffiliate(request, 'Chiamaka Eze');
  const affiliateID = await affiliateIdOf(request, affiliate.email);

  await signInThroughScreen(page, DEMO.backoffice.email, DEMO.backoffice.password);
  await page.goto(`/backoffice/kyc?case=${affiliateID}`);
  const panel = page.getByRole('region', { name: 'Identity Check' });
  await expect(panel).toBeVisible();
  // Not checked yet or already answered; Refresh until the worker's answer is in.
  await expect(async () => {
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await expect(panel.getByText('Authority check passed')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(
    panel.getByText('Demo answer from the log provider: nothing was sent to the authority.'),
  ).toBeVisible();
  // The demo answer is the registered names: first and last name each match.
  await expect(panel.getByRole('definition').filter({ hasText: 'Chiamaka' })).toContainText('Matches');
  await expect(panel.getByRole('definition').filter({ hasText: /^Eze/ })).toContainText('Matches');
  await expect(panel).toContainText(/Selfie matches the authority’s photo/);
  // Masked: the number's last three digits only.
  await expect(panel).toContainText(affiliate.ninOrBVN.slice(-3));
  await expect(page.locator('body')).not.toContainText(affiliate.ninOrBVN);

  // No WCAG A/AA findings on the case with its answer.
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

  // 390 px: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel.getByText('Authority check passed')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Keyboard: Refresh is reached with Tab and works with Enter.
  const refresh = panel.getByRole('button', { name: 'Refresh' });
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  for (
    let presses = 0;
    presses < 40 && !(await refresh.evaluate((el) => el === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(refresh).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel.getByText('Authority check passed')).toBeVisible();
});
