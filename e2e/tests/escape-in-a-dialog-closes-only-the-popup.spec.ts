import { expect, test } from '@playwright/test';
import type { Locator, Page, Route } from '@playwright/test';
import { DEMO, sessionDetails } from '../support/kyc-sign-in';

/**
 * Issue 26: the keyboard check of every dialog of the portal. Escape in an inner popup (a dropdown, the
 * rich-text pickers, the date calendar, a question asked over the dialog) closes only the popup; Escape on a
 * dialog without changes closes it; with typed changes it asks first (and Escape on that question keeps the form
 * and what was typed); a question starts on its safe choice; closing sends nothing and gives the focus back to
 * the button that opened the dialog. One test per page, one page load, a step per dialog on it.
 */

type Account = { email: string; password: string };

interface InnerPopup {
  name: string;
  open(dialog: Locator, page: Page): Promise<void>;
  /** The open popup: hidden once Escape has closed it. */
  panel(dialog: Locator, page: Page): Locator;
  /** A question asked over the dialog: the button it starts on, and where the focus goes back to. */
  startsOn?: string;
  focusAfter?(dialog: Locator): Locator;
}

interface DialogCase {
  name: string;
  opener(page: Page): Locator;
  dialog(page: Page): Locator;
  popups?: InnerPopup[];
  /** A form: a typed change that closing would lose, and the dialog's own close button. */
  edit?: { field(dialog: Locator): Locator; value: string; closeButton: 'Cancel' | 'Close' };
  /** A question: the button it starts on (the safe choice). */
  startsOn?: string;
  /** Buttons the dialog shows (the decisions of the back office's modal). */
  shows?: string[];
}

interface PageCase {
  name: string;
  account: Account;
  /** The page; a function when it depends on the data (a payout run's id). */
  path: string | ((page: Page) => Promise<string>);
  /** Answers changed before the page loads, so that the buttons under test are shown. */
  prepare?(page: Page): Promise<void>;
  /** What the page itself sends when it opens (a KYC case claims itself), awaited before listening for sends. */
  opened?(page: Page): Promise<void>;
  dialogs: DialogCase[];
}

const ADMIN: Account = DEMO.admin;
const BACKOFFICE: Account = DEMO.backoffice;

// ---- inner popups ---------------------------------------------------------------------------------------

const dropdown = (label: string): InnerPopup => ({
  name: `the ${label} dropdown`,
  open: async (dialog, page) => {
    await dialog
      .locator('.p-dropdown')
      .filter({ has: page.getByLabel(label, { exact: true }) })
      .click();
  },
  panel: (_dialog, page) => page.locator('.p-dropdown-panel'),
});

const countryList: InnerPopup = {
  name: 'the country list',
  open: async (dialog) => {
    await dialog.locator('.p-multiselect').click();
  },
  panel: (_dialog, page) => page.locator('.p-multiselect-panel'),
};

/** One of Quill's toolbar pickers, named by rich-text-editor.tsx. */
const picker = (name: string): InnerPopup => ({
  name: `the ${name} picker`,
  open: async (dialog) => {
    await dialog.getByRole('button', { name, exact: true }).click();
  },
  panel: (dialog) => dialog.locator('.ql-picker.ql-expanded .ql-picker-options'),
});

const calendar: InnerPopup = {
  name: 'the date calendar',
  open: async (dialog) => {
    await dialog.getByRole('button', { name: 'Choose Date' }).click();
  },
  panel: (_dialog, page) => page.locator('.p-datepicker'),
};

const eraseQuestion: InnerPopup = {
  name: 'the Erase question',
  open: async (dialog) => {
    await dialog.getByRole('button', { name: 'Erase Personal Data' }).click();
  },
  panel: (_dialog, page) => page.getByRole('dialog', { name: 'Erase personal data' }),
  startsOn: 'Cancel',
  focusAfter: (dialog) => dialog.getByRole('button', { name: 'Erase Personal Data' }),
};

