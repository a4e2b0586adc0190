import { expect, test } from '@playwright/test';
import { affiliateIdOf, giveLowNameMatch, tabTo } from '../support/kyc-cases';
import { registerAffiliate } from '../support/kyc-registration';
import { DEMO, apiToken, signInThroughScreen } from '../support/kyc-sign-in';
import { toast } from '../support/portal-session';

// Issue 50 part 4: four eyes. A name match below the threshold makes the first Approve a request; the same
// reviewer cannot confirm it; a different one does, and both are in the affiliate's history.
test('a risky approval waits for a second reviewer, who confirms it; the first cannot', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(4 * 60_000);
  const affiliate = await registerAffiliate(request, 'Halima Yusuf');
  const affiliateID = await affiliateIdOf(request, affiliate.email);
  await giveLowNameMatch(request, affiliateID);

  // The first reviewer is told before deciding, approves in the review modal, and is told it waits.
  await signInThroughScreen(page, DEMO.backoffice.email, DEMO.backoffice.password);
  await page.goto(`/backoffice/kyc?case=${affiliateID}`);
  const second = page.getByRole('region', { name: 'Second reviewer' });
  await expect(second).toContainText(
    "Approving this case needs a second reviewer's confirmation: Name match below the threshold.",
  );
  await page.getByRole('button', { name: 'Review and decide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Affiliate Details' });
  await dialog.getByLabel('Remark').fill('Account name is the business name of the agent');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Approval recorded. A second reviewer must confirm it.')).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/kyc$/);

  // Opened again by the same reviewer: it is not theirs to hold while it waits, nor to confirm; the modal's
  // Approve is refused too.
  await page.goto(`/backoffice/kyc?case=${affiliateID}`);
  await expect(page.getByRole('alert')).toHaveText(
    'You asked for this approval: a different reviewer must confirm it.',
  );
  await expect(second).toContainText('It waits for a different reviewer to confirm it');
  await expect(second.getByRole('button', { name: 'Confirm approval' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Review and decide' }).click();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(
    dialog.getByText('You asked for this approval: a different reviewer must confirm it.'),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // A different staff user (the admin) confirms it, by keyboard.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInThroughScreen(adminPage, DEMO.admin.email, DEMO.admin.password);
  await adminPage.goto(`/backoffice/kyc?case=${affiliateID}`);
  const adminSecond = adminPage.getByRole('region', { name: 'Second reviewer' });
  await expect(adminSecond).toContainText(
    /^Second reviewerTunde Bakare approved this case on \d{4}-\d\d-\d\d/,
  );
  await expect(adminSecond).toContainText('Remark: Account name is the business name of the agent');
  const confirm = adminSecond.getByRole('button', { name: 'Confirm approval' });
  await tabTo(adminPage, confirm);
  await adminPage.keyboard.press('Enter');
  await expect(toast(adminPage, 'Approved successfully.')).toBeVisible();
  await adminContext.close();

  // Both reviewers are in the affiliate's history.
  const token = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
  const details = await request.get(`/api/backoffice/affiliate-details/${affiliateID}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { status, history } = (await details.json()) as {
    status: string;
    history: { title: string; actorName: string | null }[];
  };
  expect(status).toBe('KYC Complete');
  expect(history.map((row) => [row.title, row.actorName])).toEqual(
    expect.arrayContaining([
      ['Approval waiting for a second reviewer', 'Tunde Bakare'],
      ['KYC approved', expect.any(String)],
    ]),
  );
  expect(history.find((row) => row.title === 'KYC approved')?.actorName).not.toBe('Tunde Bakare');
});
