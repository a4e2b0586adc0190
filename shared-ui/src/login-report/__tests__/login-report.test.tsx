import { fireEvent, render as renderInPage, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { LoginReportRow } from '@portal/contracts';
import { LoginReport } from '../login-report';
import { fetchLoginReportRows, requestLoginReportExport } from '../login-report-api';
import { downloadReport } from '../excel-download';
import { formatDate, pickerDate } from '../../format';

/** The report keeps its dates and page in the address, so it renders inside a router as on its route. */
const render = (element: ReactElement, url = '/reports') =>
  renderInPage(<MemoryRouter initialEntries={[url]}>{element}</MemoryRouter>);
/** Each page request carries the signal that cancels it. */
const SIGNAL = expect.any(AbortSignal);

jest.mock('../login-report-api');
jest.mock('../excel-download', () => ({ downloadReport: jest.fn() }));

function row(n: number, overrides: Partial<LoginReportRow> = {}): LoginReportRow {
  return {
    loginID: n,
    affiliateCode: `AFF${100000 + n}`,
    fullName: `Affiliate ${n}`,
    userName: `affiliate${n}@example.com`,
    loggedAt: '2025-03-04T10:20:30.000Z',
    success: true,
    failureReason: null,
    ip: '10.0.0.1',
    userAgent: 'Chrome',
    latitude: null,
    longitude: null,
    ...overrides,
  };
}

beforeEach(() => {
  jest.resetAllMocks();
  jest.mocked(fetchLoginReportRows).mockResolvedValue({
    results: [
      row(1),
      row(2, { success: false, failureReason: 'wrong_password', latitude: 6.5244, longitude: 3.3792 }),
    ],
    totalCount: 60,
    pageNo: 1,
    pageSize: 25,
  });
});

const setDate = (label: string, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.input(input, { target: { value } });
  fireEvent.blur(input);
};

describe('LoginReport', () => {
  it('opens on the last 30 days, exports only after a report is generated', async () => {
    render(<LoginReport />);
    expect(screen.getByRole('heading', { name: 'Affiliate Login Report' })).toBeTruthy();
    const today = pickerDate(formatDate(new Date()));
    const monthAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 30);
    expect((screen.getByLabelText('Start Date') as HTMLInputElement).value).toBe(formatDate(monthAgo));
    expect((screen.getByLabelText('End Date') as HTMLInputElement).value).toBe(formatDate(today));
    const exportButton = screen.getByRole('button', { name: 'Export to Excel' }) as HTMLButtonElement;
    expect(exportButton.disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    await waitFor(() => expect(exportButton.disabled).toBe(false));
    expect(fetchLoginReportRows).toHaveBeenCalledWith(
      { fromDate: formatDate(monthAgo), toDate: formatDate(today), search: '' },
      1,
      SIGNAL,
    );
    const rows = within(screen.getByRole('table', { name: 'Affiliate Login Report' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '2',
      'AFF100002Affiliate 2',
      'affiliate2@example.com',
      expect.stringMatching(new RegExp(`^${formatDate('2025-03-04T10:20:30.000Z')}\\d\\d:20:30$`)),
      'FailedWrong password',
      '10.0.0.1',
      '6.5244, 3.3792',
    ]);
    expect(screen.getByText(/60 sign-ins from/)).toBeTruthy();

    jest.mocked(requestLoginReportExport).mockResolvedValue({ excelPath: '/api/report/download?token=t' });
    fireEvent.click(exportButton);
    await waitFor(() => expect(downloadReport).toHaveBeenCalledWith('/api/report/download?token=t'));
    expect(requestLoginReportExport).toHaveBeenCalledWith({
      fromDate: formatDate(monthAgo),
      toDate: formatDate(today),
      search: '',
    });
  });

  it('sends the chosen dates and search, and pages through the rows', async () => {
    render(<LoginReport />);
    setDate('Start Date', '2025-01-01');
    setDate('End Date', '2025-01-31');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' ada ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    await waitFor(() =>
      expect(fetchLoginReportRows).toHaveBeenCalledWith(
        { fromDate: '2025-01-01', toDate: '2025-01-31', search: 'ada' },
        1,
        SIGNAL,
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(fetchLoginReportRows).toHaveBeenLastCalledWith(
        { fromDate: '2025-01-01', toDate: '2025-01-31', search: 'ada' },
        3,
        SIGNAL,
      ),
    );
  });

  it('never loads or counts a generated report with the filter it had before Generate Report', async () => {
    render(<LoginReport />);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(await screen.findByText(/60 sign-ins from .*matching “ada”/)).toBeTruthy();
    for (const [filter] of jest.mocked(fetchLoginReportRows).mock.calls) expect(filter.search).toBe('ada');
  });

  it('offers no Export on a report of 0 rows, and says why', async () => {
    jest
      .mocked(fetchLoginReportRows)
      .mockResolvedValue({ results: [], totalCount: 0, pageNo: 1, pageSize: 25 });
    render(<LoginReport />);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(await screen.findByText('No sign-ins in this period.')).toBeTruthy();
    const exportButton = screen.getByRole('button', { name: 'Export to Excel' }) as HTMLButtonElement;
    expect(exportButton.disabled).toBe(true);
    expect(screen.getByText('Nothing to export: no sign-ins in this period.')).toBeTruthy();
    expect(requestLoginReportExport).not.toHaveBeenCalled();
  });

  it('never exports the old range after the fields change: Export waits for Generate Report', async () => {
    jest.mocked(requestLoginReportExport).mockResolvedValue({ excelPath: '/api/report/download?token=t' });
    render(<LoginReport />);
    setDate('Start Date', '2025-01-01');
    setDate('End Date', '2025-01-31');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    const exportButton = screen.getByRole('button', { name: 'Export to Excel' }) as HTMLButtonElement;
    await waitFor(() => expect(exportButton.disabled).toBe(false));

    setDate('Start Date', '2025-02-01');
    setDate('End Date', '2025-02-28');
    expect(exportButton.disabled).toBe(true);
    expect(screen.getByText('The dates or search changed: press Generate Report, then export.')).toBeTruthy();
    // Back to the dates on screen: the report shown is what the fields say again.
    setDate('Start Date', '2025-01-01');
    setDate('End Date', '2025-01-31');
    expect(exportButton.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ada' } });
    expect(exportButton.disabled).toBe(true);

    setDate('Start Date', '2025-02-01');
    setDate('End Date', '2025-02-28');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    await waitFor(() => expect(exportButton.disabled).toBe(false));
    fireEvent.click(exportButton);
    await waitFor(() => expect(downloadReport).toHaveBeenCalledWith('/api/report/download?token=t'));
    expect(requestLoginReportExport).toHaveBeenCalledTimes(1);
    expect(requestLoginReportExport).toHaveBeenCalledWith({
      fromDate: '2025-02-01',
      toDate: '2025-02-28',
      search: 'ada',
    });
  });

  it('refuses an End Date before the Start Date', async () => {
    render(<LoginReport />);
    setDate('Start Date', '2025-02-10');
    setDate('End Date', '2025-02-01');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Start Date must be on or before End Date.');
    expect(fetchLoginReportRows).not.toHaveBeenCalled();
  });

  it('shows sign-in days and times in business time', async () => {
    jest.mocked(fetchLoginReportRows).mockResolvedValue({
      results: [row(1, { loggedAt: '2025-03-04T23:56:07.000Z' })],
      totalCount: 1,
      pageNo: 1,
      pageSize: 25,
    });
    render(<LoginReport />);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    const table = await screen.findByRole('table', { name: 'Affiliate Login Report' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    expect(cells[3].textContent).toBe('2025-03-0500:56:07');
  });

  it('shows a failed report as an error with Retry, not as "No sign-ins"', async () => {
    jest.mocked(fetchLoginReportRows).mockRejectedValueOnce(new Error('500'));
    render(<LoginReport />);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The login report could not be loaded.');
    expect(screen.queryByText('No sign-ins in this period.')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Login report pages' })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/60 sign-ins from/)).toBeTruthy();
  });

  it('opens a report from its address, on the page it names', async () => {
    render(<LoginReport />, '/reports?fromDate=2025-01-01&toDate=2025-01-31&page=2');
    await waitFor(() =>
      expect(fetchLoginReportRows).toHaveBeenCalledWith(
        { fromDate: '2025-01-01', toDate: '2025-01-31', search: '' },
        2,
        SIGNAL,
      ),
    );
    expect((screen.getByLabelText('Start Date') as HTMLInputElement).value).toBe('2025-01-01');
  });
});
