import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { KycCaseReview } from '@portal/contracts';
import * as api from '../kyc-api';
import { KycCaseParts } from '../kyc-case-parts';
import { KycFourEyes } from '../kyc-four-eyes';

jest.mock('../kyc-api');
const mocked = jest.mocked(api);

const emptyReview: KycCaseReview = { affiliateID: 7, parts: [], approvalRisks: [], pendingApproval: null };

beforeEach(() => jest.resetAllMocks());

describe('Decide each part (issue 50 part 3)', () => {
  it('returns only the selfie with a common reason; the other parts are sent as accepted', async () => {
    mocked.returnParts.mockResolvedValue({
      message: 'Returned to the affiliate for correction.',
      affiliateID: 7,
      returned: ['selfie'],
    });
    const onReturned = jest.fn();
    render(<KycCaseParts affiliateID={7} review={emptyReview} onReturned={onReturned} />);
    const selfie = screen.getByRole('group', { name: 'Selfie' });
    fireEvent.click(within(selfie).getByRole('radio', { name: 'Return' }));
    fireEvent.change(within(selfie).getByLabelText('Reason'), { target: { value: 'Selfie blurred' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Return the failed parts' }));
    });
    expect(mocked.returnParts).toHaveBeenCalledWith(7, [
      { part: 'identityNumber', outcome: 'accepted' },
      { part: 'selfie', outcome: 'returned', reason: 'Selfie blurred' },
      { part: 'bankAccount', outcome: 'accepted' },
    ]);
    expect(onReturned).toHaveBeenCalled();
  });

  it('asks for a reason, in the reviewer’s own words when none of the common ones fits, and for one returned part', async () => {
    render(<KycCaseParts affiliateID={7} review={emptyReview} onReturned={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Return the failed parts' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Return at least one part, or approve the whole registration.',
    );
    const bank = screen.getByRole('group', { name: 'Bank account' });
    fireEvent.click(within(bank).getByRole('radio', { name: 'Return' }));
    fireEvent.click(screen.getByRole('button', { name: 'Return the failed parts' }));
    expect(within(bank).getByRole('alert').textContent).toBe('Give a reason for each returned part.');
    fireEvent.change(within(bank).getByLabelText('Reason'), { target: { value: 'other' } });
    fireEvent.change(within(bank).getByLabelText('Reason in your words'), {
      target: { value: 'Account is a business account' },
    });
    mocked.returnParts.mockResolvedValue({ message: 'ok', affiliateID: 7, returned: ['bankAccount'] });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Return the failed parts' }));
    });
    expect(mocked.returnParts.mock.calls[0][1][2]).toEqual({
      part: 'bankAccount',
      outcome: 'returned',
      reason: 'Account is a business account',
    });
  });

  it('shows the last round’s verdict on each part', () => {
    render(
      <KycCaseParts
        affiliateID={7}
        review={{
          ...emptyReview,
          parts: [
            {
              part: 'selfie',
              outcome: 'returned',
              reason: 'Selfie blurred',
              decidedByName: 'Ada Obi',
              decidedOn: '2026-12-07T09:00:00.000Z',
              open: false,
            },
          ],
        }}
        onReturned={jest.fn()}
      />,
    );
    expect(within(screen.getByRole('group', { name: 'Selfie' })).getByText(/Last round/).textContent).toMatch(
      /^Last round: returned \(Selfie blurred\) by Ada Obi on 2026-12-07 \d\d:\d\d, corrected by the affiliate$/,
    );
  });
});

describe('Second reviewer (issue 50 part 4)', () => {
  const waiting = {
    requestedByID: 3,
    requestedByName: 'Ada Obi',
    requestedOn: '2026-12-07T09:00:00.000Z',
    remark: 'Middle name differs',
    reasons: ['lowNameMatch' as const],
    requestedByYou: false,
  };

  it('says nothing for a case one reviewer may approve', () => {
    const { container } = render(
      <KycFourEyes affiliateID={7} review={emptyReview} onConfirmed={jest.fn()} />,
    );
    expect(container.textContent).toBe('');
  });

  it('tells a reviewer before approving that a second one must confirm', () => {
    render(
      <KycFourEyes
        affiliateID={7}
        review={{ ...emptyReview, approvalRisks: ['lowNameMatch'] }}
        onConfirmed={jest.fn()}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      "Approving this case needs a second reviewer's confirmation: Name match below the threshold.",
    );
  });

  it('the one who asked waits, with no button; another reviewer confirms', async () => {
    const { rerender } = render(
      <KycFourEyes
        affiliateID={7}
        review={{ ...emptyReview, pendingApproval: { ...waiting, requestedByYou: true } }}
        onConfirmed={jest.fn()}
      />,
    );
    expect(screen.getByRole('status').textContent).toMatch(/It waits for a different reviewer to confirm it/);
    expect(screen.queryByRole('button', { name: 'Confirm approval' })).toBeNull();

    mocked.confirmApproval.mockResolvedValue({
      message: 'Approved successfully.',
      affiliateID: 7,
      status: 'KYC Complete',
    });
    const onConfirmed = jest.fn();
    rerender(
      <KycFourEyes
        affiliateID={7}
        review={{ ...emptyReview, pendingApproval: waiting }}
        onConfirmed={onConfirmed}
      />,
    );
    expect(screen.getByRole('status').textContent).toMatch(/^Ada Obi approved this case on 2026-12-07/);
    expect(screen.getByText('Remark: Middle name differs')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm approval' }));
    });
    expect(mocked.confirmApproval).toHaveBeenCalledWith(7);
    expect(onConfirmed).toHaveBeenCalled();
  });
});
