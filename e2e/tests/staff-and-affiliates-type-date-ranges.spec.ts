import { expect, test } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';

// A browser in the United States shows native dates as mm/dd/yyyy: the spec's yyyy-MM-dd must hold anyway.
test.use({ locale: 'en-US' });

test('an admin types a Start Date and End Date on Order Management, and a From after a To is said on the field', async ({
  page,
}) => {
  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/admin/orders');
  const form = page.getByRole('form', { name: 'Order filters' });
  const start = form.getByLabel('Start Date');
  const end = form.getByLabel('End Date');

  await start.click();
  await start.pressSequentially('2026-11-01');
  await end.click();
  await end.pressSequentially('2026-11-30');
  await expect(start).toHaveValue('2026-11-01');
  await expect(end).toHaveValue('2026-11-30');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/fromDate=2026-11-01/);
  await expect(page).toHaveURL(/toDate=2026-11-30/);

  await start.fill('');
  await start.pressSequentially('2026-12-05');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(form.getByText('Start Date must be on or before End Date.')).toBeVisible();
  await expect(page).toHaveURL(/fromDate=2026-11-01/);
});

test('an affiliate types a From Date and To Date on My Orders, shown as yyyy-MM-dd, and a From after a To is said on the field', async ({
  page,
}) => {
  await signInThroughScreen(page, DEMO.affiliate.email, DEMO.affiliate.password);
  await page.goto('/affiliate/orders');
  const filters = page.getByRole('search', { name: 'Filter orders' });
  const from = filters.getByLabel('From Date');
  const to = filters.getByLabel('To Date');

  await from.click();
  await from.pressSequentially('2026-10-01');
  await from.press('Tab');
  await expect(from).toHaveValue('2026-10-01');
  await expect(page).toHaveURL(/fromDate=2026-10-01/);

  await to.click();
  await to.pressSequentially('2026-09-01');
  await to.press('Tab');
  await expect(filters.getByText('From date must not be after to date.')).toBeVisible();
  await expect(page.getByText('Your orders could not be loaded.')).toHaveCount(0);
  await expect(page).not.toHaveURL(/toDate=2026-09-01/);
});

test('an admin picks a Start Date with the keyboard and an End Date with the mouse on Order Management, shown as yyyy-MM-dd, and Search uses them', async ({
  page,
}) => {
  await signInThroughScreen(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/admin/orders');
  const form = page.getByRole('form', { name: 'Order filters' });
  const start = form.getByLabel('Start Date');
  const end = form.getByLabel('End Date');
  const calendar = page.getByRole('dialog', { name: 'Choose Date' });
  const focusedDay = calendar.locator('td > span:focus');

  // By keyboard: Arrow Down opens the calendar at the field's day, which has the focus; the arrows move it
  // (Thursday the 19th, then a week on), Enter picks.
  await start.click();
  await start.pressSequentially('2026-11-18');
  await start.press('ArrowDown');
  await expect(calendar).toBeVisible();
  await expect(focusedDay).toHaveText('18');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(focusedDay).toHaveText('26');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(start).toHaveValue('2026-11-26');

  // By mouse: the field's calendar button, which opens an empty field at today's month, then its 1st.
  const firstOfMonth = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
  });
  await end.locator('xpath=..').getByRole('button', { name: 'Choose Date' }).click();
  await calendar.getByRole('gridcell', { name: firstOfMonth }).click();
  await expect(calendar).toBeHidden();
  await expect(end).toHaveValue(firstOfMonth);

  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/fromDate=2026-11-26/);
  await expect(page).toHaveURL(new RegExp(`toDate=${firstOfMonth}`));
});

for (const { who, account, path } of [
  { who: 'an admin', account: DEMO.admin, path: '/admin/reports' },
  { who: 'a back-office user', account: DEMO.backoffice, path: '/backoffice/reports' },
]) {
  test(`${who} types a Start Date and End Date on ${path}, shown as yyyy-MM-dd, and Generate Report uses them`, async ({
    page,
  }) => {
    await signInThroughScreen(page, account.email, account.password);
    await page.goto(path);
    // The report opens with the last 30 days in its fields: each is emptied, then typed.
    for (const name of ['Start Date', 'End Date']) {
      const field = page.getByLabel(name);
      // A phone shows its keyboard for the field (PrimeReact's calendar asks for none by default).
      await expect(field).not.toHaveAttribute('inputmode', 'none');
      await field.fill('');
      await field.pressSequentially('2026-11-01');
      await field.press('Tab');
      await expect(field).toHaveValue('2026-11-01');
    }
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await expect(page).toHaveURL(/fromDate=2026-11-01/);
    await expect(page).toHaveURL(/toDate=2026-11-01/);
    await expect(page.getByText(/ sign-ins? from 2026-11-01 to 2026-11-01\.$/)).toBeVisible();
  });
}
