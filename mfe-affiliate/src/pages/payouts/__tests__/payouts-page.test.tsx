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
        entryId: 9,
        kind: 'clawback',
        orderCode: 'ORD0001',
        amount: '-500.00',
        reason: 'Order ORD0001: status changed from Delivered to Rejected after payment',
        createdAt: '2026-11-19T09:00:00.000Z',
        availableAt: null,
      },
      {
        entryId: 8,
        kind: 'holding',
        orderCode: 'ORD0002',
        amount: '350.00',
        reason: 'Order ORD0002: received as Delivered',
        createdAt: '2026-11-18T09:00:00.000Z',
        availableAt: '2026-12-02T09:00:00.000Z',
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
    'Available-₦150.00Paid in the next payout run',
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

test('the explanations: kind, amount, reason, the day and, for holding, when it becomes available', async () => {
  renderPage();
  const list = await screen.findByRole('list', { name: 'Explanations' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'Clawback-₦500.00Order ORD0001: status changed from Delivered to Rejected after payment2026-11-19',
    'Holding₦350.00Order ORD0002: received as Delivered2026-11-18 · available on 2026-12-02',
  ]);
  expect(screen.getByRole('region', { name: 'Holding, reversals and adjustments' })).toBeTruthy();
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
  expect(screen.getByText(/Nothing on hold and no changes\./)).toBeTruthy();
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
