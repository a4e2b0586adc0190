import { Suspense } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { AdminDashboard } from '@portal/contracts';
import AdminDashboardPage from '../admin-dashboard-page';
import { fetchAdminDashboard } from '../dashboard-api';
import { growthText } from '../growth-text';

jest.mock('../dashboard-api');
const DASHBOARD: AdminDashboard = {
  affiliates: { totalAffiliates: 50210, monthlyGrowthPercent: 12.5 },
  orders: { totalOrders: 1000000 },
  systemStatistics: { activeAffiliates: 40100, pendingApplications: 320, totalRetailers: 100000 },
  monthlyActivity: Array.from({ length: 12 }, (_unused, index) => ({
    month: `2025-${String(index + 1).padStart(2, '0')}`,
    registrations: index * 10,
    orders: index * 1000,
  })),
  activities: [
    {
      title: 'Payout run approved',
      description: 'Payout run #4 approved by Bola Admin',
      activityOn: 'Today',
    },
  ],
};

function Affiliates() {
  const location = useLocation();
  return <p>affiliates at {location.pathname + location.search}</p>;
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/admin-dashboard']}>
      <Suspense fallback={null}>
        <Routes>
          <Route path="/admin-dashboard" element={<AdminDashboardPage />} />
          <Route path="/admin/affiliates" element={<Affiliates />} />
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.mocked(fetchAdminDashboard).mockResolvedValue(DASHBOARD);
});

test('cards: Total Affiliates with its growth, Total Orders; System Statistics; the 12-month chart', async () => {
  renderPage();
  const cards = await screen.findByRole('list', { name: 'Totals' });
  const [affiliates, orders] = within(cards).getAllByRole('listitem');
  expect(affiliates.textContent).toBe('Total Affiliates50,21012.5% up from last month');
  expect(orders.textContent).toBe('Total Orders1,000,000');
  expect(screen.getByText('Active Affiliates').closest('div')?.textContent).toBe('Active Affiliates40,100');
  expect(screen.getByText('Pending Applications').closest('div')?.textContent).toBe(
    'Pending Applications320',
  );
  expect(screen.getByText('Total Retailers').closest('div')?.textContent).toBe('Total Retailers100,000');
  // Two charts on their own scales; the figures of each are in its table.
  expect(
    await screen.findByRole('img', { name: 'Registrations per month: highest 110 in Dec 25' }),
  ).toBeTruthy();
  expect(screen.getByRole('img', { name: 'Orders per month: highest 11,000 in Dec 25' })).toBeTruthy();
  const orderFigures = screen.getByRole('table', { name: 'Orders per month' });
  expect(within(orderFigures).getAllByRole('row')).toHaveLength(13);
  expect(within(orderFigures).getAllByRole('row')[12].textContent).toBe('Dec 2511,000');
});

test.each([
  ['Active Affiliates', '?status=active'],
  ['Pending Applications', '?status=pending'],
])('%s opens the affiliate list with %s', async (label, query) => {
  renderPage();
  fireEvent.click(await screen.findByRole('link', { name: label }));
  expect(await screen.findByText(`affiliates at /admin/affiliates${query}`)).toBeTruthy();
});

test('a spinner while loading; Retry when it cannot be loaded', async () => {
  jest.mocked(fetchAdminDashboard).mockRejectedValueOnce(new Error('500'));
  renderPage();
  expect(screen.getByRole('progressbar', { name: 'Loading dashboard' })).toBeTruthy();
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('The dashboard could not be loaded.');
  fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('list', { name: 'Totals' })).toBeTruthy();
});

test('growth reads up, or down when registrations fell', () => {
  expect(growthText(100)).toBe('100% up from last month');
  expect(growthText(0)).toBe('0% up from last month');
  expect(growthText(-66.7)).toBe('66.7% down from last month');
});

test('Recent Activity: the payout steps the back office reads, on the admin dashboard too (issue 51)', async () => {
  renderPage();
  const panel = await screen.findByRole('region', { name: 'Recent Activity' });
  expect(panel.textContent).toContain('Payout run approvedPayout run #4 approved by Bola AdminToday');
});

test('Recent Activity says so when empty', async () => {
  jest.mocked(fetchAdminDashboard).mockResolvedValue({ ...DASHBOARD, activities: [] });
  renderPage();
  expect(await screen.findByText('No recent activity.')).toBeTruthy();
});
