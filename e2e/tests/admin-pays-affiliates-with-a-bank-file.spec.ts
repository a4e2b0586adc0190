import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { PAYOUT_BANK_FILE_COLUMNS, PayoutMessages } from '../../contracts/src/api/payouts';
import { DEMO, apiToken, signInThroughScreen } from '../support/kyc-sign-in';
import { downloadThrough, readXlsx } from '../support/reports-excel';

/** Today on Nigeria's calendar (the cutoff is a business day, Africa/Lagos). */
function lagosToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
}

/** The bank's result file: every reference of the bank file, paid. */
async function resultFile(path: string, references: string[]): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Result');
  sheet.addRow(['Reference', 'Status', 'Reason']);
  for (const reference of references) sheet.addRow([reference, 'paid', '']);
  await workbook.xlsx.writeFile(path);
}

async function runIdOf(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/admin\/payouts\?run=\d+$/);
  return Number(new URL(page.url()).searchParams.get('run'));
}

test('admin A creates a payout run, cannot approve it, admin B approves, the bank file is paid from its result file, the affiliate sees Paid', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(6 * 60_000);

  // The affiliate's payouts before the run (their own call).
  const affiliateToken = await apiToken(request, DEMO.affiliate.email, DEMO.affiliate.password);
  const before = await request.get('/api/affiliate/payouts', {
    headers: { Authorization: `Bearer ${affiliateToken}` },
  });
  expect(before.ok(), `affiliate/payouts: ${before.status()}`).toBe(true);
  const beforeBody = (await before.json()) as {
    cards: { available: string };
    payouts: { totalCount: number };
  };
  expect(Number(beforeBody.cards.available), 'the demo affiliate has commission available').toBeGreaterThan(
    0,
  );

  // Admin A: a new run at today's cutoff. The first draft is discarded (a draft holds nothing: the affiliate's
  // money stays available), the second submitted.
  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  const newRun = async () => {
    await page.goto('/admin/payouts');
    await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
    await page.getByRole('button', { name: 'New payout run' }).click();
    const create = page.getByRole('dialog', { name: 'New payout run' });
    const cutoff = create.getByLabel('Cutoff date');
    // Today is already there (issue 51): most runs pay everything available up to now.
    await expect(cutoff).toHaveValue(lagosToday());
    await create.getByRole('button', { name: 'Create run' }).click();
    return runIdOf(page);
  };
  const draftId = await newRun();
  const duringDraft = await request.get('/api/affiliate/payouts', {
    headers: { Authorization: `Bearer ${affiliateToken}` },
  });
  expect(((await duringDraft.json()) as typeof beforeBody).cards.available).toBe(beforeBody.cards.available);
  await page.getByRole('button', { name: 'Discard draft' }).click();
  const discard = page.getByRole('dialog', { name: `Discard Payout run #${draftId}` });
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByText(PayoutMessages.discarded(draftId))).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/payouts$/);
  const runId = await newRun();
  await expect(page.getByRole('heading', { level: 1, name: `Payout run #${runId}` })).toBeVisible();
  const eligible = page.getByRole('table', { name: 'Eligible affiliates', exact: true });
  await expect(eligible.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(page.getByText(PayoutMessages.submitted)).toBeVisible();

  // Admin A cannot approve: the screen says why, and the gateway refuses with that sentence.
  await expect(page.getByText(PayoutMessages.creatorCannotApprove)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  // Admin A's own session (a second sign-in would wait for a fresh authenticator step).
  const adminAToken = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('userDetails') ?? '{}') as { token?: string }).token ?? '',
  );
  const refused = await request.post(`/api/admin/payouts/runs/${runId}/approve`, {
    headers: { Authorization: `Bearer ${adminAToken}` },
    data: {},
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(PayoutMessages.creatorCannotApprove);

  // Admin B approves with a remark.
  const adminB = await (await browser.newContext()).newPage();
  await signInThroughScreen(adminB, DEMO.admin2.email, DEMO.admin2.password);
  await adminB.goto(`/admin/payouts?run=${runId}`);
  await adminB.getByRole('button', { name: 'Approve' }).click();
  const approve = adminB.getByRole('dialog', { name: `Approve Payout run #${runId}` });
  await approve.getByLabel('Remark (optional)').fill('Checked against the ledger');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(adminB.getByText(PayoutMessages.approvedBankFile)).toBeVisible();
  await expect(adminB.getByText('Checked against the ledger')).toBeVisible();

  // The bank file downloads and opens: the columns the bank expects, one row per line.
  const { path } = await downloadThrough(
    adminB,
    () => adminB.getByRole('button', { name: 'Download bank file' }).click(),
    new RegExp(`/api/admin/payouts/runs/${runId}/bank-file$`),
  );
  const [header, ...rows] = await readXlsx(path);
  expect(header).toEqual([...PAYOUT_BANK_FILE_COLUMNS]);
  expect(rows.length).toBeGreaterThan(0);
  const references = rows.map((row) => row[0]);
  for (const reference of references) expect(reference).toMatch(new RegExp(`^po-${runId}-\\d+$`));

  // The bank's result file marks every line paid; the run completes.
  const resultPath = testInfo.outputPath('bank-result.xlsx');
  await resultFile(resultPath, references);
  await adminB.getByLabel('Result file (.xlsx, .csv)').setInputFiles(resultPath);
  await adminB.getByRole('button', { name: 'Upload result' }).click();
  await expect(
    adminB.getByRole('status').filter({ hasText: PayoutMessages.resultApplied(references.length, 0, 0) }),
  ).toBeVisible();
  await expect(adminB.getByText('Completed: every line has its result.')).toBeVisible();

  // The affiliate's newest payout is this run's line, paid.
  const after = await request.get('/api/affiliate/payouts', {
    headers: { Authorization: `Bearer ${affiliateToken}` },
  });
  const afterBody = (await after.json()) as {
    payouts: { totalCount: number; results: { lineId: number; net: string; status: string }[] };
  };
  expect(afterBody.payouts.totalCount).toBe(beforeBody.payouts.totalCount + 1);
  const paid = afterBody.payouts.results[0];
  expect(paid.status).toBe('paid');
  expect(references).toContain(`po-${runId}-${paid.lineId}`);
  const net = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(Number(paid.net));

  // The affiliate sees the payout Paid, and its remittance advice downloads.
  const affiliate = await (await browser.newContext()).newPage();
  await signInThroughScreen(affiliate, DEMO.affiliate.email, DEMO.affiliate.password);
  await affiliate.goto('/affiliate/payouts');
  const payouts = affiliate.getByRole('table', { name: 'Your payouts' });
  const newest = payouts.getByRole('row').nth(1);
  await expect(newest).toContainText('Paid');
  await expect(newest).toContainText(net);
  const advice = await downloadThrough(
    affiliate,
    () => newest.getByRole('button', { name: /^Download advice/ }).click(),
    /\/api\/affiliate\/payouts\/\d+\/advice$/,
  );
  expect((await readXlsx(advice.path)).length).toBeGreaterThan(1);

  // The paid message waits in the outbox for the affiliate.
  await adminB.goto(`/admin/outbox?search=${encodeURIComponent(DEMO.affiliate.email)}`);
  await expect(adminB.getByRole('heading', { level: 1, name: 'Message Outbox' })).toBeVisible();
  await expect(
    adminB.getByRole('table').getByRole('row').filter({ hasText: 'Your commission has been paid' }).first(),
  ).toBeVisible();
});
