import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';

// Spec §2: 'Message (truncated, full text in a tooltip)': by mouse, by keyboard and by a tap on a phone.

/** The first truncated message on the list, and its full text (what the tooltip must show). */
async function firstLongNotice(page: Page) {
  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/notifications');
  const message = page.locator('.notification-message').first();
  await expect(message).toBeVisible();
  const full = (await message.getAttribute('data-pr-tooltip')) ?? '';
  expect(full.length).toBeGreaterThan(60);
  return { message, full, tooltip: page.locator('.p-tooltip') };
}

test('a truncated notice message shows its full text on hover and on keyboard focus', async ({ page }) => {
  const { message, full, tooltip } = await firstLongNotice(page);

  await message.hover();
  await expect(tooltip).toHaveText(full);
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);

  await message.focus();
  await expect(tooltip).toHaveText(full);
  await message.blur();
  await expect(tooltip).toHaveCount(0);
});

test.describe('on a touch screen', () => {
  // A phone: touch events, and no mouse hovering before the tap.
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('a tap on a truncated notice message shows its full text, and a tap elsewhere hides it', async ({
    page,
  }) => {
    const { message, full, tooltip } = await firstLongNotice(page);
    await message.tap();
    await expect(tooltip).toHaveText(full);
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).tap();
    await expect(tooltip).toHaveCount(0);
  });
});
