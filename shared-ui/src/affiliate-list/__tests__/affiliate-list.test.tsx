import { AxiosError, AxiosHeaders } from 'axios';
import type { InternalAxiosRequestConfig } from 'axios';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AffiliateList } from '../affiliate-list';
import * as api from '../affiliate-api';
import { notify } from '../../toasts';
import { downloadReport } from '../../login-report/excel-download';
import type { AffiliateDetails, AffiliatePage, AffiliateSummary } from '@portal/contracts';

jest.mock('../affiliate-api');
jest.mock('../../toasts', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));
jest.mock('../../login-report/excel-download', () => ({ downloadReport: jest.fn() }));
jest.mock('../selfie-image', () => ({ SelfieImage: ({ alt }: { alt: string }) => <img alt={alt} /> }));

function affiliate(n: number, overrides: Partial<AffiliateSummary> = {}): AffiliateSummary {
  return {
    affiliateID: n,
    affiliateCode: `AFF${100000 + n}`,
    fullName: `Affiliate ${n}`,
    email: `affiliate${n}@example.com`,
    phoneCode: '+234',
    mobileNumber: `80312345${String(n).padStart(2, '0')}`,
    identityType: 'BVN',
    ninOrBVN: '22345678901',
    bankID: 1,
    accountNumber: '0123456789',
    selfieImagePath: null,
    status: 'KYC Pending',
    createdDate: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

function page(results: AffiliateSummary[], totalCount = results.length, pageNo = 1): AffiliatePage {
  return { results, totalCount, pageNo, pageSize: 10 };
}

function details(summary: AffiliateSummary, overrides: Partial<AffiliateDetails> = {}): AffiliateDetails {
  return {
    ...summary,
    bankName: 'Access Bank',
    countryID: 1,
    countryName: 'Nigeria',
    remark: null,
    updatedDate: summary.createdDate,
    flags: [],
    bankVerification: null,
    history: [],
    allowedActions: ['approve', 'reject', 'activate', 'inactivate'],
    ...overrides,
  };
}

const mocked = jest.mocked(api);

/** The gateway's answer to a decision made against a status the affiliate has left. */
function conflict(message: string): AxiosError {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  const response = { data: { message }, status: 409, statusText: 'Conflict', headers: {}, config };
  return new AxiosError('Request failed with status code 409', 'ERR_BAD_REQUEST', config, {}, response);
}
/** Each page request carries the signal that cancels it when the list asks again or closes. */
const SIGNAL = expect.any(AbortSignal);

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderList(mode: 'admin' | 'backoffice', url = '/list') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AffiliateList mode={mode} />
      <Location />
    </MemoryRouter>,
  );
}

const rowsOf = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );

beforeEach(() => {
  jest.resetAllMocks();
  mocked.fetchAffiliatePage.mockResolvedValue(page([affiliate(1), affiliate(2, { status: 'Inactive' })], 2));
});

