import { Suspense } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AffiliateDashboard } from '@portal/contracts';
import { downloadReport } from '@portal/shared-ui';
import AffiliateDashboardPage from '../affiliate-dashboard-page';
import { fetchAffiliateDashboard, requestCommissionStatement } from '../dashboard-api';

jest.mock('../dashboard-api');
jest.mock('@portal/shared-ui', () => ({
  ...jest.requireActual('@portal/shared-ui'),
  downloadReport: jest.fn().mockResolvedValue(true),
}));
const MONTHS = Array.from({ length: 12 }, (_unused, index) => `2025-${String(index + 1).padStart(2, '0')}`);

const DASHBOARD: AffiliateDashboard = {
  affiliateName: 'Amaka Eze',
  affiliateId: 'AFF100001',
  kycStatus: 'KYC Complete',
  notice: {
    title: 'Double commission week',
    description: '<p class="ql-align-center">Sell <strong>more</strong></p>',
  },
  commission: {
    qualifiedOrdersMTD: '1333.33',
    projectedCommission: '1234567.8',
    qualifiedCommission: '178.40',
    monthlyCommission: '66.67',
  },
  orders: { completeClosedOrders: 1205, pendingProcessingOrders: 2 },
  helpDeskEmail: 'help@portal.example',
  commissionByMonth: MONTHS.map((month, index) => ({
    month,
    qualifiedCommission: `${index * 10}.00`,
    projectedCommission: `${index * 20}.00`,
  })),
};

const EMPTY: AffiliateDashboard = {
  ...DASHBOARD,
  notice: null,
  commission: {
    qualifiedOrdersMTD: '0.00',
    projectedCommission: '0.00',
    qualifiedCommission: '0.00',
    monthlyCommission: '0.00',
  },
  orders: { completeClosedOrders: 0, pendingProcessingOrders: 0 },
  commissionByMonth: MONTHS.map((month) => ({
    month,
    qualifiedCommission: '0.00',
    projectedCommission: '0.00',
  })),
};

function renderPage() {
  render(
    <Suspense fallback={null}>
      <AffiliateDashboardPage />
    </Suspense>,
  );
}

beforeEach(() => {
  jest.mocked(fetchAffiliateDashboard).mockResolvedValue(DASHBOARD);
});

test('welcome, ID with KYC status, the help desk, the notice as rendered HTML, the cards in naira, the chart', async () => {
  renderPage();
  expect(await screen.findByText('Welcome, Amaka Eze')).toBeTruthy();
  expect(screen.getByTestId('affiliate-id').textContent).toBe('ID: AFF100001 (KYC Complete)');
  expect(screen.getByRole('link', { name: 'help@portal.example' }).getAttribute('href')).toBe(
    'mailto:help@portal.example',
  );
  const notice = screen.getByRole('region', { name: 'Double commission week' });
  const text = within(notice).getByTestId('notice-text');
  expect(text.className).toContain('ql-editor');
  expect(text.innerHTML).toBe('<p class="ql-align-center">Sell <strong>more</strong></p>');

  const cards = within(screen.getByRole('list', { name: 'Commission' })).getAllByRole('listitem');
  expect(cards.map((card) => card.textContent)).toEqual([
    'Qualified Orders (MTD)₦1,333.33Closed/completed orders this month',
    'Projected Commission₦1,234,567.80All order statuses',
    'Qualified Commission₦178.40Qualified orders only',
    "Monthly Commission₦66.67This month's earnings",
    'Total Orders1,207Complete/Closed1,205Pending/Processing2',
  ]);
  // Qualified and projected commission per month, each a chart with its figures in a table.
  const qualified = screen.getByRole('table', { name: 'Qualified commission per month' });
  expect(within(qualified).getAllByRole('row')).toHaveLength(13);
  expect(within(qualified).getAllByRole('row')[12].textContent).toBe('Dec 25₦110.00');
  const projected = screen.getByRole('table', { name: 'Projected commission per month' });
  expect(within(projected).getAllByRole('row')[12].textContent).toBe('Dec 25₦220.00');
  expect(
    screen.getByRole('img', { name: /^Projected commission per month: highest ₦220\.00 in Dec 25$/ }),
  ).toBeTruthy();
});

test('a new affiliate: zeros, no notice banner, and words instead of an empty chart', async () => {
  jest.mocked(fetchAffiliateDashboard).mockResolvedValue(EMPTY);
  renderPage();
  expect(await screen.findByText('No notices at the moment.')).toBeTruthy();
  expect(screen.queryByTestId('notice-text')).toBeNull();
  expect(screen.getByText(/No orders yet\./)).toBeTruthy();
  expect(screen.queryByRole('figure')).toBeNull();
  expect(screen.getAllByText('₦0.00')).toHaveLength(4);
});

test('a spinner while loading; Retry when it cannot be loaded', async () => {
  jest.mocked(fetchAffiliateDashboard).mockRejectedValueOnce(new Error('500'));
  renderPage();
  expect(screen.getByRole('progressbar', { name: 'Loading dashboard' })).toBeTruthy();
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('The dashboard could not be loaded.');
  fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Welcome, Amaka Eze')).toBeTruthy();
});

test('the statement of any chosen month downloads through its single-use link', async () => {
  jest.mocked(requestCommissionStatement).mockResolvedValue('/api/report/download?token=abc');
  renderPage();
  const picker = (await screen.findByLabelText('Statement month')) as HTMLInputElement;
  expect([picker.type, picker.value, picker.min, picker.max]).toEqual([
    'month',
    '2025-12',
    '2000-01',
    '2025-12',
  ]);
  // Older than the chart's twelve months.
  fireEvent.change(picker, { target: { value: '2023-04' } });
  fireEvent.click(screen.getByRole('button', { name: 'Download Statement' }));
  await waitFor(() => expect(downloadReport).toHaveBeenCalledWith('/api/report/download?token=abc'));
  expect(requestCommissionStatement).toHaveBeenCalledWith('2023-04');
});

test.each([
  ['', 'Please choose a month (yyyy-MM) from 2000-01 to 2099-12.'],
  ['April 2023', 'Please choose a month (yyyy-MM) from 2000-01 to 2099-12.'],
  ['2026-01', 'Choose December 2025 or an earlier month.'],
])('a month typed as %p (a browser without a month picker) is named, not sent', async (typed, message) => {
  jest.mocked(requestCommissionStatement).mockClear();
  renderPage();
  const picker = (await screen.findByLabelText('Statement month')) as HTMLInputElement;
  // jsdom, like such a browser, keeps what was typed only where it is a valid month; set it as text was typed.
  picker.type = 'text';
  fireEvent.change(picker, { target: { value: typed } });
  fireEvent.click(screen.getByRole('button', { name: 'Download Statement' }));
  expect((await screen.findByRole('alert')).textContent).toBe(message);
  expect(picker.getAttribute('aria-invalid')).toBe('true');
  expect(requestCommissionStatement).not.toHaveBeenCalled();
  fireEvent.change(picker, { target: { value: '2025-10' } });
  expect(screen.queryByRole('alert')).toBeNull();
});
