import { AxiosError, AxiosHeaders } from 'axios';
import type { InternalAxiosRequestConfig } from 'axios';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AffiliateDetails, AffiliateSummary } from '@portal/contracts';
import { AffiliateList } from '../affiliate-list';
import * as api from '../affiliate-api';
import { eraseConfirmMessage } from '../affiliate-view-modal';
import { eraseOwedMessage } from '../erase-confirm';
import { notify } from '../../toasts';

// Issue 29, erasure: an admin erases an Inactive affiliate's personal data from the view modal, after a
// confirmation.
jest.mock('../affiliate-api');
jest.mock('../../toasts', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));
jest.mock('../../login-report/excel-download', () => ({ downloadReport: jest.fn() }));
jest.mock('../selfie-image', () => ({ SelfieImage: ({ alt }: { alt: string }) => <img alt={alt} /> }));

const mocked = jest.mocked(api);

const inactive: AffiliateSummary = {
  affiliateID: 7,
  affiliateCode: 'AFF100007',
  fullName: 'Chiamaka Nwosu',
  email: 'chiamaka@example.com',
  phoneCode: '+234',
  mobileNumber: '8031234507',
  identityType: 'BVN',
  ninOrBVN: '••••••••901',
  bankID: 1,
  accountNumber: '•••••••789',
  selfieImagePath: null,
  status: 'Inactive',
  createdDate: '2025-03-04T10:00:00.000Z',
};

function details(overrides: Partial<AffiliateDetails> = {}): AffiliateDetails {
  return {
    ...inactive,
    bankName: 'Access Bank',
    countryID: 1,
    countryName: 'Nigeria',
    remark: null,
    updatedDate: inactive.createdDate,
    flags: [],
    bankVerification: null,
    history: [],
    allowedActions: ['activate'],
    erasedOn: null,
    canErase: true,
    ...overrides,
  };
}

function conflict(message: string): AxiosError {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  const response = { data: { message }, status: 409, statusText: 'Conflict', headers: {}, config };
  return new AxiosError('Request failed with status code 409', 'ERR_BAD_REQUEST', config, {}, response);
}

async function openModal() {
  render(
    <MemoryRouter initialEntries={['/list']}>
      <AffiliateList mode="admin" />
    </MemoryRouter>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'View AFF100007' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('Access Bank');
  return dialog;
}

beforeEach(() => {
  jest.resetAllMocks();
  mocked.fetchAffiliatePage.mockResolvedValue({
    results: [inactive],
    totalCount: 1,
    pageNo: 1,
    pageSize: 10,
  });
  mocked.fetchMoneyOwed.mockResolvedValue({ pending: '0.00', available: '0.00', inPayout: '0.00' });
});

describe('Erase Personal Data (issue 29)', () => {
  it('asks first (Cancel is the safe default), then erases, toasts, closes and reloads the list', async () => {
    mocked.fetchAffiliateDetails.mockResolvedValue(details());
    mocked.eraseAffiliate.mockResolvedValue({
      message: 'Personal data erased.',
      affiliateID: 7,
      affiliateCode: 'AFF100007',
    });
    const dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase Personal Data' }));
    expect(await screen.findByText(eraseConfirmMessage('AFF100007'))).toBeTruthy();
    expect(mocked.eraseAffiliate).not.toHaveBeenCalled();
    // The dialog gives Cancel the focus once it has entered (onShow), a task later on a busy machine.
    await waitFor(() => expect(document.activeElement?.textContent?.trim()).toBe('Cancel'));
    fireEvent.click(screen.getByRole('button', { name: 'Erase' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Personal data erased.'));
    expect(mocked.eraseAffiliate).toHaveBeenCalledWith(7, undefined);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mocked.fetchAffiliatePage).toHaveBeenCalledTimes(2);
  });

  it('money owed (issue 48): the question states it and Erase waits for how it was settled, which is sent', async () => {
    mocked.fetchAffiliateDetails.mockResolvedValue(details());
    mocked.fetchMoneyOwed.mockResolvedValue({ pending: '8750.00', available: '999.99', inPayout: '0.00' });
    mocked.eraseAffiliate.mockResolvedValue({
      message: 'Personal data erased.',
      affiliateID: 7,
      affiliateCode: 'AFF100007',
    });
    const dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase Personal Data' }));
    expect(
      await screen.findByText(eraseOwedMessage('AFF100007', '₦8,750.00 pending and ₦999.99 available')),
    ).toBeTruthy();
    const erase = screen.getByRole('button', { name: 'Erase' }) as HTMLButtonElement;
    expect(erase.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('How was it settled? (required)'), { target: { value: 'ok' } });
    expect(erase.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('How was it settled? (required)'), {
      target: { value: ' Paid by cheque 004411 ' },
    });
    expect(erase.disabled).toBe(false);
    fireEvent.click(erase);
    await waitFor(() => expect(mocked.eraseAffiliate).toHaveBeenCalledWith(7, 'Paid by cheque 004411'));
  });

  it('what is owed could not be checked: it says so and Erase stays disabled', async () => {
    mocked.fetchAffiliateDetails.mockResolvedValue(details());
    mocked.fetchMoneyOwed.mockRejectedValue(new Error('down'));
    const dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase Personal Data' }));
    expect(
      await screen.findByText(
        'What AFF100007 is owed could not be checked, so it cannot be erased now. Close and try again.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Erase' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('Cancel erases nothing and keeps the modal', async () => {
    mocked.fetchAffiliateDetails.mockResolvedValue(details());
    const dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase Personal Data' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(eraseConfirmMessage('AFF100007'))).toBeNull());
    expect(mocked.eraseAffiliate).not.toHaveBeenCalled();
    expect(within(dialog).getByText('Chiamaka Nwosu')).toBeTruthy();
  });

  it('erased meanwhile (409): the details refresh and show when it was erased, without the action', async () => {
    mocked.fetchAffiliateDetails.mockResolvedValueOnce(details());
    mocked.fetchAffiliateDetails.mockResolvedValue(
      details({
        fullName: 'Erased affiliate AFF100007',
        canErase: false,
        allowedActions: [],
        erasedOn: '2026-11-28T03:00:00.000Z',
      }),
    );
    mocked.eraseAffiliate.mockRejectedValue(
      conflict("This affiliate's personal data has already been erased."),
    );
    const dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase Personal Data' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Erase' }));
    expect(await within(dialog).findByText('Erased affiliate AFF100007')).toBeTruthy();
    expect(within(dialog).getByText('Personal Data Erased')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Erase Personal Data' })).toBeNull();
  });

  it('is not offered when the server says the caller may not erase', async () => {
    mocked.fetchAffiliateDetails.mockResolvedValue(details({ canErase: false }));
    const dialog = await openModal();
    expect(within(dialog).queryByRole('button', { name: 'Erase Personal Data' })).toBeNull();
  });
});
