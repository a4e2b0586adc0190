import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { DEMO, signInThroughScreen } from '../support/kyc-sign-in';

/** '₦1,234.56' or '-₦150.00' as kobo: sums without floating point. */
function kobo(text: string): bigint {
  const match = /(-?)₦([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`not a naira figure: "${text}"`);
  const value = BigInt(match[2].replaceAll(',', '')) * 100n + BigInt(match[3]);
  return match[1] === '-' ? -value : value;
}

async function cardFigure(page: Page, label: string): Promise<bigint> {
  const card = page
    .getByRole('list', { name: 'Balances' })
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${label}`) });
  return kobo((await card.textContent()) ?? '');
}

/** One page of the ledger list as the affiliate reads it: per order, its entries (figure, held or not) and net. */
async function readPage(list: Locator) {
  const orders = list.locator(':scope > li');
  const read: { order: string; entries: { amount: bigint; held: boolean }[]; net: bigint }[] = [];
  for (let i = 0; i < (await orders.count()); i += 1) {
    const order = orders.nth(i);
    const entries = order.getByRole('list').getByRole('listitem');
    const figures: { amount: bigint; held: boolean }[] = [];
    for (let j = 0; j < (await entries.count()); j += 1) {
      const text = (await entries.nth(j).innerText()).replace(/\s+/g, ' ');
      figures.push({ amount: kobo(text), held: /held until \d{4}-\d{2}-\d{2}/.test(text) });
    }
    const netText = (await order.innerText()).split('Net for this order').pop() ?? '';
    read.push({
      order: (await order.getByRole('heading').textContent()) ?? '',
      entries: figures,
      net: kobo(netText),
    });
  }
  return read;
}

test("the affiliate adds up the ledger list on screen: held entries make Pending, the others Available, each order's net its entries", async ({
  page,
}) => {
  test.setTimeout(4 * 60_000);
  await signInThroughScreen(page, DEMO.affiliate.email, DEMO.affiliate.password);
  await page.goto('/affiliate/payouts');
  const list = page.getByRole('list', { name: 'Ledger by order' });
  await expect(list).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const pending = await cardFigure(page, 'Pending');
  const available = await cardFigure(page, 'Available');

  let held = 0n;
  let free = 0n;
  let orders = 0;
  for (let pageNo = 1; pageNo <= 40; pageNo += 1) {
    for (const order of await readPage(list)) {
      orders += 1;
      const sum = order.entries.reduce((total, entry) => total + entry.amount, 0n);
      expect(sum, `${order.order}: its entries add up to its net`).toBe(order.net);
      for (const entry of order.entries) {
        if (entry.held) held += entry.amount;
        else free += entry.amount;
      }
    }
    const next = page
      .getByRole('navigation', { name: 'Explanation pages' })
      .getByRole('button', { name: /Next/ });
    if ((await next.count()) === 0 || (await next.isDisabled())) break;
    const first = await list.locator(':scope > li').first().getByRole('heading').textContent();
    await next.click();
    await expect(list.locator(':scope > li').first().getByRole('heading')).not.toHaveText(first ?? '');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  }
  expect(orders, 'the demo affiliate has commission not yet paid out').toBeGreaterThan(0);
  expect(held, 'the held entries on screen are the Pending card').toBe(pending);
  expect(free, 'the other entries on screen are the Available card').toBe(available);
});
