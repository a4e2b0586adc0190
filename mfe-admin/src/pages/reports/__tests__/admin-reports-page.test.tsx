import { Suspense } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AxiosError } from 'axios';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { LoginReportPage } from '@portal/contracts';
import { httpClient } from '@portal/shared-ui';
import AdminReportsPage from '../admin-reports-page';

/** The gateway as the report sees it: no sign-ins in January 2025, one in February. */
function reportRows(config: InternalAxiosRequestConfig): LoginReportPage {
  const february = (config.params as Record<string, string>).fromDate?.startsWith('2025-02');
  const results = february
    ? [
        {
          loginID: 1,
          affiliateCode: 'AFF100001',
          fullName: 'Ada Obi',
          userName: 'ada@example.com',
          loggedAt: '2025-02-03T10:00:00.000Z',
          success: true,
          failureReason: null,
          ip: '10.0.0.1',
          userAgent: 'Chrome',
          latitude: null,
          longitude: null,
        },
      ]
    : [];
  return { results, totalCount: results.length, pageNo: 1, pageSize: 25 };
}

const gateway: AxiosAdapter = async (config) => {
  if (!config.url?.endsWith('report/loginhistory/rows')) {
    throw new AxiosError('unexpected call', 'ERR_BAD_REQUEST', config, {}, undefined);
  }
  return { data: reportRows(config), status: 200, statusText: 'OK', headers: {}, config };
};

beforeEach(() => {
  httpClient.defaults.adapter = gateway;
});

const setDate = (label: string, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.input(input, { target: { value } });
  fireEvent.blur(input);
};

// Several screens' steps through the real report (lazy chunk, PrimeReact calendars): a busy machine needs time.
test('Export to Excel: not on a report of 0 rows, and not for dates that were not generated', async () => {
  render(
    <MemoryRouter initialEntries={['/admin/reports']}>
      <Suspense fallback={null}>
        <AdminReportsPage />
      </Suspense>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: 'Affiliate Login Report' });
  const exportButton = () => screen.getByRole('button', { name: 'Export to Excel' }) as HTMLButtonElement;

  setDate('Start Date', '2025-01-01');
  setDate('End Date', '2025-01-31');
  fireEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
  expect(await screen.findByText('No sign-ins in this period.')).toBeTruthy();
  expect(exportButton().disabled).toBe(true);

  setDate('Start Date', '2025-02-01');
  setDate('End Date', '2025-02-28');
  fireEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
  expect(await screen.findByText('Ada Obi')).toBeTruthy();
  await waitFor(() => expect(exportButton().disabled).toBe(false));

  setDate('End Date', '2025-03-31');
  expect(exportButton().disabled).toBe(true);
  expect(screen.getByText('The dates or search changed: press Generate Report, then export.')).toBeTruthy();
}, 60_000);
