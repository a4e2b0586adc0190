import { expect, test } from '@playwright/test';
import { affiliateIdOf, tabTo } from '../support/kyc-cases';
import { registerAffiliate, selfiePng } from '../support/kyc-registration';
import { DEMO, signInThroughScreen, signOut } from '../support/kyc-sign-in';
import { toast } from '../support/portal-session';
import { signInForReKyc } from '../support/rejected-affiliate';

// Issue 50 part 3: a part returned and re-uploaded by the affiliate; the other parts stay as they were.
test('a reviewer returns only a blurred selfie; the affiliate retakes it and the case comes back with its history', async ({
  page,
  request,
}) => {
  test.setTimeout(4 * 60_000);
  const affiliate = await registerAffiliate(request, 'Amaka Chukwu');
  const affiliateID = await affiliateIdOf(request, affiliate.email);

  // The reviewer opens the case (a claim) and decides each part, by keyboard: the selfie is returned.
  await signInThroughScreen(page, DEMO.backoffice.email, DEMO.backoffice.password);
  await page.goto(`/backoffice/kyc?case=${affiliateID}`);
  await expect(page.getByText(/^You are reviewing this case\./)).toBeVisible();
  const parts = page.getByRole('region', { name: 'Decide each part' });
  const selfie = parts.getByRole('group', { name: 'Selfie' });
  await tabTo(page, selfie.getByRole('radio', { name: 'Accept' }));
  await page.keyboard.press('ArrowRight');
  await expect(selfie.getByRole('radio', { name: 'Return' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(selfie.getByLabel('Reason')).toBeFocused();
  await selfie.getByLabel('Reason').selectOption('Selfie blurred');
  await tabTo(page, parts.getByRole('button', { name: 'Return the failed parts' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Returned to the affiliate for correction.')).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/kyc$/);
  await signOut(page);

  // The affiliate is asked for the selfie alone; its numbers are shown as they are, not for editing.
  await signInForReKyc(page, request, affiliate.email);
  await expect(page.getByTestId('returned-parts')).toHaveText('To correct:Selfie: Selfie blurred');
  await expect(page.getByLabel('NIN or BVN')).toHaveValue(affiliate.ninOrBVN);
  await expect(page.getByLabel('NIN or BVN')).not.toBeEditable();
  await expect(page.getByLabel('Account Number')).not.toBeEditable();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('#selfie-error')).toHaveText('Please take your selfie again.');
  await page.getByLabel('Take your selfie again').setInputFiles({
    name: 'selfie.png',
    mimeType: 'image/png',
    buffer: selfiePng(),
  });
  await expect(page.getByText('Selfie saved. Submit to send it for review.')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.locator('.Toastify__toast-container--top-right').getByText('KYC updated successfully!'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // Back in the queue: the last round's verdicts on the case, the history in the modal, the BVN unchanged.
  await signInThroughScreen(page, DEMO.backoffice.email, DEMO.backoffice.password);
  await page.goto(`/backoffice/kyc?case=${affiliateID}`);
  await expect(page.getByText(/^You are reviewing this case\./)).toBeVisible();
  await expect(
    page
      .getByRole('group', { name: 'Selfie' })
      .getByText(/^Last round: returned \(Selfie blurred\) by Tunde Bakare/),
  ).toContainText('corrected by the affiliate');
  await expect(
    page
      .getByRole('group', { name: 'Identity number (BVN/NIN)' })
      .getByText(/^Last round: accepted by Tunde Bakare/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Review and decide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Affiliate Details' });
  await expect(dialog.getByText(`••••••••${affiliate.ninOrBVN.slice(-3)}`)).toBeVisible();
  await expect(dialog.getByText('KYC part returned')).toBeVisible();
  await expect(dialog.getByText('Selfie: Selfie blurred').first()).toBeVisible();
  await expect(dialog.getByText('Re-KYC submitted')).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Approved successfully.')).toBeVisible();
});
