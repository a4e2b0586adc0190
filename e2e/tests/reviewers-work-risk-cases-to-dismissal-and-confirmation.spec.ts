import { expect, test } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';
import { plantSelfDealingCase } from '../support/risk-cases';

/**
 * Issue 49: staff work risk cases on Risk Review. A back-office user takes a case from the queue to dismissal with
 * a reason, by keyboard alone; an admin confirms abuse on another and sees the commission of its orders withdrawn
 * in the affiliate's ledger and the deactivation in the case's history.
 */

test('a back-office user works a case from the queue to dismissal with a reason, by keyboard', async ({
  page,
  request,
}) => {
  const planted = await plantSelfDealingCase(request, 'Obinna Eze');

  await signInThroughScreen(page, DEMO.backoffice.email, DEMO.backoffice.password);
  await page.getByRole('link', { name: 'Risk Review' }).click();
  await expect(page).toHaveURL(/\/backoffice\/risk$/);
  await expect(page.getByRole('heading', { name: 'Risk Review', level: 1 })).toBeVisible();
  const queue = page.getByRole('table', { name: 'Open risk cases' });
  let review = queue.getByRole('link', { name: `Review case ${planted.caseId}` });
  // High cases come first, oldest first: the new one may be on a later page.
  while (!(await review.isVisible())) {
    await expect(queue.getByRole('row').nth(1)).toBeVisible();
    if (await review.isVisible()) break;
    await page.getByRole('button', { name: 'Next Page' }).click();
    review = queue.getByRole('link', { name: `Review case ${planted.caseId}` });
  }
  const row = queue
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Review case ${planted.caseId}` }) });
  await expect(row).toContainText('Self-dealing retailer');
  await expect(row).toContainText(`${planted.affiliateCode} ${planted.fullName}`);

  await review.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/backoffice/risk\\?case=${planted.caseId}$`));
  await expect(
    page.getByRole('heading', { name: `Case #${planted.caseId}: Self-dealing retailer`, level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Evidence' })).toContainText(
    "Contact mobile is the affiliate's own",
  );

  await page.getByRole('button', { name: 'Dismiss' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Dismiss the case' });
  await expect(dialog).toBeVisible();
  // Tab from the dialog's first control (Close) to the reason, then on to its Dismiss button.
  const tabTo = async (target: ReturnType<typeof dialog.getByRole>) => {
    for (let i = 0; i < 6 && !(await target.evaluate((el) => el === document.activeElement)); i += 1)
      await page.keyboard.press('Tab');
    await expect(target).toBeFocused();
  };
  await tabTo(dialog.getByRole('textbox', { name: 'Reason' }));
  await page.keyboard.type('Shop of a neighbour with the same phone, checked by call');
  await tabTo(dialog.getByRole('button', { name: 'Dismiss' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Case dismissed.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Dismissed$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm abuse' })).toHaveCount(0);
  await expect(
    page.getByText(/Dismissed by .+: Shop of a neighbour with the same phone, checked by call/),
  ).toBeVisible();

  // The queue no longer lists it.
  await page.getByRole('link', { name: 'Back to the review queue' }).click();
  await expect(queue.getByRole('row').nth(1)).toBeVisible();
  await expect(queue.getByRole('link', { name: `Review case ${planted.caseId}` })).toHaveCount(0);
});

test("an admin confirms abuse: the orders' commission is withdrawn in the ledger and the affiliate deactivated", async ({
  page,
  request,
}) => {
  // Two delivered orders of 12,345.60 and 8,000.00 at 10 %: 2,034.56 of commission.
  const planted = await plantSelfDealingCase(request, 'Halima Sadiq', ['12345.60', '8000.00']);
  expect(planted.commission).toBe('2034.56');

  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto(`/backoffice/risk?case=${planted.caseId}`);
  await expect(
    page.getByRole('heading', { name: `Case #${planted.caseId}: Self-dealing retailer`, level: 1 }),
  ).toBeVisible();
  const ledger = page.getByRole('region', { name: 'Ledger' });
  await expect(ledger.getByText('₦2,034.56').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Recent orders' }).getByRole('row')).toHaveCount(3);

  await page.getByRole('button', { name: 'Confirm abuse' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm abuse' });
  await expect(dialog).toContainText('taken back from the next payout once paid');
  await dialog.getByLabel('Note').fill('The shop is his own: same phone, orders placed by himself');
  await dialog.getByLabel('Also deactivate the affiliate (ends its sessions)').check();
  await dialog.getByRole('button', { name: 'Confirm abuse' }).click();
  await expect(
    page.getByText('Case confirmed. ₦2,034.56 of commission withdrawn from 2 orders. Affiliate deactivated.'),
  ).toBeVisible();

  // The ledger behind the case: earned, then reversed by the review, 0 in all.
  const facts = async () =>
    Object.fromEntries(
      await ledger
        .locator('dl > div')
        .evaluateAll((items) =>
          items.map((item) => [item.querySelector('dt')?.textContent, item.querySelector('dd')?.textContent]),
        ),
    );
  await expect.poll(facts).toMatchObject({
    Earned: '₦2,034.56',
    Reversed: '-₦2,034.56',
    Total: '₦0.00',
  });
  await expect(page.getByText(/^Confirmed$/)).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Affiliate deactivated by');
  await expect(history).toContainText(
    'Confirmed by Adaeze Okafor: The shop is his own: same phone, orders placed by himself',
  );
});
