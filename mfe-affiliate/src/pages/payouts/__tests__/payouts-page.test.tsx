import { Suspense } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AffiliatePayoutsResponse } from '@portal/contracts';
import { downloadReport } from '@portal/shared-ui';
import PayoutsPage from '../payouts-page';
import { fetchAffiliatePayouts, requestRemittanceAdvice } from '../payouts-api';

jest.mock('../payouts-api');
jest.mock('@portal/shared-ui', () => ({
  ...jest.requireActual('@portal/shared-ui'),
  downloadReport: jest.fn().mockResolvedValue(true),
}));

const PAGE: AffiliatePayoutsResponse = {
  cards: {
    pending: '1234567.89',
    nextAvailableAt: '2026-12-05T11:00:00.000Z',
    available: '-150.00',
    inPayout: '200.00',
    paidThisYear: '1567.53',
    heldForReview: false,
  },
  payouts: {
    results: [
      {
        lineId: 31,
        date: '2026-11-20T10:00:00.000Z',
        gross: '263.16',
        deductions: '13.16',
        net: '250.00',
        account: 'GTBank ****1234',
        status: 'failed',
        reason: 'Account closed',
      },
      {
        lineId: 30,
        date: '2026-11-18T10:00:00.000Z',
        gross: '1650.03',
        deductions: '82.50',
        net: '1567.53',
        account: 'GTBank ****1234',
        status: 'paid',
        reason: null,
      },
    ],
    totalCount: 27,
    pageNo: 1,
    pageSize: 25,
  },
  explanations: {
    results: [
      {
        orderCode: 'ORD0001',
        net: '-500.00',
        entries: [
          {
            entryId: 9,
            kind: 'clawback',
            amount: '-500.00',
            reason:
              'Order went from Delivered to Rejected after it was paid: its commission is taken back from your next commission',
            createdAt: '2026-11-19T09:00:00.000Z',
            availableAt: '2026-11-19T09:00:00.000Z',
            held: false,
          },
        ],
      },
      {
        orderCode: 'ORD0002',
        net: '350.00',
        entries: [
          {
            entryId: 7,
            kind: 'holding',
            amount: '280.00',
            reason: 'Earned on an order received as Delivered',
            createdAt: '2026-11-18T09:00:00.000Z',
            availableAt: '2026-12-02T09:00:00.000Z',
            held: true,
          },
          {
            entryId: 8,
            kind: 'reversal',
            amount: '-280.00',
            reason:
              'Commission rate for Beverages changed from 4% to 5% from 2026-11-01: ₦280.00 is replaced by ₦350.00',
            createdAt: '2026-11-18T10:00:00.000Z',
            availableAt: '2026-12-02T09:00:00.000Z',
            held: true,
          },
          {
            entryId: 10,
            kind: 'holding',
            amount: '350.00',
            reason:
              'Commission rate for Beverages changed to 5% from 2026-11-01: the new commission is ₦350.00',
            createdAt: '2026-11-18T10:00:00.000Z',
            availableAt: '2026-12-02T09:00:00.000Z',
            held: true,
          },
        ],
      },
    ],
    totalCount: 2,
    pageNo: 1,
    pageSize: 25,
  },
};

const EMPTY: AffiliatePayoutsResponse = {
  cards: {
    pending: '0.00',
    nextAvailableAt: null,
    available: '0.00',
    inPayout: '0.00',
    paidThisYear: '0.00',
    heldForReview: false,
  },
  payouts: { results: [], totalCount: 0, pageNo: 1, pageSize: 25 },
  explanations: { results: [], totalCount: 0, pageNo: 1, pageSize: 25 },
};

function renderPage() {
  render(
    <Suspense fallback={<p>loading…</p>}>
      <PayoutsPage />
    </Suspense>,
  );
}

beforeEach(() => {
  jest.mocked(fetchAffiliatePayouts).mockReset().mockResolvedValue(PAGE);
  jest.mocked(requestRemittanceAdvice).mockReset().mockResolvedValue('/api/report/download?token=abc');
  jest.mocked(downloadReport).mockClear();
});

test('the four cards in naira, whole figures, the pending one with the day the earliest becomes available', async () => {
  renderPage();
  const cards = within(await screen.findByRole('list', { name: 'Balances' })).getAllByRole('listitem');
  expect(cards.map((card) => card.textContent)).toEqual([
    'Pending₦1,234,567.89Next available on 2026-12-05',
    'Available-₦150.00You owe ₦150.00: it will be taken from your future commission',
    'In payout₦200.00On its way to your bank',
    'Paid this year₦1,567.53Sent to your bank since 1 January',
  ]);
  expect(document.title).toBe('Payouts | Affiliate Portal');
  expect(screen.getByRole('heading', { level: 1, name: 'Payouts' })).toBeTruthy();
});

