import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, apiToken, signInThroughScreen } from '../support/kyc-sign-in';
import { layoutFindings } from '../support/layout-findings';
import { rejectedThroughApi, signInForReKyc } from '../support/rejected-affiliate';

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

/** How a role's session is opened: with a demo account's password, or by a journey (a rejected affiliate). */
type SignIn = (page: Page, request: APIRequestContext) => Promise<void>;
const withPassword =
  (account: { email: string; password: string }): SignIn =>
  (page) =>
    signInThroughScreen(page, account.email, account.password);

/** The login report as Generate Report shows it (an address with its filter shows the report at once). */
const LOGIN_REPORT = (path: string) => `${path}?page=1`;

const EMPTY_REPORT = '/backoffice/reports?search=no-such-affiliate-anywhere';

const ROLES: readonly { who: string; signIn: SignIn | null; paths: readonly string[] }[] = [
  // Signed out: the pages a visitor and a new affiliate open first, and the 404 page.
  { who: 'visitor', signIn: null, paths: ['/login', '/register', '/page-not-found'] },
  {
    who: 'admin',
    signIn: withPassword(DEMO.admin),
    paths: [
      '/admin-dashboard',
      '/admin/affiliates',
      // Its rows: e-mail and IP addresses, sign-in results.
      LOGIN_REPORT('/admin/reports'),
      '/admin/orders',
      '/admin/users',
      '/admin/user-add',
      '/notifications',
      '/admin/commission-upload',
      '/admin/outbox',
      '/admin/payouts',
      // The demo data's first past payout run (the seed pays three through the runs' own steps).
      '/admin/payouts?run=1',
      // Issue 49: the risk review queue, reached by admins too.
      '/backoffice/risk',
      '/profile',
    ],
  },
  {
    who: 'back office',
    signIn: withPassword(DEMO.backoffice),
    paths: [
      '/backoffice-dashboard',
      '/backoffice/users',
      '/backoffice/risk',
      // A report of no rows: the table's line in their place, which a phone shows in the middle.
      EMPTY_REPORT,
      '/profile',
      // A pending set-up only (a new key each load, never confirmed): the user keeps signing in with a password.
      '/two-step-setup',
    ],
  },
  {
    who: 'affiliate',
    signIn: withPassword(DEMO.affiliate),
    paths: [
      '/affiliate-dashboard',
      '/affiliate/orders',
      '/affiliate/retailers',
      '/affiliate/payouts',
      '/profile',
      '/update-password',
    ],
  },
  {
    who: 'rejected affiliate',
    // Registered and rejected through the API; its sign-in replaces the e-mailed password and lands on re-KYC.
    signIn: async (page, request) => {
      const affiliate = await rejectedThroughApi(request, 'Chidinma Okafor-Eze');
      await signInForReKyc(page, request, affiliate.email);
    },
    paths: ['/re-kyc'],
  },
];

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
  // The report's rows, not the spinner.
  [LOGIN_REPORT('/admin/reports')]: (page) =>
    expect(page.getByRole('table', { name: 'Affiliate Login Report' }).getByRole('row').nth(1)).toBeVisible(),
  [EMPTY_REPORT]: (page) =>
    expect(page.getByRole('cell', { name: 'No sign-ins in this period.' })).toBeVisible(),
  // The form, filled in from the affiliate's record.
  '/re-kyc': (page) => expect(page.getByLabel('Account Number')).toBeVisible(),
  // Its rows, or its empty state when nothing was sent yet (a row too: the first of the two is enough).
  '/admin/outbox': (page) =>
    expect(
      page
        .getByRole('table', { name: 'Message Outbox' })
        .getByRole('row')
        .nth(1)
        .or(page.getByText('No messages found.'))
        .first(),
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

for (const { who, signIn, paths } of ROLES) {
  const sidebar = signIn ? ', with the sidebar open and closed' : '';
  test(`the ${who}'s screens fit 1440, 1366, 1024, 768 and 390 px${sidebar}`, async ({ page, request }) => {
    test.setTimeout(8 * 60_000);
    if (signIn) await signIn(page, request);
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
