import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { notify, useSessionStore } from '@portal/shared-ui';
import ReKycPage from '../re-kyc-page';
import { AxiosError, AxiosHeaders } from 'axios';
import { AFFILIATE_COMPLETE_RIGHTS, AFFILIATE_REJECTED_RIGHTS } from '@portal/contracts';
import type { LoginResponse } from '@portal/contracts';
import { fetchReKycData, resolveReKycAccountName, submitReKyc } from '../re-kyc-api';

jest.mock('../re-kyc-api', () => ({
  ...jest.requireActual('../re-kyc-api'),
  fetchReKycData: jest.fn(),
  submitReKyc: jest.fn(),
  resolveReKycAccountName: jest.fn(),
}));

function affiliateSession(userRights: readonly string[]): LoginResponse {
  return {
    roleID: 3,
    userRole: 'Affiliate',
    email: 'chidi@example.test',
    fullName: 'Chidi Okafor',
    userRights: [...userRights],
    forcePasswordUpdate: false,
    token: 'token',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  } as LoginResponse;
}

function refusal(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('refused', 'ERR', config, {}, { data, status, statusText: '', headers: {}, config });
}

const data = {
  details: {
    affiliateID: 41,
    affiliateCode: 'AFF100041',
    fullName: 'Chidi Okafor',
    email: 'chidi@example.test',
    phoneCode: '+234',
    mobileNumber: '8031234567',
    identityType: 'BVN' as const,
    ninOrBVN: '12345678901',
    bankID: 2,
    bankName: 'Guaranty Trust Bank',
    accountNumber: '0123456789',
    status: 'KYC Rejected' as const,
    remark: 'BVN does not match the name',
  },
  banks: [
    { bankID: 1, bankName: 'Access Bank' },
    { bankID: 2, bankName: 'Guaranty Trust Bank' },
  ],
};

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/re-kyc']}>
      <Routes>
        <Route path="/re-kyc" element={<ReKycPage />} />
        <Route path="/login" element={<p>login page</p>} />
        <Route path="/affiliate-dashboard" element={<p>affiliate dashboard</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.mocked(fetchReKycData).mockResolvedValue({ details: { ...data.details }, banks: [...data.banks] });
  jest.mocked(submitReKyc).mockResolvedValue('KYC updated successfully!');
  jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
});
afterEach(() => {
  jest.restoreAllMocks();
  useSessionStore.getState().signOut();
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/**
 * Types as a keyboard does, one character at a time: a browser takes no character past the field's maxLength
 * (fireEvent.change alone would set any value whatever the field allows).
 */
function typeKeys(label: string, text: string) {
  const field = input(label);
  fireEvent.change(field, { target: { value: '' } });
  for (const character of text) {
    if (field.maxLength >= 0 && field.value.length >= field.maxLength) break;
    fireEvent.change(field, { target: { value: field.value + character } });
  }
}

describe('ReKycPage', () => {
  it('shows the profile: name, NIN or BVN, bank and account editable; email, mobile, identity type read-only', async () => {
    renderPage();
    expect(await screen.findByDisplayValue('Chidi Okafor')).toBeTruthy();
    expect(screen.getByTestId('rejection-remark').textContent).toContain('BVN does not match the name');
    expect(input('Email').readOnly).toBe(true);
    expect(input('Email').value).toBe('chidi@example.test');
    expect(input('Mobile Number').readOnly).toBe(true);
    expect(input('Mobile Number').value).toBe('+234 8031234567');
    expect(input('Identity Type').readOnly).toBe(true);
    expect(input('Full Name').readOnly).toBe(false);
    expect(input('NIN or BVN').placeholder).toBe('Enter a valid 11-digit number');
    // '123 456 789 01' or '123-456-789-01' fits whole: the number is stripped to digits, not cut at 11 characters.
    expect(input('NIN or BVN').maxLength).toBeGreaterThanOrEqual('1-2-3-4-5-6-7-8-9-0-1'.length);
    expect(input('Account Number').readOnly).toBe(false);
  });

  it.each([
    ['Full Name', '', 'Please provide full name.'],
    ['NIN or BVN', '', 'Please provide NIN or BVN.'],
    ['NIN or BVN', '12345678901', 'provided NIN or BVN is not valid.'],
    ['Account Number', '', 'Please provide Account Number.'],
  ])(
    'refuses %s = %j with %s under the field, no toast, and sends nothing',
    async (label, value, message) => {
      renderPage();
      await screen.findByDisplayValue('Chidi Okafor');
      // The stored BVN is a sequence; give a valid one unless that field is the one under test.
      if (label !== 'NIN or BVN') fireEvent.change(input('NIN or BVN'), { target: { value: '22334455667' } });
      fireEvent.change(input(label), { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      // The message is under its field; a toast over the Submit button on a phone would only repeat it.
      expect(notify.error).not.toHaveBeenCalled();
      expect(submitReKyc).not.toHaveBeenCalled();
    },
  );

  it('submits the corrected details with the read-only ones unchanged, shows the message and logs out', async () => {
    const signOut = jest.spyOn(useSessionStore.getState(), 'signOut');
    renderPage();
    await screen.findByDisplayValue('Chidi Okafor');
    fireEvent.change(input('Full Name'), { target: { value: 'Chidi E. Okafor' } });
    fireEvent.change(input('NIN or BVN'), { target: { value: '22334455667' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(submitReKyc).toHaveBeenCalledWith({
      affiliateID: 41,
      fullName: 'Chidi E. Okafor',
      email: 'chidi@example.test',
      mobileNumber: '8031234567',
      identityType: 'BVN',
      ninOrBVN: '22334455667',
      bankID: 2,
      accountNumber: '0123456789',
    });
    expect(notify.success).toHaveBeenCalledWith('KYC updated successfully!');
    expect(signOut).toHaveBeenCalled();
  });

  // Issue 26 item 12. Spec §5: 'Stripped to digits, it must be exactly 11 digits'.
  it('keeps a number typed with spaces or dashes whole in the field and sends its 11 digits', async () => {
    renderPage();
    await screen.findByDisplayValue('Chidi Okafor');
    typeKeys('NIN or BVN', '223-344 556-67');
    expect(input('NIN or BVN').value).toBe('223-344 556-67');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(submitReKyc).toHaveBeenCalledWith(expect.objectContaining({ ninOrBVN: '22334455667' }));
  });

  it("shows 'KYC updated successfully!' when the server sends no message", async () => {
    jest.mocked(submitReKyc).mockResolvedValue('');
    renderPage();
    await screen.findByDisplayValue('Chidi Okafor');
    fireEvent.change(input('NIN or BVN'), { target: { value: '22334455667' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('KYC updated successfully!'));
  });

  it('stays on the form when the server refuses', async () => {
    jest.mocked(submitReKyc).mockRejectedValue(new Error('refused'));
    renderPage();
    await screen.findByDisplayValue('Chidi Okafor');
    fireEvent.change(input('NIN or BVN'), { target: { value: '22334455667' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByText('login page')).toBeNull();
  });

  it('offers Retry when the details cannot be loaded', async () => {
    jest.mocked(fetchReKycData).mockRejectedValueOnce(new Error('down'));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('Your KYC details could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByDisplayValue('Chidi Okafor')).toBeTruthy();
  });

  it("the server's refusal of a field is shown under that field", async () => {
    jest.mocked(submitReKyc).mockRejectedValue(
      refusal(400, {
        message: 'provided NIN or BVN is not valid.',
        errors: { ninOrBVN: 'provided NIN or BVN is not valid.' },
      }),
    );
    renderPage();
    await screen.findByDisplayValue('Chidi Okafor');
    fireEvent.change(input('NIN or BVN'), { target: { value: '22334455667' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('provided NIN or BVN is not valid.');
    expect(input('NIN or BVN').getAttribute('aria-invalid')).toBe('true');
  });

  it("'KYC updated successfully!' is a sign-in screen's toast: the session is gone before it is shown", async () => {
    useSessionStore.getState().signIn(affiliateSession(AFFILIATE_REJECTED_RIGHTS));
    const signedInWhenShown: boolean[] = [];
    jest.mocked(notify.success).mockImplementation(() => {
      signedInWhenShown.push(useSessionStore.getState().userDetails !== null);
      return 'toast';
    });
    renderPage();
    await screen.findByDisplayValue('Chidi Okafor');
    fireEvent.change(input('NIN or BVN'), { target: { value: '22334455667' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(signedInWhenShown).toEqual([false]);
  });

  it('an affiliate whose KYC is complete is told there is nothing to redo and where to go; no Retry, no call', async () => {
    useSessionStore.getState().signIn(affiliateSession(AFFILIATE_COMPLETE_RIGHTS));
    jest.mocked(fetchReKycData).mockClear();
    renderPage();
    expect((await screen.findByRole('status')).textContent).toContain('There is nothing to redo');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(fetchReKycData).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Go Home' }));
    expect(await screen.findByText('affiliate dashboard')).toBeTruthy();
  });
});

describe('ReKycPage: account name (issue 27)', () => {
  it('does not check the account on file on arrival, then shows the name once the number changes', async () => {
    jest.mocked(resolveReKycAccountName).mockResolvedValue({
      status: 'resolved',
      accountName: 'CHIDI OKAFOR',
      message: 'Account name: CHIDI OKAFOR',
    });
    renderPage();
    await screen.findByDisplayValue('Chidi Okafor');
    expect(resolveReKycAccountName).not.toHaveBeenCalled();
    fireEvent.change(input('Account Number'), { target: { value: '0123456780' } });
    expect(await screen.findByText('Account name: CHIDI OKAFOR', {}, { timeout: 3000 })).toBeTruthy();
    expect(resolveReKycAccountName).toHaveBeenCalledTimes(1);
    expect(resolveReKycAccountName).toHaveBeenCalledWith(2, '0123456780');
    expect(input('Account Number').getAttribute('aria-describedby')).toContain('accountNumber-name');
  });

  it('a failed check is a line under the field, and Submit still sends the re-KYC', async () => {
    jest.mocked(resolveReKycAccountName).mockRejectedValue(new Error('Network Error'));
    renderPage();
    await screen.findByDisplayValue('Chidi Okafor');
    fireEvent.change(input('NIN or BVN'), { target: { value: '22334455667' } });
    fireEvent.change(input('Account Number'), { target: { value: '0123456780' } });
    expect(
      await screen.findByText(
        'We could not check the account name just now. You can still continue; the reviewer will check the account.',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(submitReKyc).toHaveBeenCalled());
    expect(notify.error).not.toHaveBeenCalled();
  });
});
