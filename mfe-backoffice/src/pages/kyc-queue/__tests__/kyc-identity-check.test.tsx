import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { IdentityCheckView } from '@portal/contracts';
import { AxiosError } from 'axios';
import * as api from '../kyc-identity-api';
import { KycIdentityCheck } from '../kyc-identity-check';

jest.mock('../kyc-identity-api');
const mocked = jest.mocked(api);

const base = {
  affiliateID: 7,
  provider: 'smile_id',
  product: 'biometric_kyc',
  identityType: 'BVN',
  maskedNumber: '••••••••562',
} as const;

const checked = (overrides: Partial<NonNullable<IdentityCheckView['result']>> = {}): IdentityCheckView => ({
  ...base,
  notChecked: null,
  result: {
    verdict: 'failed',
    idStatus: 'verified',
    firstName: { authority: 'ADAEZE', matches: true },
    lastName: { authority: 'OKAFOR', matches: false },
    otherNames: null,
    dateOfBirth: '1991-04-23',
    nameMatchScore: 50,
    belowThreshold: true,
    faceMatch: 'failed',
    providerJobID: '0000012',
    resultCode: '1022',
    resultText: 'No Match',
    checkedOn: '2026-12-07T10:00:00.000Z',
    demo: false,
    ...overrides,
  },
});

/** Issue 50, part 1: the identity check on the claimed case, in its four distinct states. */
describe('KycIdentityCheck', () => {
  test('loading, then what matched and what did not, with the number masked', async () => {
    let answer!: (view: IdentityCheckView) => void;
    mocked.fetchIdentityCheck.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<KycIdentityCheck affiliateID={7} />);
    expect(screen.getByRole('progressbar', { name: 'Loading the identity check' })).toBeTruthy();
    await act(async () => answer(checked()));
    expect(screen.getByText('Authority check failed')).toBeTruthy();
    expect(screen.getByText(/BVN ••••••••562 · Smile ID Biometric KYC/)).toBeTruthy();
    const lines = within(screen.getByLabelText('What the authority holds'));
    expect(lines.getByText('First name').nextSibling?.textContent).toMatch('ADAEZE Matches');
    expect(lines.getByText('Last name').nextSibling?.textContent).toMatch('OKAFOR Does not match');
    expect(lines.getByText('Face match').nextSibling?.textContent).toMatch('Does not match');
    expect(lines.getByText('Date of birth').nextSibling?.textContent).toMatch('1991-04-23');
    expect(lines.getByText('Name match').nextSibling?.textContent).toMatch('Below the threshold');
  });

  test('not checked: the reason and the next try, distinct from an answer', async () => {
    mocked.fetchIdentityCheck.mockResolvedValue({
      ...base,
      result: null,
      notChecked: {
        reason: 'Not checked: the last attempt failed (no answer within 20000 ms).',
        attempts: 2,
        nextAttemptOn: '2026-12-07T10:05:00.000Z',
      },
    });
    render(<KycIdentityCheck affiliateID={7} />);
    const status = (await screen.findByText(/^Not checked: the last attempt/)).closest('[role="status"]');
    expect(status?.textContent).toMatch('Not checked');
    expect(status?.textContent).toMatch('no answer within 20000 ms');
    expect(status?.textContent).toMatch(
      /Next try .*after 2 attempts\. The case can be reviewed by hand meanwhile\./,
    );
    expect(screen.queryByText(/Authority check/)).toBeNull();
  });

  test('an error offers a retry, reachable by keyboard, and Refresh reloads', async () => {
    mocked.fetchIdentityCheck
      .mockRejectedValueOnce(new AxiosError('Network Error', 'ERR_NETWORK'))
      .mockResolvedValue(checked({ verdict: 'passed' }));
    render(<KycIdentityCheck affiliateID={7} />);
    expect(await screen.findByText('The identity check could not be loaded.')).toBeTruthy();
    const retry = screen.getByRole('button', { name: /try again|retry/i });
    retry.focus();
    expect(document.activeElement).toBe(retry);
    fireEvent.click(retry);
    expect(await screen.findByText('Authority check passed')).toBeTruthy();
    const calls = mocked.fetchIdentityCheck.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(mocked.fetchIdentityCheck.mock.calls.length).toBe(calls + 1);
  });
});
