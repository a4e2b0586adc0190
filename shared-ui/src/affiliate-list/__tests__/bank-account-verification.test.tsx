import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BankAccountVerificationMessages, type BankAccountVerificationState } from '@portal/contracts';
import { BankAccountVerification } from '../bank-account-verification';
import * as api from '../affiliate-api';
import { notify } from '../../toasts';

// Issue 48: the bank-file programme's account verification in the view modal (admin and back office).
jest.mock('../affiliate-api');
jest.mock('../../toasts', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn(), warning: jest.fn() },
}));

const mocked = jest.mocked(api);
const base: BankAccountVerificationState = {
  registeredName: 'Adaeze Okafor',
  account: 'Access Bank ****6789',
  verified: null,
  waiting: null,
};
const waiting = (enteredByMe: boolean): BankAccountVerificationState => ({
  ...base,
  waiting: {
    verificationID: 41,
    accountName: 'NGOZI OKAFOR',
    nameMatchScore: 50,
    enteredBy: 'Bola Backoffice',
    enteredOn: '2026-12-07T10:00:00.000Z',
    enteredByMe,
  },
});

beforeEach(() => jest.resetAllMocks());

test('not verified: the name enquiry form, checked before it is sent, then the section and the modal reload', async () => {
  mocked.fetchBankVerification.mockResolvedValue(base);
  mocked.enquireBankName.mockResolvedValue({
    message: BankAccountVerificationMessages.verified,
    state: base,
  });
  const onChanged = jest.fn();
  render(<BankAccountVerification affiliateID={7} onChanged={onChanged} />);
  const input = await screen.findByLabelText('Account name from the bank’s name enquiry');
  expect(screen.getByText(/Ask the bank for the name on Access Bank \*{4}6789/)).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Verify account' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    BankAccountVerificationMessages.accountNameRequired,
  );
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(mocked.enquireBankName).not.toHaveBeenCalled();

  fireEvent.change(input, { target: { value: '  ADAEZE  N. OKAFOR ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify account' }));
  await waitFor(() => expect(mocked.enquireBankName).toHaveBeenCalledWith(7, 'ADAEZE N. OKAFOR'));
  await waitFor(() => expect(onChanged).toHaveBeenCalled());
  expect(notify.success).toHaveBeenCalledWith(BankAccountVerificationMessages.verified);
  expect(mocked.fetchBankVerification).toHaveBeenCalledTimes(2);
});

test('waiting for a second person: another staff member confirms or declines; the one who typed it cannot', async () => {
  mocked.fetchBankVerification.mockResolvedValue(waiting(false));
  mocked.confirmBankName.mockResolvedValue({
    message: BankAccountVerificationMessages.verified,
    state: base,
  });
  const { unmount } = render(<BankAccountVerification affiliateID={7} onChanged={jest.fn()} />);
  expect(
    await screen.findByText(/Waiting for a second person: Bola Backoffice entered ‘NGOZI OKAFOR’/),
  ).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Confirm name' }));
  await waitFor(() => expect(mocked.confirmBankName).toHaveBeenCalledWith(7, 41, true));
  unmount();

  mocked.fetchBankVerification.mockResolvedValue(waiting(true));
  render(<BankAccountVerification affiliateID={7} onChanged={jest.fn()} />);
  expect(await screen.findByText(BankAccountVerificationMessages.ownEnquiry)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Confirm name' })).toBeNull();
});

test('verified: how, by whom and when; loading and error states differ', async () => {
  mocked.fetchBankVerification.mockResolvedValue({
    ...base,
    verified: {
      method: 'paid-line',
      accountName: 'ADAEZE OKAFOR',
      nameMatchScore: 100,
      belowThreshold: false,
      verifiedBy: 'Bayo Approver',
      confirmedBy: null,
      verifiedOn: '2026-12-07T10:00:00.000Z',
    },
  });
  const { unmount } = render(<BankAccountVerification affiliateID={7} onChanged={jest.fn()} />);
  expect(
    await screen.findByText(/Verified by a payment the bank reported paid \(Bayo Approver\)/),
  ).toBeTruthy();
  unmount();

  mocked.fetchBankVerification.mockReturnValue(new Promise(() => undefined));
  const loading = render(<BankAccountVerification affiliateID={7} onChanged={jest.fn()} />);
  expect(screen.getByRole('progressbar', { name: 'Loading the bank account verification' })).toBeTruthy();
  loading.unmount();

  mocked.fetchBankVerification.mockRejectedValue(new Error('Network Error'));
  render(<BankAccountVerification affiliateID={7} onChanged={jest.fn()} />);
  expect((await screen.findByRole('alert')).textContent).toMatch(/could not be loaded/);
  expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
});
