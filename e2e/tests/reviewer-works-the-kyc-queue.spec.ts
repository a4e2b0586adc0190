import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { registerAffiliate } from '../support/kyc-registration';
import { DEMO, apiToken, signInThroughScreen } from '../support/kyc-sign-in';

/** The new application's id, as the back office's list finds it by e-mail. */
async function affiliateIdOf(request: APIRequestContext, email: string): Promise<number> {
  const token = await apiToken(request, DEMO.backoffice.email, DEMO.backoffice.password);
  const list = await request.get('/api/backoffice/affiliate', {
    headers: { authorization: `Bearer ${token}` },
    params: { search: email, page: 1 },
  });
  const { results } = (await list.json()) as { results: { affiliateID: number; email: string }[] };
  return results.find((row) => row.email === email)!.affiliateID;
}

test('a reviewer works the KYC queue: Claim next and Release, a case claimed on open with a staff note, seen as held by an admin, then approved', async ({
  page,
  browser,
  request,
}) => {
  const affiliate = await registerAffiliate(request, 'Ngozi Okonkwo');
  const affiliateID = await affiliateIdOf(request, affiliate.email);

  // The queue from the menu: the waiting cases with their wait and reviewer.
  await signInThroughScreen(page, DEMO.backoffice.email, DEMO.backoffice.password);
  await page.getByRole('link', { name: 'KYC Queue' }).click();
  await expect(page).toHaveURL(/\/backoffice\/kyc$/);
  await expect(page.getByRole('heading', { name: 'KYC Queue', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'KYC Queue' });
  await expect(table.getByRole('columnheader', { name: 'Waiting' })).toBeVisible();
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  // Claim next takes the oldest free case; Release gives it back.
  await page.getByRole('button', { name: 'Claim next' }).click();
  await expect(page).toHaveURL(/\/backoffice\/kyc\?case=\d+$/);
  await expect(page.getByText(/^You are reviewing this case\. Your claim lapses at \d\d:\d\d/)).toBeVisible();
  await page.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText('Case released.')).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/kyc$/);

  // The new application's case, claimed on open.
  await page.goto(`/backoffice/kyc?case=${affiliateID}`);
  await expect(
    page.getByRole('heading', { name: new RegExp(`AFF\\d+ ${affiliate.fullName}`) }),
  ).toBeVisible();
  await expect(page.getByText(/^You are reviewing this case\./)).toBeVisible();
  // A note for the other reviewers, never for the affiliate.
  const notes = page.getByRole('region', { name: 'Staff Notes' });
  await expect(notes.getByText('No notes yet.')).toBeVisible();
  await notes.getByRole('textbox', { name: 'Note' }).fill('BVN photo and selfie match; bank name checked.');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note added.')).toBeVisible();
  await expect(notes.getByRole('list', { name: 'Notes' })).toContainText(
    'BVN photo and selfie match; bank name checked.',
  );

  // An admin opening the same case is told who holds it, and is offered Reassign.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInThroughScreen(adminPage, DEMO.admin.email, DEMO.admin.password);
  await adminPage.goto(`/backoffice/kyc?case=${affiliateID}`);
  await expect(adminPage.getByText('Tunde Bakare is reviewing this case.')).toBeVisible();
  await expect(adminPage.getByRole('list', { name: 'Notes' })).toContainText('Tunde Bakare');
  await expect(adminPage.getByLabel('Reassign to')).toBeVisible();
  await adminContext.close();

  // The reviewer decides it in the seed's review modal; the case leaves the queue.
  await page.getByRole('button', { name: 'Review and decide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Affiliate Details' });
  await expect(dialog.getByText('KYC case claimed')).toBeVisible();
  await dialog.getByLabel('Remark').fill('Selfie and BVN checked');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Approved successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/kyc$/);
  await page.goto(`/backoffice/kyc?case=${affiliateID}`);
  await expect(page.getByText('This affiliate is not waiting for KYC review.')).toBeVisible();
});
