import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AFFILIATE_REJECTED_RIGHTS } from '@portal/contracts';
import type { LoginResponse } from '@portal/contracts';
import { notify, useSessionStore } from '@portal/shared-ui';
import ReKycPage from '../re-kyc-page';
import { fetchReKycData, submitReKyc, uploadReKycSelfie } from '../re-kyc-api';

jest.mock('../re-kyc-api', () => ({
  ...jest.requireActual('../re-kyc-api'),
  fetchReKycData: jest.fn(),
  submitReKyc: jest.fn(),
  uploadReKycSelfie: jest.fn(),
  resolveReKycAccountName: jest.fn(),
}));

const details = {
  affiliateID: 41,
  affiliateCode: 'AFF100041',
  fullName: 'Chidi Okafor',
  email: 'chidi@example.test',
  phoneCode: '+234',
  mobileNumber: '8031234567',
  identityType: 'BVN' as const,
  ninOrBVN: '22334455667',
  bankID: 2,
  bankName: 'Guaranty Trust Bank',
  accountNumber: '0123456789',
  status: 'KYC Rejected' as const,
  remark: 'Selfie: Selfie blurred',
};

function renderWith(returnedParts: { part: 'identityNumber' | 'selfie' | 'bankAccount'; reason: string }[]) {
  jest.mocked(fetchReKycData).mockResolvedValue({
    details: { ...details, returnedParts, selfieRetaken: false },
    banks: [{ bankID: 2, bankName: 'Guaranty Trust Bank' }],
  });
  render(
    <MemoryRouter initialEntries={['/re-kyc']}>
      <Routes>
        <Route path="/re-kyc" element={<ReKycPage />} />
        <Route path="/login" element={<p>login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  useSessionStore.getState().signIn({
    roleID: 3,
    userRole: 'Affiliate',
    email: details.email,
    fullName: details.fullName,
    userRights: [...AFFILIATE_REJECTED_RIGHTS],
    forcePasswordUpdate: false,
    token: 'token',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  } as LoginResponse);
  jest.mocked(submitReKyc).mockResolvedValue('KYC updated successfully!');
  jest.mocked(uploadReKycSelfie).mockResolvedValue('Selfie saved. Submit to send it for review.');
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
});
afterEach(() => {
  jest.restoreAllMocks();
  useSessionStore.getState().signOut();
});

test('a returned selfie is the only thing asked for; the rest is shown as it is, read-only', async () => {
  renderWith([{ part: 'selfie', reason: 'Selfie blurred' }]);
  expect((await screen.findByTestId('returned-parts')).textContent).toBe('To correct:Selfie: Selfie blurred');
  for (const label of ['Full Name', 'NIN or BVN', 'Bank', 'Account Number'])
    expect(screen.getByLabelText(label).hasAttribute('readonly')).toBe(true);

  // Submit before the new selfie: asked under the selfie, nothing sent.
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  });
  expect(screen.getByRole('alert').textContent).toBe('Please take your selfie again.');
  expect(submitReKyc).not.toHaveBeenCalled();

  const file = new File([new Uint8Array([137, 80, 78, 71])], 'selfie.png', { type: 'image/png' });
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Take your selfie again'), { target: { files: [file] } });
  });
  expect(uploadReKycSelfie).toHaveBeenCalledWith(file);
  expect(screen.getByText('Selfie saved. Submit to send it for review.')).toBeTruthy();
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
  });
  expect(submitReKyc).toHaveBeenCalledWith(
    expect.objectContaining({ ninOrBVN: details.ninOrBVN, accountNumber: details.accountNumber }),
  );
  expect(await screen.findByText('login page')).toBeTruthy();
});

test('a returned bank account asks for the bank, the number and the name, and keeps the BVN read-only', async () => {
  renderWith([{ part: 'bankAccount', reason: 'Account name does not match' }]);
  await screen.findByTestId('returned-parts');
  expect(screen.getByLabelText('NIN or BVN').hasAttribute('readonly')).toBe(true);
  expect(screen.getByLabelText('Account Number').hasAttribute('readonly')).toBe(false);
  expect(screen.getByLabelText('Full Name').hasAttribute('readonly')).toBe(false);
  expect(screen.queryByLabelText('Take your selfie again')).toBeNull();
});
