import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { AdminOrder, AdminOrderListResponse } from '@portal/contracts';
import AdminOrdersPage from '../admin-orders-page';
import { fetchAdminOrders } from '../admin-orders-api';

jest.mock('../admin-orders-api');

const TOTAL = 60;

function order(n: number): AdminOrder {
  const rejected = n % 7 === 0;
  return {
    orderID: `ORD${String(n).padStart(8, '0')}`,
    orderDate: '2025-03-10',
    buyerName: `Buyer ${n}`,
    totalAmount: 12500.5 + n,
    faoName: 'Femi Ade',
    faoMobileNo: '08031234567',
    status: n % 3 === 0 ? 'pending' : 'completed',
    orderStatus: rejected ? 'Rejected' : n % 3 === 0 ? 'Processing' : 'Completed',
  };
}

function answer(page: number, total = TOTAL): AdminOrderListResponse {
  const first = (page - 1) * 25 + 1;
  const results = Array.from({ length: Math.max(0, Math.min(25, total - first + 1)) }, (_, i) =>
    order(first + i),
  );
  return {
    data: { results, totalCount: total, pageNo: page, pageSize: 25 },
    orderCount: { totalOrders: 1234567, pendingOrders: 34567, completedOrders: 1200000 },
  };
}

function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.search}</output>;
}

beforeEach(() => {
  jest.mocked(fetchAdminOrders).mockReset();
  jest.mocked(fetchAdminOrders).mockImplementation(async (_filters, page) => answer(page));
});

function renderPage(search = '') {
  render(
    <MemoryRouter initialEntries={[`/admin/orders${search}`]}>
      <Routes>
        <Route
          path="/admin/orders"
          element={
            <>
              <AdminOrdersPage />
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const lastCall = () => jest.mocked(fetchAdminOrders).mock.calls.at(-1)!;
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('AdminOrdersPage', () => {
  it('shows the cards, the rows with Sr No, naira amounts and status badges, and Page 1 of y', async () => {
    renderPage();
    expect(await screen.findByText('ORD00000001')).toBeTruthy();
    const cards = screen.getByRole('list', { name: 'Order summary' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual(['Total Orders1,234,567', 'Pending Orders34,567', 'Completed Orders1,200,000']);
    expect(lastCall().slice(0, 2)).toEqual([{ fromDate: '', toDate: '', status: 'ALL' }, 1]);
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Sr No',
      'Order ID',
      'Order Date',
      'Customer Name',
      'Order Amount',
      'Delivery FAO Name',
      'Delivery FAO Mobile No.',
      'Order Status',
    ]);
    const first = within(bodyRows()[0])
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(first[0]).toBe('1');
    expect(first[4]).toMatch(/^₦\s?12,501\.50$/);
    expect(first[7]).toBe('completed');
    // The stored status shows beside the badge when it says more than the badge does.
    expect(within(bodyRows()[6]).getAllByRole('cell')[7].textContent).toBe('completedRejected');
    expect(within(bodyRows()[2]).getAllByRole('cell')[7].textContent).toBe('pendingProcessing');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('pages forward with Next and back with Previous; neither leaves 1..y', async () => {
    renderPage();
    await screen.findByText('ORD00000001');
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('ORD00000026')).toBeTruthy();
    expect(lastCall()[1]).toBe(2);
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(within(bodyRows()[0]).getAllByRole('cell')[0].textContent).toBe('26');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('ORD00000051')).toBeTruthy();
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText('address').textContent).toBe('?page=3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('ORD00000026')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('a page past the end in the address shows the last page instead', async () => {
    renderPage('?page=9');
    expect(await screen.findByText('ORD00000051', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
  });

  it('reads the filter from the address and Search applies a new one from page 1', async () => {
    renderPage('?fromDate=2025-03-01&toDate=2025-03-31&status=PENDING&page=2');
    await screen.findByText('ORD00000026');
    expect(lastCall().slice(0, 2)).toEqual([
      { fromDate: '2025-03-01', toDate: '2025-03-31', status: 'pending' },
      2,
    ]);
    expect((screen.getByLabelText('Start Date') as HTMLInputElement).value).toBe('2025-03-01');

    fireEvent.click(screen.getByLabelText('Status').closest('.p-dropdown')!);
    // jsdom runs no CSS transitions, so the opened panel stays display: none; its options are still there.
    fireEvent.click(await screen.findByRole('option', { name: 'completed', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(lastCall().slice(0, 2)).toEqual([
        { fromDate: '2025-03-01', toDate: '2025-03-31', status: 'completed' },
        1,
      ]),
    );
    expect(screen.getByLabelText('address').textContent).toBe(
      '?fromDate=2025-03-01&toDate=2025-03-31&status=completed',
    );
  });

  it('refuses a Start Date after the End Date without asking the server', async () => {
    renderPage('?fromDate=2025-03-31&toDate=2025-03-01');
    await screen.findByText('ORD00000001');
    const calls = jest.mocked(fetchAdminOrders).mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Start Date must be on or before End Date.');
    expect(jest.mocked(fetchAdminOrders).mock.calls.length).toBe(calls);
  });

  it('says when there are no orders, without a pager', async () => {
    jest.mocked(fetchAdminOrders).mockImplementation(async (_filters, page) => answer(page, 0));
    renderPage();
    expect(await screen.findByText('No orders found.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Order pages' })).toBeNull();
  });

  it('offers Retry when the orders cannot be loaded, then shows them', async () => {
    jest.mocked(fetchAdminOrders).mockRejectedValueOnce(new Error('500'));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('The orders could not be loaded.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    });
    expect(await screen.findByText('ORD00000001')).toBeTruthy();
  });
});
