import { Suspense } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AxiosError, AxiosHeaders } from 'axios';
import { ADMIN_RIGHTS, BACKOFFICE_RIGHTS } from '@portal/contracts';
import type { KycCaseSummary, LoginResponse } from '@portal/contracts';
import { notify, useSessionStore } from '@portal/shared-ui';
import * as api from '../kyc-api';
import KycQueuePage from '../kyc-queue-page';

jest.mock('../kyc-api');
const mocked = jest.mocked(api);

function staffSession(roleID: 1 | 2): LoginResponse {
  return {
    roleID,
    userRole: roleID === 1 ? 'Admin' : 'Backoffice',
    email: 'staff@example.test',
    fullName: 'Staff',
    userRights: [...(roleID === 1 ? ADMIN_RIGHTS : BACKOFFICE_RIGHTS)],
    forcePasswordUpdate: false,
    token: 'token',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  } as LoginResponse;
}

function refusal(status: number, message: string): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(
    'refused',
    'ERR',
    config,
    {},
    {
      data: { message },
      status,
      statusText: '',
      headers: {},
      config,
    },
  );
}

function kycCase(n: number, overrides: Partial<KycCaseSummary> = {}): KycCaseSummary {
  return {
    affiliateID: n,
    affiliateCode: `AFF10000${n}`,
    fullName: `Applicant ${n}`,
    identityType: 'BVN',
    queuedOn: '2026-12-06T08:00:00.000Z',
    ageHours: 30,
    overTarget: true,
    risks: [],
    claim: null,
    ...overrides,
  };
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Suspense fallback={<p>Loading…</p>}>
        <Routes>
          <Route path="/backoffice/kyc" element={<KycQueuePage />} />
        </Routes>
      </Suspense>
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
  mocked.fetchNotes.mockResolvedValue([]);
  mocked.fetchCaseReview.mockImplementation((affiliateID) =>
    Promise.resolve({ affiliateID, parts: [], approvalRisks: [], pendingApproval: null }),
  );
  useSessionStore.getState().signIn(staffSession(2));
});