test('the payouts: date, amount, account, status with the reason of a failed one; the pager when there are more', async () => {
  renderPage();
  const table = await screen.findByRole('table', { name: 'Your payouts' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent),
    ),
  ).toEqual([
    ['2026-11-20', '₦250.00', 'GTBank ****1234', 'FailedAccount closed'],
    ['2026-11-18', '₦1,567.53', 'GTBank ****1234', 'Paid'],
  ]);
  expect(await screen.findByRole('navigation', { name: 'Payout pages' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: /next/i }));
  await waitFor(() =>
    expect(fetchAffiliatePayouts).toHaveBeenLastCalledWith(
      { page: 2, explanationsPage: 1 },
      expect.any(AbortSignal),
    ),
  );
  // The figures stay on screen while the next page loads.
  expect(screen.getByRole('list', { name: 'Balances' })).toBeTruthy();
});

test('Download advice: a named button per payout; the link is fetched and the file saved', async () => {
  renderPage();
  const button = await screen.findByRole('button', {
    name: 'Download advice: ₦1,567.53 payout of 2026-11-18',
  });
  await act(async () => {
    fireEvent.click(button);
  });
  expect(requestRemittanceAdvice).toHaveBeenCalledWith(30);
  await waitFor(() => expect(downloadReport).toHaveBeenCalledWith('/api/report/download?token=abc'));
});

test("the ledger list: each order's entries together with its net; the holding beside its reversal", async () => {
  renderPage();
  const list = await screen.findByRole('list', { name: 'Ledger by order' });
  const orders = within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);
  expect(orders.map((order) => within(order).getByRole('heading').textContent)).toEqual([
    'Order ORD0001',
    'Order ORD0002',
  ]);
  expect(
    within(within(orders[1]).getByRole('list', { name: 'Entries of order ORD0002' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'Holding₦280.00Earned on an order received as Delivered2026-11-18 · held until 2026-12-02',
    'Reversal-₦280.00Commission rate for Beverages changed from 4% to 5% from 2026-11-01: ₦280.00 is replaced by ₦350.00' +
      '2026-11-18 · held until 2026-12-02',
    'Holding₦350.00Commission rate for Beverages changed to 5% from 2026-11-01: the new commission is ₦350.00' +
      '2026-11-18 · held until 2026-12-02',
  ]);
  expect(orders[1].textContent).toMatch(/Net for this order₦350\.00$/);
  expect(orders[0].textContent).toContain('2026-11-19 · counts in Available');
  expect(orders[0].textContent).toMatch(/Net for this order-₦500\.00$/);
  expect(screen.getByRole('region', { name: 'Holding, reversals and adjustments' })).toBeTruthy();
});

test('Available above zero is paid in the next run; below zero it is owed', async () => {
  const { availableHint } = await import('../payouts-page');
  expect(availableHint('0.00')).toBe('Paid in the next payout run');
  expect(availableHint('10.00')).toBe('Paid in the next payout run');
  expect(availableHint('-3895.40')).toBe('You owe ₦3,895.40: it will be taken from your future commission');
});

test('loading, empty and error never look alike', async () => {
  let resolve: (value: AffiliatePayoutsResponse) => void = () => undefined;
  jest.mocked(fetchAffiliatePayouts).mockReturnValueOnce(new Promise((r) => (resolve = r)));
  renderPage();
  expect(await screen.findByRole('progressbar', { name: 'Loading payouts' })).toBeTruthy();
  expect(screen.queryByRole('list', { name: 'Balances' })).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
  await act(async () => resolve(EMPTY));

  // Empty: the cards at zero, and each list says why it is empty; no spinner, no alert, no pager.
  const cards = within(await screen.findByRole('list', { name: 'Balances' })).getAllByRole('listitem');
  expect(cards[0].textContent).toBe('Pending₦0.00Nothing on hold');
  expect(screen.getByText(/No payouts yet\./)).toBeTruthy();
  expect(screen.getByText(/Nothing waiting: your commission is in a payout or paid\./)).toBeTruthy();
  expect(screen.queryByRole('progressbar')).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByRole('navigation')).toBeNull();
});

test('an error: the message with Retry, no cards and no empty lists; Retry loads again', async () => {
  jest.mocked(fetchAffiliatePayouts).mockRejectedValueOnce(new Error('Network Error'));
  renderPage();
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Your payouts could not be loaded.');
  expect(screen.queryByRole('list', { name: 'Balances' })).toBeNull();
  expect(screen.queryByText(/No payouts yet/)).toBeNull();
  fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('list', { name: 'Balances' })).toBeTruthy();
  expect(fetchAffiliatePayouts).toHaveBeenCalledTimes(2);
});

test('a payout held for review is said above the cards, without the reason, and Available says it waits', async () => {
  jest.mocked(fetchAffiliatePayouts).mockResolvedValue({
    ...PAGE,
    cards: { ...PAGE.cards, available: '2500.00', heldForReview: true },
  });
  renderPage();
  const notice = (await screen.findByText('Your payouts are held for review.')).closest('p')!;
  expect(notice.getAttribute('role')).toBe('status');
  expect(notice.textContent).not.toMatch(/risk|fraud|case/i);
  const cards = within(screen.getByRole('list', { name: 'Balances' })).getAllByRole('listitem');
  expect(cards[1].textContent).toBe('Available₦2,500.00Held for review: paid when the review ends');
});

test('no hold, no notice', async () => {
  renderPage();
  await screen.findByRole('list', { name: 'Balances' });
  expect(screen.queryByText(/held for review/)).toBeNull();
});
