import { expect, test } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';

// Spec §2: 'Message (truncated, full text in a tooltip)': by mouse, by keyboard and by a tap on a phone.
test('a truncated notice message shows its full text on hover, on keyboard focus and on a tap', async ({
  page,
}) => {
  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/notifications');
  const message = page.locator('.notification-message').first();
  await expect(message).toBeVisible();
  const full = await message.getAttribute('data-pr-tooltip');
  expect(full?.length).toBeGreaterThan(60);
  const tooltip = page.locator('.p-tooltip');

  await message.hover();
  await expect(tooltip).toHaveText(full ?? '');
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);

  await message.focus();
  await expect(tooltip).toHaveText(full ?? '');
  await message.blur();
  await expect(tooltip).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  // A tap focuses the text (it is focusable), which shows the tooltip.
  await message.click();
  await expect(tooltip).toHaveText(full ?? '');
});