// ---- answers changed for the check ---------------------------------------------------------------------

/** Changes a JSON answer of the gateway on its way to the page. */
async function rewrite<T>(page: Page, url: RegExp, change: (body: T) => void): Promise<void> {
  await page.route(url, async (route: Route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as T;
    change(body);
    await route.fulfill({ response, json: body });
  });
}

type RunDetail = {
  run: { status: string; provider: string; createdByMe: boolean };
  lines: { results: { status: string }[] };
};

/** A payout run as a given state shows it (its lines in `lineStatus`); the buttons only open dialogs here. */
const runAs =
  (status: string, { provider = 'bank-file', createdByMe = false, lineStatus = 'pending' } = {}) =>
  (page: Page) =>
    rewrite(page, /\/api\/admin\/payouts\/runs\/\d+\?/, (detail: RunDetail) => {
      Object.assign(detail.run, { status, provider, createdByMe });
      for (const line of detail.lines.results) if (line.status !== 'ineligible') line.status = lineStatus;
    });

/** Issue 50: the newest waiting KYC case (the queue's last entry, oldest first), opened by its reviewer. */
async function newestKycCase(page: Page): Promise<string> {
  const details = JSON.parse(await sessionDetails(page.request, BACKOFFICE.email, BACKOFFICE.password)) as {
    token: string;
  };
  const headers = { authorization: `Bearer ${details.token}` };
  const first = await page.request.get('/api/backoffice/kyc/queue', { headers });
  expect(first.ok(), `backoffice/kyc/queue: ${first.status()}`).toBe(true);
  const { totalCount } = (await first.json()) as { totalCount: number };
  const last = await page.request.get(
    `/api/backoffice/kyc/queue?page=${Math.max(1, totalCount)}&pageSize=1`,
    {
      headers,
    },
  );
  const { results } = (await last.json()) as { results: { affiliateID: number }[] };
  expect(results.length, 'the demo has a waiting KYC case').toBe(1);
  return `/backoffice/kyc?case=${results[0].affiliateID}`;
}

/** A past run with lines to show (the demo pays a few past runs). */
async function pastRun(page: Page): Promise<string> {
  const details = JSON.parse(await sessionDetails(page.request, ADMIN.email, ADMIN.password)) as {
    token: string;
  };
  const answer = await page.request.get('/api/admin/payouts/runs?page=1&pageSize=25', {
    headers: { authorization: `Bearer ${details.token}` },
  });
  expect(answer.ok(), `admin/payouts/runs: ${answer.status()}`).toBe(true);
  const { results } = (await answer.json()) as { results: { runId: number; totals: { count: number } }[] };
  const run = results.find((r) => r.totals.count > 0);
  expect(run, 'the demo has a past payout run with lines').toBeTruthy();
  return `/admin/payouts?run=${run?.runId}`;
}

/** 'New payout run' stays enabled while another test's run is open: the dialog is only opened and closed. */
const noOpenRun = (page: Page) =>
  rewrite(page, /\/api\/admin\/payouts\/runs\?/, (list: { openRunId: number | null }) => {
    list.openRunId = null;
  });

/** The affiliate shown can be erased (an Inactive one): the Erase question is only asked and left. */
const erasable = (page: Page) =>
  rewrite(page, /\/api\/backoffice\/affiliate-details\/\d+/, (details: { canErase: boolean }) => {
    details.canErase = true;
  });

// ---- the dialogs ---------------------------------------------------------------------------------------

const firstRow = (page: Page) => page.getByRole('row').nth(1);
const rowButton = (page: Page, name: RegExp) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name }).and(page.locator(':enabled')) })
    .first()
    .getByRole('button', { name });
const confirmation = (page: Page) => page.getByRole('dialog', { name: 'Confirmation' });
const remark = (dialog: Locator) => dialog.getByLabel('Remark', { exact: true });
const reason = (dialog: Locator) => dialog.getByLabel('Reason', { exact: true });