describe('KYC Queue (issue 50)', () => {
  it('lists each case with its wait against the target, its risks and who holds it', async () => {
    mocked.fetchKycQueue.mockResolvedValue({
      results: [
        kycCase(1, { risks: ['duplicateIdentity', 'lowNameMatch'] }),
        kycCase(2, {
          ageHours: 0,
          overTarget: false,
          claim: {
            reviewerID: 9,
            reviewerName: 'Ada Obi',
            claimedOn: '2026-12-07T09:00:00.000Z',
            expiresOn: '2026-12-07T09:30:00.000Z',
          },
        }),
      ],
      totalCount: 2,
      pageNo: 1,
      pageSize: 25,
      targetHours: 24,
    });
    renderAt('/backoffice/kyc?sort=risk');
    expect(await screen.findByText('AFF100001')).toBeTruthy();
    expect(mocked.fetchKycQueue).toHaveBeenCalledWith(
      { page: 1, pageSize: 25, sort: 'risk', show: 'all' },
      expect.anything(),
    );
    expect(rowsOf()).toEqual([
      [
        '1',
        'AFF100001',
        'Applicant 1',
        '30 hOver 24 h',
        'Duplicate identityLow name match',
        'Unclaimed',
        'Open',
      ],
      ['2', 'AFF100002', 'Applicant 2', '< 1 h', 'None', 'Ada Obi until 10:30', 'Open'],
    ]);
  });

  it('says so when no case waits, and differently when the queue cannot be loaded', async () => {
    mocked.fetchKycQueue.mockResolvedValueOnce({
      results: [],
      totalCount: 0,
      pageNo: 1,
      pageSize: 25,
      targetHours: 24,
    });
    const { unmount } = renderAt('/backoffice/kyc');
    expect(await screen.findByText('No cases are waiting.')).toBeTruthy();
    unmount();
    mocked.fetchKycQueue.mockRejectedValueOnce(new Error('down'));
    renderAt('/backoffice/kyc');
    expect(await screen.findByText('The KYC queue could not be loaded.')).toBeTruthy();
  });

  it('Claim next opens the claimed case; an empty queue is told as information', async () => {
    mocked.fetchKycQueue.mockResolvedValue({
      results: [],
      totalCount: 0,
      pageNo: 1,
      pageSize: 25,
      targetHours: 24,
    });
    mocked.claimNextCase.mockResolvedValueOnce({ message: 'Case claimed.', case: kycCase(7) });
    mocked.claimCase.mockResolvedValue({ message: 'Case claimed.', case: kycCase(7) });
    renderAt('/backoffice/kyc');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Claim next' }));
    });
    expect(screen.getByTestId('location').textContent).toBe('/backoffice/kyc?case=7');
    expect(await screen.findByText(/You are reviewing this case/)).toBeTruthy();

    const info = jest.spyOn(notify, 'info');
    mocked.claimNextCase.mockRejectedValueOnce(refusal(404, 'No cases are waiting for a reviewer.'));
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: /Back to KYC Queue/ }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Claim next' }));
    });
    expect(info).toHaveBeenCalledWith('No cases are waiting for a reviewer.');
  });

  it('opening a case claims it and says until when; Release gives it back', async () => {
    mocked.claimCase.mockResolvedValue({
      message: 'Case claimed.',
      case: kycCase(3, {
        risks: ['lowNameMatch'],
        claim: {
          reviewerID: 5,
          reviewerName: 'Bola Bello',
          claimedOn: '2026-12-07T09:00:00.000Z',
          expiresOn: '2026-12-07T09:30:00.000Z',
        },
      }),
    });
    mocked.releaseCase.mockResolvedValue({ message: 'Case released.', affiliateID: 3 });
    mocked.fetchKycQueue.mockResolvedValue({
      results: [],
      totalCount: 0,
      pageNo: 1,
      pageSize: 25,
      targetHours: 24,
    });
    renderAt('/backoffice/kyc?case=3');
    expect((await screen.findByText(/You are reviewing this case/)).textContent).toBe(
      'You are reviewing this case. Your claim lapses at 10:30 unless you act on it.',
    );
    expect(mocked.claimCase).toHaveBeenCalledWith(3, expect.anything());
    expect(screen.getByRole('heading', { name: 'AFF100003 Applicant 3' })).toBeTruthy();
    expect(screen.getByText('Low name match')).toBeTruthy();
    // A back-office reviewer cannot reassign.
    expect(screen.queryByLabelText('Reassign to')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Release' }));
    });
    expect(mocked.releaseCase).toHaveBeenCalledWith(3);
    expect(screen.getByTestId('location').textContent).toBe('/backoffice/kyc');
    expect(await screen.findByText('No cases are waiting.')).toBeTruthy();
  });

  it('a case another reviewer holds says who; an admin may reassign it', async () => {
    useSessionStore.getState().signIn(staffSession(1));
    mocked.claimCase.mockRejectedValue(refusal(409, 'Ada Obi is reviewing this case.'));
    mocked.fetchReviewers.mockResolvedValue([{ userID: 5, fullName: 'Bola Bello', role: 'Backoffice' }]);
    renderAt('/backoffice/kyc?case=4');
    expect((await screen.findByRole('alert')).textContent).toBe('Ada Obi is reviewing this case.');
    expect(screen.queryByRole('button', { name: 'Release' })).toBeNull();
    expect(screen.getByLabelText('Reassign to')).toBeTruthy();
    expect(mocked.fetchReviewers).toHaveBeenCalled();
    // The reviewers' answer lands inside the test, not after it.
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'Review and decide' })).toBeTruthy();
  });

  it('a case no longer waiting says so and offers no review; a bad case id is not found', async () => {
    mocked.claimCase.mockRejectedValue(refusal(409, 'This affiliate is not waiting for KYC review.'));
    const { unmount } = renderAt('/backoffice/kyc?case=8');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This affiliate is not waiting for KYC review.',
    );
    expect(screen.queryByRole('button', { name: 'Review and decide' })).toBeNull();
    unmount();
    renderAt('/backoffice/kyc?case=abc');
    expect((await screen.findByRole('alert')).textContent).toBe('Case not found.');
  });

  it('staff notes: none yet, a note added, an empty note refused on the spot, a failed load said apart', async () => {
    mocked.claimCase.mockResolvedValue({ message: 'Case claimed.', case: kycCase(3) });
    mocked.fetchNotes.mockResolvedValueOnce([]).mockResolvedValueOnce([
      {
        noteID: 1,
        body: 'Selfie is a photo of a screen.',
        authorName: 'Staff',
        createdOn: '2026-12-07T09:00:00.000Z',
      },
    ]);
    mocked.addNote.mockResolvedValue({
      message: 'Note added.',
      note: {
        noteID: 1,
        body: 'Selfie is a photo of a screen.',
        authorName: 'Staff',
        createdOn: '2026-12-07T09:00:00.000Z',
      },
    });
    const { unmount } = renderAt('/backoffice/kyc?case=3');
    const notes = await screen.findByRole('region', { name: 'Staff Notes' });
    expect(await within(notes).findByText('No notes yet.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(notes).getByRole('button', { name: 'Add note' }));
    });
    expect(within(notes).getByRole('alert').textContent).toBe('Please write the note.');
    expect(mocked.addNote).not.toHaveBeenCalled();
    fireEvent.change(within(notes).getByRole('textbox', { name: 'Note' }), {
      target: { value: '  Selfie is a photo of a screen. ' },
    });
    await act(async () => {
      fireEvent.click(within(notes).getByRole('button', { name: 'Add note' }));
    });
    expect(mocked.addNote).toHaveBeenCalledWith(3, 'Selfie is a photo of a screen.');
    expect((await within(notes).findByRole('list', { name: 'Notes' })).textContent).toContain(
      'Staff, 2026-12-07 10:00Selfie is a photo of a screen.',
    );
    unmount();
    mocked.fetchNotes.mockRejectedValueOnce(new Error('down'));
    renderAt('/backoffice/kyc?case=3');
    expect(await screen.findByText('The notes could not be loaded.')).toBeTruthy();
  });
});
