import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO, apiToken, signInThroughScreen } from '../support/kyc-sign-in';
import { layoutFindings } from '../support/layout-findings';

/**
 * The class check of issue 26: every route of every role, with data, at the widths people use, with the
 * sidebar open and (on a desktop) closed. One page load per route and width; everything is measured inside
 * the page (support/layout-findings.ts). A failure lists route, width and element.
 */
const WIDTHS = [1440, 1366, 1024, 768, 390] as const;

const ROLES = [
  {
    who: 'admin',
    account: DEMO.admin,
    paths: [
      '/admin-dashboard',
      '/admin/affiliates',
      '/admin/reports',
      '/admin/orders',
      '/admin/users',
      '/admin/user-add',
      '/notifications',
      '/admin/commission-upload',
      '/profile',
    ],
  },
  {
    who: 'back office',
    account: DEMO.backoffice,
    paths: ['/backoffice-dashboard', '/backoffice/users', '/backoffice/reports', '/profile'],
  },
  {
    who: 'affiliate',
    account: DEMO.affiliate,
    paths: ['/affiliate-dashboard', '/affiliate/orders', '/affiliate/retailers', '/profile'],
  },
] as const;

async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

test.beforeAll(async ({ request }) => {
  // An ordinary long e-mail address with a hyphen, as a real staff list has them.
  const token = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
  const suffix = Math.floor(Math.random() * 36 ** 4).toString(36);
  const response = await request.post('/api/admin/user', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      fullName: 'Oluwaseun Adeyemi-Okonkwo',
      email: `seun.adeyemi-${suffix}@retailers.example.com`,
      phoneCode: '+234',
      mobileNumber: '8035550199',
      roleID: 1,
    },
  });
  expect(response.ok(), `create user: ${response.status()} ${await response.text()}`).toBe(true);
});

for (const { who, account, paths } of ROLES) {
  test(`the ${who}'s screens fit 1440, 1366, 1024, 768 and 390 px, with the sidebar open and closed`, async ({
    page,
  }) => {
    test.setTimeout(8 * 60_000);
    await signInThroughScreen(page, account.email, account.password);
    const findings: Record<string, string[]> = {};
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      for (const path of paths) {
        await page.goto(path);
        await settled(page);
        const open = await layoutFindings(page);
        if (open.length) findings[`${path} at ${width} px`] = open;
        const hide = page.getByRole('button', { name: 'Hide menu' });
        if (width >= 768 && (await hide.count()) > 0) {
          await hide.click();
          const closed = await layoutFindings(page);
          if (closed.length) findings[`${path} at ${width} px, sidebar closed`] = closed;
        }
      }
    }
    for (const [where, what] of Object.entries(findings)) console.log(`${where}:\n  ${what.join('\n  ')}`);
    expect(findings).toEqual({});
  });
}
