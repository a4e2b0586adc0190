import { Suspense } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { AffiliateOrder } from '@portal/contracts';
import MyOrdersPage, { orderFilterFromQuery } from '../my-orders-page';
import { fetchMyOrders } from '../my-orders-api';

jest.mock('../my-orders-api');

const order = (n: number, status: AffiliateOrder['status'] = 'Delivered'): AffiliateOrder => ({
  orderId: `ORD${String(n).padStart(4, '0')}`,
  orderDate: '2025-03-04',
  orderValue: 12500.5,
  faoName: 'Tunde Bello',
  faoMobileNo: '8031234567',
  status,
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderPage(url = '/affiliate/orders') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Suspense fallback={<p>loading…</p>}>
        <MyOrdersPage />
      </Suspense>
      <Location />
    </MemoryRouter>,
  );
}

const SIGNAL = expect.any(AbortSignal);

beforeEach(() => {
  jest.mocked(fetchMyOrders).mockResolvedValue({
    results: [order(1, 'Delivered'), order(2, 'Pending'), order(3, 'Rejected')],
    totalCount: 53,
    pageNo: 1,
    pageSize: 25,
  });
});

/**
 * Types a day into a date field as a person does (the calendar reads the text on input). Leaving the field may
 * ask for a page: its answer lands inside act.
 */
async function typeDay(label: string, value: string) {
  const input = await screen.findByLabelText(label);
  fireEvent.focus(input);
  fireEvent.input(input, { target: { value } });
  await act(async () => {
    fireEvent.blur(input);
  });
}

describe('MyOrdersPage', () => {
  it("shows the spec's columns with Sr No, naira amounts and status badges", async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'My Orders' });
    await within(table).findByText('ORD0001');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Sr No', 'Order ID', 'Order Date', 'Order Value', 'FAO Name', 'FAO Mobile No.', 'Status']);
    const first = within(table).getAllByRole('row')[1];
    const cells = within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual([
      '1',
      'ORD0001',
      '2025-03-04',
      '₦12,500.50',
      'Tunde Bello',
      '8031234567',
    ]);
    expect(await within(first).findByText('Delivered')).toBeTruthy();
    const badge = (text: string) => within(table).getByText(text).closest('.p-tag')?.className ?? '';
    expect(badge('Delivered')).toContain('p-tag-success');
    expect(badge('Pending')).toContain('p-tag-warning');
    expect(badge('Rejected')).toContain('p-tag-danger');
    expect(fetchMyOrders).toHaveBeenCalledWith(
      { page: 1, search: '', status: 'ALL', fromDate: '', toDate: '' },
      SIGNAL,
    );
  });

  it('reads page and filters from the address and numbers rows across pages', async () => {
    renderPage('/affiliate/orders?page=2&status=pending&fromDate=2025-03-01&toDate=2025-03-31&search=tunde');
    const table = await screen.findByRole('table', { name: 'My Orders' });
    await within(table).findByText('ORD0001');
    expect(within(within(table).getAllByRole('row')[1]).getAllByRole('cell')[0].textContent).toBe('26');
    expect(fetchMyOrders).toHaveBeenCalledWith(
      { page: 2, search: 'tunde', status: 'Pending', fromDate: '2025-03-01', toDate: '2025-03-31' },
      SIGNAL,
    );
  });

  it('filters by date and goes back to page 1', async () => {
    renderPage('/affiliate/orders?page=2');
    await screen.findByText('ORD0001');
    await typeDay('From Date', '2025-03-10');
    await waitFor(() =>
      expect(fetchMyOrders).toHaveBeenLastCalledWith(
        { page: 1, search: '', status: 'ALL', fromDate: '2025-03-10', toDate: '' },
        SIGNAL,
      ),
    );
    expect(screen.getByTestId('location').textContent).toBe('/affiliate/orders?fromDate=2025-03-10');
  });

  it('says a From Date after the To Date under the field, and asks the server nothing', async () => {
    renderPage('/affiliate/orders?toDate=2025-03-01');
    await screen.findByText('ORD0001');
    const calls = jest.mocked(fetchMyOrders).mock.calls.length;
    await typeDay('From Date', '2025-03-10');
    expect((await screen.findByRole('alert')).textContent).toBe('From date must not be after to date.');
    expect(jest.mocked(fetchMyOrders).mock.calls.length).toBe(calls);
    expect(screen.getByTestId('location').textContent).toBe('/affiliate/orders?toDate=2025-03-01');
  });

  it('searches 500 ms after the last keystroke', async () => {
    jest.useFakeTimers();
    try {
      renderPage();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10);
      });
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ORD0002' } });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(499);
      });
      expect(fetchMyOrders).not.toHaveBeenCalledWith(expect.objectContaining({ search: 'ORD0002' }), SIGNAL);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1);
      });
      expect(fetchMyOrders).toHaveBeenLastCalledWith(
        expect.objectContaining({ search: 'ORD0002', page: 1 }),
        SIGNAL,
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('says when there are no orders, and when none match the filters', async () => {
    jest.mocked(fetchMyOrders).mockResolvedValue({ results: [], totalCount: 0, pageNo: 1, pageSize: 25 });
    renderPage();
    expect(
      await screen.findByText('No orders yet. Orders placed by your retailers appear here.'),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Orders pages' })).toBeNull();
  });

  it('offers Retry when the orders cannot be loaded', async () => {
    jest.mocked(fetchMyOrders).mockRejectedValueOnce(new Error('down'));
    renderPage('/affiliate/orders?status=Rejected');
    expect(await screen.findByText('Your orders could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('ORD0001')).toBeTruthy();
  });

  it('reads unknown statuses and malformed dates in the address as no filter', () => {
    expect(orderFilterFromQuery('status', 'processing')).toBe('Processing');
    expect(orderFilterFromQuery('status', 'shipped')).toBe('ALL');
    expect(orderFilterFromQuery('fromDate', '2025-3-1')).toBe('');
    expect(orderFilterFromQuery('toDate', '2025-03-31')).toBe('2025-03-31');
  });
});
