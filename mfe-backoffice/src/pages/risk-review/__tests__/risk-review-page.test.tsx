import { Suspense } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { RiskCaseDetail, RiskCaseSummary } from '@portal/contracts';
import { RiskMessages } from '@portal/contracts';
import { notify } from '@portal/shared-ui';
import * as api from '../risk-api';
import RiskReviewPage from '../risk-review-page';

jest.mock('../risk-api');
const mocked = jest.mocked(api);

const summary = (over: Partial<RiskCaseSummary> = {}): RiskCaseSummary => ({
  caseId: 7,
  affiliateId: 3,
  affiliateCode: 'AFF100003',
  affiliateName: 'Chi Okafor',
  kind: 'sharedAccount',
  severity: 3,
  state: 'open',
  summary: 'Same payout account as 1 other affiliate(s)',
  openedAt: '2026-11-01T10:00:00.000Z',
  seenAt: '2026-11-02T10:00:00.000Z',
  closedAt: null,
  otherOpenCases: 1,
  ...over,
});

const detail = (over: Partial<RiskCaseDetail['case']> = {}): RiskCaseDetail => ({
  case: { ...summary(), closedBy: null, closeReason: null, ...over },
  evidence: {
    rows: [
      {
        type: 'affiliate',
        affiliateId: 4,
        otherAffiliateCode: 'AFF100004',
        otherAffiliateName: 'Dayo Bello',
        status: 'KYC Complete',
        otherMobile: '•••••••123',
        otherNinOrBVN: '••••••••456',
        otherAccountNumber: '•••••••789',
        otherBank: 'Access Bank',
      },
    ],
    figures: {},
  },
  signals: [summary({ caseId: 8, kind: 'orderBurst', severity: 2, summary: '1 order burst(s)' })],
  ledger: {
    earned: '100.00',
    reversed: '-20.00',
    clawedBack: '0.00',
    adjustments: '0.00',
    total: '80.00',
    paid: '50.00',
  },
  recentOrders: [
    {
      orderId: 1,
      orderCode: 'ORD00000001',
      orderDate: '2026-11-01',
      retailerCode: 'RTL0000001',
      orderValue: '1000.00',
      status: 'Delivered',
      commission: '100.00',
    },
  ],
  history: [
    { action: 'risk.case_opened', remark: null, actorName: null, createdAt: '2026-11-01T10:00:00.000Z' },
  ],
});

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Suspense fallback={<p>Loading…</p>}>
        <Routes>
          <Route path="/backoffice/risk" element={<RiskReviewPage />} />
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.resetAllMocks();
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
});

describe('Risk Review: the queue', () => {
  it('lists open cases with severity, signal, affiliate and a Review link', async () => {
    mocked.fetchRiskCases.mockResolvedValue({ results: [summary()], totalCount: 1, pageNo: 1, pageSize: 25 });
    renderAt('/backoffice/risk');
    const table = await screen.findByRole('table', { name: 'Open risk cases' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const cells = within(within(table).getAllByRole('row')[1])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 3)).toEqual(['High', 'Shared payout account', 'AFF100003 Chi Okafor']);
    expect(screen.getByRole('link', { name: 'Review case 7' }).getAttribute('href')).toBe(
      '/backoffice/risk?case=7',
    );
  });

  it('says so when there is nothing to review, and differs from a failure with Retry', async () => {
    mocked.fetchRiskCases.mockResolvedValue({ results: [], totalCount: 0, pageNo: 1, pageSize: 25 });
    renderAt('/backoffice/risk');
    expect(await screen.findByText('No open risk cases.')).toBeTruthy();
  });

  it('shows an error with Retry when the cases cannot be loaded', async () => {
    mocked.fetchRiskCases.mockRejectedValue(new Error('network'));
    renderAt('/backoffice/risk');
    expect(await screen.findByText('The risk cases could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('No open risk cases.')).toBeNull();
  });
});

describe('Risk Review: one case', () => {
  it('shows masked evidence, the ledger, other signals, orders and history; Show reveals through the audited call', async () => {
    mocked.fetchRiskCase.mockResolvedValue(detail());
    mocked.revealNumber.mockResolvedValue({ field: 'accountNumber', value: '0123456789' });
    renderAt('/backoffice/risk?case=7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Case #7: Shared payout account' }),
    ).toBeTruthy();
    const evidence = screen.getByRole('table', { name: 'Evidence' });
    expect(evidence.textContent).toContain('•••••••789');
    expect(evidence.textContent).not.toContain('0123456789');
    fireEvent.click(screen.getByRole('button', { name: 'Show the account number of AFF100004' }));
    await waitFor(() => expect(evidence.textContent).toContain('0123456789'));
    // Issue 48: one number per call, each audited on its own; the BVN/NIN stays masked.
    expect(mocked.revealNumber).toHaveBeenCalledWith(4, 'accountNumber');
    expect(mocked.revealNumber).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Show the BVN/NIN of AFF100004' })).toBeTruthy();
    expect(screen.getByText(/Order burst \(Medium\)/)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Recent orders' }).textContent).toContain('ORD00000001');
    expect(screen.getByText(/Opened by the signals/)).toBeTruthy();
  });

  it('dismisses with a reason (required), then shows the case closed', async () => {
    mocked.fetchRiskCase.mockResolvedValueOnce(detail());
    mocked.fetchRiskCase.mockResolvedValueOnce(
      detail({
        state: 'dismissed',
        closedAt: '2026-11-03T10:00:00.000Z',
        closedBy: 'Bola',
        closeReason: 'Family',
      }),
    );
    mocked.dismissRiskCase.mockResolvedValue({ message: RiskMessages.dismissed });
    renderAt('/backoffice/risk?case=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss the case' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByText(RiskMessages.reasonRequired)).toBeTruthy();
    expect(mocked.dismissRiskCase).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' Family  shop ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(mocked.dismissRiskCase).toHaveBeenCalledWith(7, 'Family shop'));
    expect(await screen.findByText(/by Bola: Family/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm abuse' })).toBeNull();
  });

  it('confirms with a note and the deactivation chosen, and says what was withdrawn', async () => {
    const success = jest.spyOn(notify, 'success');
    mocked.fetchRiskCase.mockResolvedValue(detail());
    mocked.confirmRiskCase.mockResolvedValue({
      message: RiskMessages.confirmed,
      withdrawnOrders: 3,
      withdrawnAmount: '213.46',
      deactivated: true,
    });
    renderAt('/backoffice/risk?case=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm abuse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm abuse' });
    expect(dialog.textContent).toContain('taken back from the next payout');
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'His own shop' } });
    fireEvent.click(within(dialog).getByLabelText('Also deactivate the affiliate (ends its sessions)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm abuse' }));
    await waitFor(() => expect(mocked.confirmRiskCase).toHaveBeenCalledWith(7, 'His own shop', true));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        expect.stringMatching(
          /^Case confirmed\. ₦213\.46 of commission withdrawn from 3 orders\. Affiliate deactivated\.$/,
        ),
      ),
    );
  });

  it('a case that cannot be loaded says so, with Retry', async () => {
    mocked.fetchRiskCase.mockRejectedValue(new Error('network'));
    renderAt('/backoffice/risk?case=7');
    expect(await screen.findByText('The case could not be loaded.')).toBeTruthy();
  });
});