describe('AffiliateList', () => {
  it('shows the spec columns for one server page of 10', async () => {
    renderList('backoffice');
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Sr No',
      'Affiliate ID',
      'Name',
      'Email',
      'Contact Number',
      'Status',
      'Registration Date',
      'Actions',
    ]);
    expect(rowsOf()[0]).toEqual([
      '1',
      'AFF100001',
      'Affiliate 1',
      'affiliate1@example.com',
      '+234-8031234501',
      'KYC Pending',
      '2025-03-04',
      expect.any(String),
    ]);
    expect(mocked.fetchAffiliatePage).toHaveBeenLastCalledWith(
      { page: 1, search: '', status: 'all' },
      SIGNAL,
    );
  });

  it('opens pre-filtered from a dashboard link and keeps the filter in the address', async () => {
    renderList('backoffice', '/list?status=pending');
    await waitFor(() =>
      expect(mocked.fetchAffiliatePage).toHaveBeenLastCalledWith(
        { page: 1, search: '', status: 'pending' },
        SIGNAL,
      ),
    );
    expect((screen.getByLabelText('Status') as HTMLInputElement).value).toBe('KYC Pending');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/list'));
    await waitFor(() =>
      expect(mocked.fetchAffiliatePage).toHaveBeenLastCalledWith(
        { page: 1, search: '', status: 'all' },
        SIGNAL,
      ),
    );
  });

  it('searches 500 ms after the last keystroke, from page 1', async () => {
    jest.useFakeTimers();
    try {
      mocked.fetchAffiliatePage.mockResolvedValue(page([affiliate(1)], 35));
      renderList('backoffice');
      await act(async () => {});
      fireEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
      await act(async () => {});
      expect(mocked.fetchAffiliatePage).toHaveBeenLastCalledWith(
        { page: 3, search: '', status: 'all' },
        SIGNAL,
      );
      const calls = mocked.fetchAffiliatePage.mock.calls.length;
      const box = screen.getByRole('searchbox', { name: 'Search' });
      fireEvent.change(box, { target: { value: 'ad' } });
      await act(async () => jest.advanceTimersByTime(300));
      fireEvent.change(box, { target: { value: 'ada ' } });
      await act(async () => jest.advanceTimersByTime(499));
      expect(mocked.fetchAffiliatePage).toHaveBeenCalledTimes(calls);
      await act(async () => jest.advanceTimersByTime(1));
      expect(mocked.fetchAffiliatePage).toHaveBeenCalledTimes(calls + 1);
      expect(mocked.fetchAffiliatePage).toHaveBeenLastCalledWith(
        { page: 1, search: 'ada', status: 'all' },
        SIGNAL,
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives admins Download Excel of the list as filtered, and back office none', async () => {
    mocked.requestAffiliateReport.mockResolvedValue({ excelPath: '/api/report/download/x.xlsx?token=abc' });
    const { unmount } = renderList('admin', '/list?status=active');
    fireEvent.click(await screen.findByRole('button', { name: 'Download Excel' }));
    await waitFor(() => expect(downloadReport).toHaveBeenCalledWith('/api/report/download/x.xlsx?token=abc'));
    // Masked numbers unless the admin asks for the full ones (issue 29).
    expect(mocked.requestAffiliateReport).toHaveBeenCalledWith({ search: '', status: 'active' }, false);
    fireEvent.click(screen.getByLabelText('Full BVN/NIN and account numbers (recorded on each affiliate)'));
    fireEvent.click(screen.getByRole('button', { name: 'Download Excel' }));
    await waitFor(() =>
      expect(mocked.requestAffiliateReport).toHaveBeenLastCalledWith({ search: '', status: 'active' }, true),
    );
    unmount();
    renderList('backoffice');
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Download Excel' })).toBeNull();
  });

  it('makes an affiliate inactive after the confirmation, then reloads', async () => {
    mocked.inactivateAffiliate.mockResolvedValue({ message: 'ok' });
    renderList('backoffice');
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    expect(
      (screen.getByRole('button', { name: 'Make AFF100002 inactive' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Make AFF100001 inactive' }));
    expect(await screen.findByText('Are you sure you want to Inactive this user?')).toBeTruthy();
    const calls = mocked.fetchAffiliatePage.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('User Inactive successfully.'));
    expect(mocked.inactivateAffiliate).toHaveBeenCalledWith(1);
    await waitFor(() => expect(mocked.fetchAffiliatePage.mock.calls.length).toBe(calls + 1));
  });

  it('says so when nothing matches', async () => {
    mocked.fetchAffiliatePage.mockResolvedValue(page([], 0));
    renderList('backoffice');
    expect(await screen.findByText('No affiliates found.')).toBeTruthy();
  });

  it('shows a failed load as an error with Retry, not as an empty list, and Retry loads again', async () => {
    mocked.fetchAffiliatePage.mockRejectedValueOnce(new Error('500'));
    renderList('backoffice');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The affiliates could not be loaded.');
    expect(screen.queryByText('No affiliates found.')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Affiliate Users pages' })).toBeNull();
    expect(screen.queryByText('No records')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Affiliate Users pages' })).toBeTruthy();
  });

  it('neither says "No records" nor shows a pager while the first page loads', async () => {
    mocked.fetchAffiliatePage.mockReturnValue(new Promise(() => undefined));
    renderList('backoffice');
    await act(async () => {});
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('No records')).toBeNull();
    expect(screen.queryByText('No affiliates found.')).toBeNull();
  });

  it('shows the registration day in business time: 23:56 UTC is the next day in Lagos', async () => {
    mocked.fetchAffiliatePage.mockResolvedValue(
      page([affiliate(1, { createdDate: '2025-03-04T23:56:00.000Z' })]),
    );
    renderList('backoffice');
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    expect(rowsOf()[0][6]).toBe('2025-03-05');
  });

  it('keeps the page and the search in the address', async () => {
    mocked.fetchAffiliatePage.mockResolvedValue(page([affiliate(1)], 35));
    renderList('backoffice', '/list?search=ada&page=2');
    await waitFor(() =>
      expect(mocked.fetchAffiliatePage).toHaveBeenLastCalledWith(
        { page: 2, search: 'ada', status: 'all' },
        SIGNAL,
      ),
    );
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('ada');
    fireEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/list?search=ada&page=3'));
  });
});

describe('view modal', () => {
  it('shows the numbers masked; Show fetches the clear ones and reloads the history that records it', async () => {
    const masked = affiliate(1, { ninOrBVN: '••••••••901', accountNumber: '•••••••789' });
    mocked.fetchAffiliateDetails.mockResolvedValue(details(masked));
    mocked.fetchAffiliateNumber.mockImplementation(async (_id, field) => ({
      field,
      value: field === 'ninOrBVN' ? '22345678901' : '0123456789',
    }));
    renderList('backoffice');
    fireEvent.click(await screen.findByRole('button', { name: 'View AFF100001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Affiliate Details' });
    expect(await within(dialog).findByText('••••••••901')).toBeTruthy();
    expect(within(dialog).getByText('•••••••789')).toBeTruthy();
    expect(within(dialog).queryByText('22345678901')).toBeNull();
    const detailCalls = mocked.fetchAffiliateDetails.mock.calls.length;
    mocked.fetchAffiliateDetails.mockResolvedValue(
      details(masked, {
        history: [
          {
            auditID: 9,
            action: 'affiliate.account-number.show',
            title: 'Account number shown',
            fromStatus: null,
            toStatus: null,
            remark: null,
            actorName: 'Bola Backoffice',
            actorRole: 'Backoffice',
            createdOn: '2025-03-05T10:00:00.000Z',
          },
        ],
      }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show Account Number' }));
    expect(await within(dialog).findByText('0123456789')).toBeTruthy();
    // Issue 48: the account number only; the BVN stays masked until its own Show.
    expect(within(dialog).queryByText('22345678901')).toBeNull();
    expect(within(dialog).getByText('••••••••901')).toBeTruthy();
    expect(mocked.fetchAffiliateNumber.mock.calls).toEqual([[1, 'accountNumber']]);
    expect(await within(dialog).findByText(/Account number shown/)).toBeTruthy();
    expect(mocked.fetchAffiliateDetails.mock.calls.length).toBe(detailCalls + 1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show BVN' }));
    expect(await within(dialog).findByText('22345678901')).toBeTruthy();
    expect(mocked.fetchAffiliateNumber.mock.calls).toEqual([
      [1, 'accountNumber'],
      [1, 'ninOrBVN'],
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide BVN' }));
    expect(within(dialog).queryByText('22345678901')).toBeNull();
    expect(within(dialog).getByText('0123456789')).toBeTruthy();
  });

  it('refuses to reject without a remark, then rejects, closes and reloads', async () => {
    mocked.fetchAffiliateDetails.mockResolvedValue(details(affiliate(1)));
    mocked.decideKyc.mockResolvedValue({ message: 'x', affiliateID: 1, status: 'KYC Rejected' });
    renderList('backoffice');
    fireEvent.click(await screen.findByRole('button', { name: 'View AFF100001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Affiliate Details' });
    await within(dialog).findByText('Access Bank');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please provide remark.');
    expect(mocked.decideKyc).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: ' Selfie is blurred ' } });
    const calls = mocked.fetchAffiliatePage.mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Rejected successfully.'));
    expect(mocked.decideKyc).toHaveBeenCalledWith(1, false, ' Selfie is blurred ', 'KYC Pending');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Affiliate Details' })).toBeNull());
    expect(mocked.fetchAffiliatePage.mock.calls.length).toBe(calls + 1);
  });

  it('asks before Close or Escape throws away a typed remark, and closes at once without one', async () => {
    mocked.fetchAffiliateDetails.mockResolvedValue(details(affiliate(1)));
    renderList('backoffice');
    const opener = await screen.findByRole('button', { name: 'View AFF100001' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Affiliate Details' });
    await within(dialog).findByText('Access Bank');
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'Selfie is blurred' } });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    const question = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    fireEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());
    expect((within(dialog).getByLabelText('Remark') as HTMLTextAreaElement).value).toBe('Selfie is blurred');

    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: '' } });
    const footerClose = within(dialog)
      .getAllByRole('button', { name: 'Close' })
      .find((button) => button.textContent === 'Close')!;
    fireEvent.click(footerClose);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Affiliate Details' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull();
  });

  it('approves without a remark', async () => {
    mocked.fetchAffiliateDetails.mockResolvedValue(details(affiliate(1, { status: 'KYC Rejected' })));
    mocked.decideKyc.mockResolvedValue({ message: 'x', affiliateID: 1, status: 'KYC Complete' });
    renderList('backoffice');
    fireEvent.click(await screen.findByRole('button', { name: 'View AFF100001' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Access Bank');
    expect(within(dialog).queryByRole('button', { name: 'Reject' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Approved successfully.'));
    expect(mocked.decideKyc).toHaveBeenCalledWith(1, true, '', 'KYC Rejected');
  });

  // Issue 50: the first Approve of a risky case only records it for a second reviewer; the toast says that.
  it('a risky approval waiting for a second reviewer is told as such, not as approved', async () => {
    mocked.fetchAffiliateDetails.mockResolvedValue(details(affiliate(1)));
    mocked.decideKyc.mockResolvedValue({
      message: 'Approval recorded. A second reviewer must confirm it.',
      affiliateID: 1,
      status: 'KYC Pending',
    });
    renderList('backoffice');
    fireEvent.click(await screen.findByRole('button', { name: 'View AFF100001' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Approval recorded. A second reviewer must confirm it.'),
    );
  });

  it('keeps the modal open when the server refuses', async () => {
    mocked.fetchAffiliateDetails.mockResolvedValue(details(affiliate(1)));
    mocked.decideKyc.mockRejectedValue(new Error('409'));
    renderList('backoffice');
    fireEvent.click(await screen.findByRole('button', { name: 'View AFF100001' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('on a decision someone else made first: says who, refreshes the modal and the list, no toast', async () => {
    mocked.fetchAffiliateDetails
      .mockResolvedValueOnce(details(affiliate(1)))
      .mockResolvedValueOnce(
        details(affiliate(1, { status: 'KYC Complete' }), { allowedActions: ['inactivate'] }),
      );
    mocked.decideKyc.mockRejectedValue(conflict('Already approved by Ada Obi.'));
    renderList('backoffice');
    fireEvent.click(await screen.findByRole('button', { name: 'View AFF100001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Affiliate Details' });
    await within(dialog).findByText('Access Bank');
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'Selfie is blurred' } });
    const listCalls = mocked.fetchAffiliatePage.mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain('Already approved by Ada Obi.');
    // The refreshed details, not the spinner shown while they load (Reject is gone from both).
    expect(await within(dialog).findByText('KYC Complete')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(within(dialog).getByRole('alert').textContent).toContain('Already approved by Ada Obi.');
    expect(mocked.decideKyc).toHaveBeenCalledWith(1, false, 'Selfie is blurred', 'KYC Pending');
    expect(mocked.fetchAffiliateDetails).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(mocked.fetchAffiliatePage.mock.calls.length).toBe(listCalls + 1));
    expect(notify.success).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('gives an admin Active on an Inactive affiliate and shows the server message', async () => {
    mocked.fetchAffiliateDetails.mockResolvedValue(details(affiliate(2, { status: 'Inactive' })));
    mocked.activateAffiliate.mockResolvedValue({
      message: 'Activated successfully.',
      affiliateID: 2,
      status: 'KYC Complete',
    });
    renderList('admin');
    fireEvent.click(await screen.findByRole('button', { name: 'View AFF100002' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Access Bank');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim())
        .filter(Boolean),
      // The two numbers' Show buttons (issue 29), then the decisions.
    ).toEqual(['Show', 'Show', 'Active', 'Close']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Active' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Activated successfully.'));
    expect(mocked.activateAffiliate).toHaveBeenCalledWith(2, '', 'Inactive');
  });

  it('gives back office no decision on a KYC Complete affiliate, and shows flags and history', async () => {
    mocked.fetchAffiliateDetails.mockResolvedValue(
      details(affiliate(1, { status: 'KYC Complete' }), {
        allowedActions: ['inactivate'],
        flags: [
          {
            kind: 'ninOrBVN',
            otherAffiliateID: 7,
            otherAffiliateCode: 'AFF100007',
            otherFullName: 'Other Person',
            otherStatus: 'KYC Rejected',
            flaggedOn: '2025-03-04T10:00:00.000Z',
          },
        ],
        history: [
          {
            auditID: 9,
            action: 'affiliate.approve',
            title: 'KYC approved',
            fromStatus: 'KYC Pending',
            toStatus: 'KYC Complete',
            remark: 'All good',
            actorName: 'Bola Backoffice',
            actorRole: 'Backoffice',
            createdOn: '2025-03-05T09:30:00.000Z',
          },
        ],
      }),
    );
    renderList('backoffice');
    fireEvent.click(await screen.findByRole('button', { name: 'View AFF100001' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Possible duplicate identity', { exact: false });
    expect(within(dialog).getByText(/Same NIN\/BVN as AFF100007 Other Person \(KYC Rejected\)/)).toBeTruthy();
    expect(within(dialog).getByText('KYC approved')).toBeTruthy();
    expect(within(dialog).getByText('KYC Pending → KYC Complete')).toBeTruthy();
    expect(within(dialog).getByText(/Bola Backoffice \(Backoffice\)/)).toBeTruthy();
    expect(within(dialog).getByText('“All good”')).toBeTruthy();
    // A long history scrolls in its box: the list is named and takes focus, so a keyboard can scroll it.
    const historyList = within(dialog).getByRole('list', { name: 'History' });
    expect(historyList.tabIndex).toBe(0);
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Reject' })).toBeNull();
    expect((within(dialog).getByLabelText('Remark') as HTMLTextAreaElement).disabled).toBe(true);
  });
});

describe('view modal loading', () => {
  it('offers Retry when the details cannot be loaded, and shows them after', async () => {
    mocked.fetchAffiliateDetails.mockRejectedValueOnce(new Error('500'));
    mocked.fetchAffiliateDetails.mockResolvedValueOnce(details(affiliate(1)));
    renderList('backoffice');
    fireEvent.click(await screen.findByRole('button', { name: 'View AFF100001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Affiliate Details' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain("The affiliate's details could not be loaded.");
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Access Bank')).toBeTruthy();
    expect(mocked.fetchAffiliateDetails).toHaveBeenLastCalledWith(1, SIGNAL);
  });
});

describe('view modal: bank account name (issue 27)', () => {
  it('shows the resolved name and the score beside the flags, without a flag above the threshold', async () => {
    mocked.fetchAffiliateDetails.mockResolvedValue(
      details(affiliate(1), {
        bankVerification: {
          accountName: 'ADAEZE N. OKAFOR',
          nameMatchScore: 88,
          belowThreshold: false,
          reference: 'paystack:ref',
          resolvedOn: '2025-03-04T10:00:00.000Z',
        },
      }),
    );
    renderList('backoffice');
    fireEvent.click(await screen.findByRole('button', { name: 'View AFF100001' }));
    const dialog = await screen.findByRole('dialog');
    const section = await within(dialog).findByRole('region', { name: /Bank account name/ });
    expect(within(section).getByText('Account name: ADAEZE N. OKAFOR')).toBeTruthy();
    expect(within(section).getByText(/Name match: 88% \(resolved 2025-03-04\)/)).toBeTruthy();
    expect(within(section).queryByText(/Below the 75% match threshold/)).toBeNull();
  });

  it('flags a score below the threshold', async () => {
    mocked.fetchAffiliateDetails.mockResolvedValue(
      details(affiliate(1), {
        bankVerification: {
          accountName: 'JOHN SMITH',
          nameMatchScore: 0,
          belowThreshold: true,
          reference: 'paystack:ref',
          resolvedOn: '2025-03-04T10:00:00.000Z',
        },
      }),
    );
    renderList('admin');
    fireEvent.click(await screen.findByRole('button', { name: 'View AFF100001' }));
    const dialog = await screen.findByRole('dialog');
    const section = await within(dialog).findByRole('region', { name: /Bank account name/ });
    expect(within(section).getByText(/Name match: 0%/)).toBeTruthy();
    expect(within(section).getByText(/Below the 75% match threshold/)).toBeTruthy();
  });

  it("says 'not verified' when nothing resolved the account", async () => {
    mocked.fetchAffiliateDetails.mockResolvedValue(details(affiliate(1)));
    renderList('backoffice');
    fireEvent.click(await screen.findByRole('button', { name: 'View AFF100001' }));
    const dialog = await screen.findByRole('dialog');
    const section = await within(dialog).findByRole('region', { name: /Bank account name/ });
    expect(within(section).getByText('not verified')).toBeTruthy();
  });
});
