import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO, apiToken, signInThroughScreen } from '../support/kyc-sign-in';
import { layoutFindings } from '../support/layout-findings';

/**
 * The class check of issue 26: every route of every role, with data, at the widths people use, with the
 * sidebar open and (on a desktop) closed; everything is measured inside the page (support/layout-findings.ts).
 * A failure lists route, width and element. Two page loads per route: one at 390 px, the phone layout as a
 * phone opens it, and one at 1440 px, after which the same page is narrowed to each desktop width (the
 * layout's media query and the CSS follow a resize; nothing in the portal reads the window's size once at
 * mount). Five loads per route took most of the suite's time.
 */
const DESKTOP_WIDTHS = [1440, 1366, 1024, 768] as const;
const PHONE_WIDTH = 390;

const ROLES = [
  // Signed out: the pages a visitor and a new affiliate open first.
  { who: 'visitor', account: null, paths: ['/login', '/register'] },
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
      '/admin/outbox',
      '/admin/payouts',
      // The demo data's first past payout run (the seed pays three through the runs' own steps).
      '/admin/payouts?run=1',
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
    paths: [
      '/affiliate-dashboard',
      '/affiliate/orders',
      '/affiliate/retailers',
      '/affiliate/payouts',
      '/profile',
    ],
  },
] as const;

/** Beyond the heading, what a screen shows once its data is in: the rows are measured, not a spinner. */
const READY: Partial<Record<string, (page: Page) => Promise<void>>> = {
  // Step two and the form's buttons are a chunk loaded after step one.
  '/register': (page) =>
    expect(page.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toBeVisible(),
  // The return-window section (issue 28) loads after the page's heading, one row per product category.
  '/admin/commission-upload': (page) =>
    expect(
      page.getByRole('table', { name: 'Return window per product category' }).getByRole('row').nth(1),
    ).toBeVisible(),
  // Its rows, or its empty state when nothing was sent yet.
  '/admin/outbox': (page) =>
    expect(
      page
        .getByRole('table', { name: 'Message Outbox' })
        .getByRole('row')
        .nth(1)
        .or(page.getByText('No messages found.')),
    ).toBeVisible(),
};

async function settled(page: Page, path: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await READY[path]?.(page);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** The window at `width`, and the page laid out for it: the resize has reached the document, a frame drawn. */
async function resize(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
  await page.waitForFunction((w) => window.innerWidth === w, width);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
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
  const sidebar = account ? ', with the sidebar open and closed' : '';
  test(`the ${who}'s screens fit 1440, 1366, 1024, 768 and 390 px${sidebar}`, async ({ page }) => {
    test.setTimeout(8 * 60_000);
    if (account) await signInThroughScreen(page, account.email, account.password);
    const findings: Record<string, string[]> = {};
    const measure = async (where: string) => {
      const found = await layoutFindings(page);
      if (found.length) findings[where] = found;
    };
    for (const path of paths) {
      await resize(page, PHONE_WIDTH);
      await page.goto(path);
      await settled(page, path);
      await measure(`${path} at ${PHONE_WIDTH} px`);
      if (path === '/admin/commission-upload') {
        // A return window's field message inside its table cell, on a phone.
        const days = page
          .getByRole('table', { name: 'Return window per product category' })
          .getByRole('textbox')
          .first();
        await days.fill('400');
        await days.press('Enter');
        await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);
        await measure(`${path} at ${PHONE_WIDTH} px, a return window's message showing`);
      }

      await resize(page, DESKTOP_WIDTHS[0]);
      await page.goto(path);
      await settled(page, path);
      // The menu button toggles the sidebar, which stays as it is across a resize: each width is measured as
      // it comes, then with the sidebar the other way.
      for (const width of DESKTOP_WIDTHS) {
        await resize(page, width);
        for (const turn of ['as it is', 'toggled']) {
          const open = (await page.getByRole('button', { name: 'Hide menu' }).count()) > 0;
          await measure(`${path} at ${width} px${open ? '' : ', sidebar closed'}`);
          const toggle = page.getByRole('button', { name: open ? 'Hide menu' : 'Show menu' });
          if (turn === 'toggled' || (await toggle.count()) === 0) break;
          await toggle.click();
          await expect(page.getByRole('button', { name: open ? 'Show menu' : 'Hide menu' })).toBeVisible();
        }
      }
    }
    for (const [where, what] of Object.entries(findings)) console.log(`${where}:\n  ${what.join('\n  ')}`);
    expect(findings).toEqual({});
  });
}
