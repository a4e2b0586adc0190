import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** The sidebar as a user reads it: top-level entries, then the children of each group (groups opened first). */
export async function visibleMenu(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav).toBeVisible();
  const groups = nav.locator(':scope > ul > li > button[aria-expanded="false"]');
  while ((await groups.count()) > 0) await groups.first().click();
  return nav.locator(':scope > ul > li').evaluateAll((items) =>
    items.flatMap((item) => {
      const head = item.querySelector(':scope > a, :scope > button')?.textContent?.trim() ?? '';
      const children = Array.from(item.querySelectorAll(':scope > ul > li')).map(
        (c) => `  ${c.textContent?.trim()}`,
      );
      return [head, ...children];
    }),
  );
}

/** The stored login response (spec §3: localStorage `userDetails`). */
export async function storedUserDetails(page: Page): Promise<{ token: string; expiresAt: string } | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('userDetails');
    return raw ? (JSON.parse(raw) as { token: string; expiresAt: string }) : null;
  });
}

export function toast(page: Page, text: string): Locator {
  return page.locator('.Toastify__toast').filter({ hasText: text });
}

/** Opens the user menu in the top bar and picks an item. */
export async function chooseFromUserMenu(page: Page, item: 'Profile' | 'Logout'): Promise<void> {
  await page.getByRole('button', { name: /^User menu for / }).click();
  await page.getByRole('menuitem', { name: item }).click();
}