const PAGES: PageCase[] = [
  {
    name: 'admin/users',
    account: ADMIN,
    path: '/admin/users',
    // The demo's staff are all active: the first one is shown inactive, so that its row offers Activate.
    prepare: (page) =>
      rewrite(page, /\/api\/admin\/user\?/, (list: { results: { isActive: boolean }[] }) => {
        if (list.results[0]) list.results[0].isActive = false;
      }),
    dialogs: [
      {
        name: 'Edit User',
        opener: (page) => firstRow(page).getByRole('button', { name: /^Edit / }),
        dialog: (page) => page.getByRole('dialog', { name: 'Edit User' }),
        popups: [dropdown('Role'), dropdown('Country Code')],
        edit: {
          field: (dialog) => dialog.getByLabel('Full Name'),
          value: 'Renamed Person',
          closeButton: 'Cancel',
        },
      },
      {
        name: 'the Delete question',
        opener: (page) => rowButton(page, /^Delete /),
        dialog: confirmation,
        startsOn: 'No',
      },
      {
        name: 'the Activate question',
        opener: (page) => rowButton(page, /^Activate /),
        dialog: confirmation,
        startsOn: 'No',
      },
      {
        name: 'the Reset two-step sign-in question',
        opener: (page) => rowButton(page, /^Reset two-step sign-in of /),
        dialog: confirmation,
        startsOn: 'No',
      },
    ],
  },
  {
    name: 'notifications',
    account: ADMIN,
    path: '/notifications',
    dialogs: [
      {
        name: 'Add Notification',
        opener: (page) => page.getByRole('button', { name: 'Add Notification' }),
        dialog: (page) => page.getByRole('dialog', { name: 'Add Notification' }),
        popups: [countryList, picker('Font')],
        edit: {
          field: (dialog) => dialog.getByLabel('Title'),
          value: 'Price list for December',
          closeButton: 'Cancel',
        },
      },
      {
        name: 'Edit Notification',
        opener: (page) => firstRow(page).getByRole('button', { name: /^Edit / }),
        dialog: (page) => page.getByRole('dialog', { name: 'Edit Notification' }),
        popups: [
          picker('Font'),
          picker('Size'),
          picker('Heading'),
          picker('Text colour'),
          picker('Background colour'),
          picker('Alignment'),
          countryList,
        ],
        edit: {
          field: (dialog) => dialog.getByLabel('Title'),
          value: 'Renamed notice',
          closeButton: 'Cancel',
        },
      },
      {
        name: 'the Delete question',
        opener: (page) => firstRow(page).getByRole('button', { name: /^Delete / }),
        dialog: confirmation,
        startsOn: 'No',
      },
    ],
  },
  {
    name: 'admin/affiliates',
    account: ADMIN,
    path: '/admin/affiliates',
    prepare: erasable,
    dialogs: [
      {
        name: 'Affiliate Details with its Erase question',
        opener: (page) => firstRow(page).getByRole('button', { name: /^View / }),
        dialog: (page) => page.getByRole('dialog', { name: 'Affiliate Details' }),
        popups: [eraseQuestion],
        edit: { field: remark, value: 'Selfie is blurred', closeButton: 'Close' },
      },
      {
        name: 'the make-inactive question',
        opener: (page) => rowButton(page, /^Make .* inactive$/),
        dialog: confirmation,
        startsOn: 'No',
      },
    ],
  },
  {
    name: 'backoffice/users',
    account: BACKOFFICE,
    path: '/backoffice/users',
    dialogs: [
      {
        name: 'Affiliate Details of a KYC Pending affiliate, with Approve and Reject',
        opener: (page) =>
          page
            .getByRole('row')
            .filter({ hasText: 'KYC Pending' })
            .first()
            .getByRole('button', { name: /^View / }),
        dialog: (page) => page.getByRole('dialog', { name: 'Affiliate Details' }),
        shows: ['Approve', 'Reject'],
        edit: { field: remark, value: 'Selfie is blurred', closeButton: 'Close' },
      },
    ],
  },
  {
    name: 'a KYC case in backoffice/kyc',
    account: BACKOFFICE,
    path: newestKycCase,
    opened: (page) => expect(page.getByText(/^You are reviewing this case\./)).toBeVisible(),
    dialogs: [
      {
        name: 'Affiliate Details from Review and decide, with Approve and Reject',
        opener: (page) => page.getByRole('button', { name: 'Review and decide' }),
        dialog: (page) => page.getByRole('dialog', { name: 'Affiliate Details' }),
        shows: ['Approve', 'Reject'],
        edit: { field: remark, value: 'Selfie is blurred', closeButton: 'Close' },
      },
    ],
  },
  {
    name: 'admin/payouts',
    account: ADMIN,
    path: '/admin/payouts',
    prepare: noOpenRun,
    dialogs: [
      {
        name: 'Payout settings',
        opener: (page) => page.getByRole('button', { name: 'Change settings' }),
        dialog: (page) => page.getByRole('dialog', { name: 'Payout settings' }),
        edit: {
          field: (dialog) => dialog.getByLabel('Minimum payout (naira)'),
          value: '2500',
          closeButton: 'Cancel',
        },
      },
      {
        name: 'New payout run',
        opener: (page) => page.getByRole('button', { name: 'New payout run' }),
        dialog: (page) => page.getByRole('dialog', { name: 'New payout run' }),
        popups: [calendar],
        edit: {
          field: (dialog) => dialog.getByLabel('Cutoff date'),
          value: '2026-01-05',
          closeButton: 'Cancel',
        },
      },
    ],
  },
  {
    name: 'a draft payout run',
    account: ADMIN,
    path: pastRun,
    prepare: runAs('draft', { createdByMe: true }),
    dialogs: [
      {
        name: 'the Discard question',
        opener: (page) => page.getByRole('button', { name: 'Discard draft' }),
        dialog: (page) => page.getByRole('dialog', { name: /^Discard Payout run #\d+$/ }),
        startsOn: 'Keep the draft',
      },
      {
        name: 'the Exclude reason',
        opener: (page) => page.getByRole('button', { name: /^Exclude: / }).first(),
        dialog: (page) => page.getByRole('dialog', { name: /^Exclude / }),
        edit: { field: reason, value: 'Paid by hand last week', closeButton: 'Cancel' },
      },
    ],
  },
  {
    name: 'a submitted payout run',
    account: ADMIN,
    path: pastRun,
    prepare: runAs('submitted'),
    dialogs: [
      {
        name: 'the Approve remark',
        opener: (page) => page.getByRole('button', { name: 'Approve', exact: true }),
        dialog: (page) => page.getByRole('dialog', { name: /^Approve Payout run #\d+$/ }),
        edit: {
          field: (dialog) => dialog.getByLabel('Remark (optional)'),
          value: 'Checked against the bank balance',
          closeButton: 'Cancel',
        },
      },
      {
        name: 'the Reject remark',
        opener: (page) => page.getByRole('button', { name: 'Reject', exact: true }),
        dialog: (page) => page.getByRole('dialog', { name: /^Reject Payout run #\d+$/ }),
        edit: { field: remark, value: 'The totals look wrong', closeButton: 'Cancel' },
      },
    ],
  },
  {
    name: 'an approved Paystack payout run',
    account: ADMIN,
    path: pastRun,
    prepare: runAs('approved', { provider: 'paystack' }),
    dialogs: [
      {
        name: 'the Pay now question',
        opener: (page) => page.getByRole('button', { name: 'Pay now' }),
        dialog: (page) => page.getByRole('dialog', { name: 'Pay now' }),
        startsOn: 'Not now',
      },
    ],
  },
  {
    name: 'a bank-file payout run being paid',
    account: ADMIN,
    path: pastRun,
    prepare: runAs('executing', { lineStatus: 'processing' }),
    dialogs: [
      {
        name: 'the Mark failed reason',
        opener: (page) => page.getByRole('button', { name: /^Mark failed: / }).first(),
        dialog: (page) => page.getByRole('dialog', { name: /^Mark .* failed$/ }),
        edit: { field: reason, value: 'Account closed', closeButton: 'Cancel' },
      },
    ],
  },
];

// ---- the check -----------------------------------------------------------------------------------------

/** Opens the page signed in (the session put in place before the first load: one page load). */
async function openSignedIn(page: Page, account: Account, path: string): Promise<void> {
  const details = await sessionDetails(page.request, account.email, account.password);
  await page.addInitScript((value) => {
    if (!localStorage.getItem('userDetails')) localStorage.setItem('userDetails', value);
  }, details);
  await page.goto(path);
}

async function escapeClosesOnlyThePopup(page: Page, dialog: Locator, popup: InnerPopup): Promise<void> {
  await popup.open(dialog, page);
  const panel = popup.panel(dialog, page);
  await expect(panel, `${popup.name} opens`).toBeVisible();
  if (popup.startsOn) await expect(panel.getByRole('button', { name: popup.startsOn })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel, `Escape closes ${popup.name}`).toBeHidden();
  await expect(dialog, `Escape in ${popup.name} leaves the dialog open`).toBeVisible();
  if (popup.focusAfter) await expect(popup.focusAfter(dialog)).toBeFocused();
}

async function checkDialog(page: Page, c: DialogCase): Promise<void> {
  const opener = c.opener(page);
  await expect(opener).toBeEnabled();
  const dialog = c.dialog(page);

  // Nothing typed: each popup closes on its own Escape, then Escape closes the dialog.
  await opener.click();
  await expect(dialog).toBeVisible();
  if (c.startsOn) await expect(dialog.getByRole('button', { name: c.startsOn })).toBeFocused();
  for (const name of c.shows ?? [])
    await expect(dialog.getByRole('button', { name, exact: true })).toBeVisible();
  if (c.edit) await expect(c.edit.field(dialog)).toBeEditable();
  for (const popup of c.popups ?? []) await escapeClosesOnlyThePopup(page, dialog, popup);
  await page.keyboard.press('Escape');
  await expect(dialog, 'Escape closes a dialog without changes').toBeHidden();
  await expect(opener, 'focus is back on the button that opened the dialog').toBeFocused();

  if (c.edit) {
    // Typed changes: Escape in a popup is still the popup's; Escape on the dialog asks first.
    await opener.click();
    const field = c.edit.field(dialog);
    await expect(field).toBeEditable();
    await field.fill(c.edit.value);
    const [popup] = c.popups ?? [];
    if (popup) await escapeClosesOnlyThePopup(page, dialog, popup);
    await field.focus();
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(question, 'Escape with unsaved changes asks first').toBeVisible();
    await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(dialog, 'Escape on the question keeps the form').toBeVisible();
    await expect(field, 'what was typed is kept').toHaveValue(c.edit.value);
    await dialog.getByRole('button', { name: c.edit.closeButton, exact: true }).last().click();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener, 'focus is back on the button that opened the dialog').toBeFocused();
  }
}

for (const p of PAGES) {
  test(`${p.name}: ${p.dialogs.map((d) => d.name).join(', ')}`, async ({ page }) => {
    await p.prepare?.(page);
    const path = typeof p.path === 'string' ? p.path : await p.path(page);
    await openSignedIn(page, p.account, path);
    await p.opened?.(page);
    // Whatever a dialog does, leaving it sends nothing (GETs aside).
    const sent: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() !== 'GET' && pathname.startsWith('/api/'))
        sent.push(`${request.method()} ${pathname}`);
    });
    for (const d of p.dialogs) await test.step(d.name, () => checkDialog(page, d));
    expect(sent, 'leaving the dialogs sent nothing').toEqual([]);
  });
}
