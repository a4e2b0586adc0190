import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PayoutMessages } from '@portal/contracts';
import type { PayoutLine, PayoutRun } from '@portal/contracts';
import * as sharedUi from '@portal/shared-ui';
import { notify } from '@portal/shared-ui';
import * as api from '../payouts-api';
import { renderAt } from '../../../../test-support/admin-fixtures';
import { detail, payoutLine, payoutRun, refusal } from '../../../../test-support/payout-fixtures';
import PayoutsPage from '../payouts-page';
import { PAYING_REFRESH_MS, eligibleHeading } from '../run-view';

jest.mock('../payouts-api', () => ({
  ...jest.requireActual('../payouts-api'),
  fetchPayoutRun: jest.fn(),
  excludePayoutLine: jest.fn(),
  submitPayoutRun: jest.fn(),
  approvePayoutRun: jest.fn(),
  rejectPayoutRun: jest.fn(),
  executePayoutRun: jest.fn(),
  bankFileLink: jest.fn(),
  uploadBankResult: jest.fn(),
  markPayoutLine: jest.fn(),
  letGoPayoutLine: jest.fn(),
  includePayoutLine: jest.fn(),
  discardPayoutRun: jest.fn(),
  fetchPayoutRuns: jest.fn(),
  fetchPayoutSettings: jest.fn(),
}));
jest.mock('@portal/shared-ui', () => ({
  ...jest.requireActual('@portal/shared-ui'),
  downloadReport: jest.fn(),
}));
const mocked = jest.mocked(api);

const INELIGIBLE = [
  payoutLine(9, {
    status: 'ineligible',
    reason: 'Bank account not verified',
    account: null,
    accountName: null,
    gross: '420.00',
    deductions: '0.00',
    net: '0.00',
    reference: null,
  }),
];

/** The gateway as the run page asks it: eligible and ineligible lines, each answer with the run. */
function serve(run: PayoutRun, eligible: PayoutLine[] = [payoutLine(1), payoutLine(2)]) {
  mocked.fetchPayoutRun.mockImplementation(async (_runId, query) =>
    detail(run, query.kind === 'eligible' ? eligible : INELIGIBLE),
  );
}

async function openRun(run: PayoutRun, eligible?: PayoutLine[]) {
  serve(run, eligible);
  renderAt(<PayoutsPage />, `/admin/payouts?run=${run.runId}`);
  await screen.findByRole('heading', { level: 1, name: `Payout run #${run.runId}` });
  await screen.findByRole('table', { name: 'Eligible affiliates' });
}

const tableRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );

beforeEach(() => {
  jest.resetAllMocks();
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
});

describe('A payout run', () => {
  it("heads the eligible lines with the Affiliates to pay card's figure and those not paid", () => {
    const answer = (count: number, totalCount: number) => ({
      run: payoutRun({ totals: { ...payoutRun().totals, count } }),
      lines: { results: [], totalCount, pageNo: 1, pageSize: 25 },
    });
    expect(eligibleHeading(answer(2, 2))).toBe('Eligible (2 to pay)');
    expect(eligibleHeading(answer(1, 2))).toBe('Eligible (1 to pay, 1 not paid)');
    expect(eligibleHeading(answer(0, 1))).toBe('Eligible (0 to pay, 1 not paid)');
  });

  it('an empty draft: Submit is disabled and says why', async () => {
    await openRun(payoutRun({ createdByMe: true, totals: { ...payoutRun().totals, count: 0 } }));
    const submit = screen.getByRole('button', { name: 'Submit for approval' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(submit.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(submit.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Nothing to pay in this run: include a line again, or discard the draft.',
    );
  });

  it('shows totals, the eligible lines and the ineligible affiliates with the reason', async () => {
    await openRun(payoutRun());
    const totals = screen.getByRole('list', { name: 'Totals' });
    expect(within(totals).getByText('₦1,234,567.80')).toBeTruthy();
    expect(within(totals).getByText('₦61,728.39')).toBeTruthy();
    expect(within(totals).getByText('₦1,172,839.41')).toBeTruthy();
    // Fees are shown only where the provider tells them.
    expect(within(totals).queryByText('Provider fees')).toBeNull();
    await waitFor(() => expect(tableRows('Eligible affiliates')).toHaveLength(2));
    // Who and where in one cell each, the net over its gross and deductions: every column in view at 1280 px.
    expect(tableRows('Eligible affiliates')[0]).toEqual([
      'AFF0001Affiliate 1',
      'GTBank ****1234AFFILIATE 1',
      '₦950.00₦1,000.00 less ₦50.00',
      'Pending',
      '',
      'po-12-1',
      'Exclude',
    ]);
    await waitFor(() => expect(tableRows('Ineligible affiliates')).toHaveLength(1));
    expect(tableRows('Ineligible affiliates')[0]).toEqual([
      'AFF0009',
      'Affiliate 9',
      '₦420.00',
      'Bank account not verified',
    ]);
    expect(mocked.fetchPayoutRun).toHaveBeenCalledWith(
      12,
      { kind: 'eligible', page: 1 },
      expect.any(AbortSignal),
    );
    expect(mocked.fetchPayoutRun).toHaveBeenCalledWith(
      12,
      { kind: 'ineligible', page: 1 },
      expect.any(AbortSignal),
    );
  });

  it('shows the provider fees when known', async () => {
    await openRun(payoutRun({ provider: 'paystack', totals: { ...payoutRun().totals, fees: '100.00' } }));
    expect(within(screen.getByRole('list', { name: 'Totals' })).getByText('₦100.00')).toBeTruthy();
  });

  it('flags a line to an account not yet verified, which the bank result will verify (issue 48)', async () => {
    await openRun(payoutRun(), [payoutLine(1), payoutLine(2, { accountVerified: false })]);
    const rows = tableRows('Eligible affiliates');
    expect(rows.some((row) => row.join(' ').includes('AFFILIATE 2 (account not verified)'))).toBe(true);
    expect(rows.some((row) => row.join(' ').includes('AFFILIATE 1 (account not verified)'))).toBe(false);
  });

  it('excludes a draft line only with a reason, then shows the run again', async () => {
    mocked.excludePayoutLine.mockResolvedValue({
      message: PayoutMessages.lineExcluded,
      line: payoutLine(1, { status: 'excluded', reason: 'Disputed orders' }),
      run: payoutRun(),
    });
    await openRun(payoutRun());
    fireEvent.click(screen.getByRole('button', { name: 'Exclude: AFF0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exclude AFF0001' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    });
    expect(within(dialog).getByText(PayoutMessages.reasonRequired)).toBeTruthy();
    expect(mocked.excludePayoutLine).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  Disputed   orders ' } });
    const calls = mocked.fetchPayoutRun.mock.calls.length;
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Exclude' }));
    });
    expect(mocked.excludePayoutLine).toHaveBeenCalledWith(12, 1, 'Disputed orders');
    expect(notify.success).toHaveBeenCalledWith(PayoutMessages.lineExcluded);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Exclude AFF0001' })).toBeNull());
    expect(mocked.fetchPayoutRun.mock.calls.length).toBeGreaterThan(calls);
  });

  it('the creator submits a draft for approval', async () => {
    mocked.submitPayoutRun.mockResolvedValue({
      message: PayoutMessages.submitted,
      run: payoutRun({ status: 'submitted' }),
    });
    await openRun(payoutRun());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit for approval' }));
    });
    expect(mocked.submitPayoutRun).toHaveBeenCalledWith(12);
    expect(notify.success).toHaveBeenCalledWith(PayoutMessages.submitted);
  });

  it('a draft is discarded after a question whose safe answer has the focus, then the runs are shown', async () => {
    mocked.discardPayoutRun.mockResolvedValue({ message: PayoutMessages.discarded(12) });
    mocked.fetchPayoutRuns.mockResolvedValue({
      results: [],
      totalCount: 0,
      pageNo: 1,
      pageSize: 25,
      openRunId: null,
    });
    mocked.fetchPayoutSettings.mockReturnValue(new Promise(() => undefined));
    await openRun(payoutRun({ createdByMe: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard Payout run #12' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep the draft' })),
    );
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    });
    expect(mocked.discardPayoutRun).toHaveBeenCalledWith(12);
    expect(notify.success).toHaveBeenCalledWith(PayoutMessages.discarded(12));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payouts' })).toBeTruthy();
  });

  it('a submitted run cannot be discarded', async () => {
    await openRun(payoutRun({ status: 'submitted', submittedAt: '2026-11-21T09:30:00.000Z' }));
    expect(screen.queryByRole('button', { name: 'Discard draft' })).toBeNull();
  });

  it('another admin sees why they cannot submit a draft they did not create', async () => {
    await openRun(payoutRun({ createdByMe: false }));
    expect(screen.getByText(PayoutMessages.onlyCreatorSubmits, { exact: false })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for approval' })).toBeNull();
  });

  it('the creator of a submitted run is told another admin must approve it, and is offered neither button', async () => {
    await openRun(payoutRun({ status: 'submitted', submittedAt: '2026-11-21T09:30:00.000Z' }));
    expect(screen.getByText(PayoutMessages.creatorCannotApprove)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    // Nothing to exclude once submitted.
    expect(screen.queryByRole('button', { name: /^Exclude/ })).toBeNull();
  });

  it('an excluded line of a draft is included again with one click (issue 51)', async () => {
    const run = payoutRun();
    mocked.includePayoutLine.mockResolvedValue({
      message: PayoutMessages.lineIncluded,
      line: payoutLine(2),
      run,
    });
    await openRun(run, [payoutLine(1), payoutLine(2, { status: 'excluded', reason: 'Wrong account' })]);
    expect(screen.queryByRole('button', { name: 'Include again: AFF0001' })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Include again: AFF0002' }));
    });
    expect(mocked.includePayoutLine).toHaveBeenCalledWith(12, 2);
    expect(notify.success).toHaveBeenCalledWith(PayoutMessages.lineIncluded);
  });

  it('a line under risk review in a submitted run: says so, and offers Let go and Exclude (issue 49)', async () => {
    const run = payoutRun({ status: 'submitted', createdByMe: false });
    mocked.letGoPayoutLine.mockResolvedValue({
      message: PayoutMessages.lineLetGo,
      line: payoutLine(2),
      run,
    });
    await openRun(run, [payoutLine(1), payoutLine(2, { underRiskReview: true })]);
    const held = tableRows('Eligible affiliates').find((cells) => cells.some((c) => c?.includes('AFF0002')))!;
    expect(held.join(' ')).toContain('Under risk review');
    // Only the held line has the two decisions.
    expect(screen.queryByRole('button', { name: 'Let go: AFF0001' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Exclude: AFF0002' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Let go: AFF0002' }));
    });
    expect(mocked.letGoPayoutLine).toHaveBeenCalledWith(12, 2);
    expect(notify.success).toHaveBeenCalledWith(PayoutMessages.lineLetGo);
  });

  it("another admin approves with an optional remark; the gateway's 403 is shown as its message", async () => {
    mocked.approvePayoutRun
      .mockRejectedValueOnce(refusal(403, PayoutMessages.creatorCannotApprove))
      .mockResolvedValueOnce({
        message: PayoutMessages.approvedBankFile,
        run: payoutRun({ status: 'executing' }),
      });
    await openRun(payoutRun({ status: 'submitted', createdByMe: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Payout run #12' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    });
    expect(mocked.approvePayoutRun).toHaveBeenCalledWith(12, '');
    expect(within(dialog).getByRole('alert').textContent).toBe(PayoutMessages.creatorCannotApprove);
    fireEvent.change(within(dialog).getByLabelText('Remark (optional)'), { target: { value: 'Checked' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    });
    expect(mocked.approvePayoutRun).toHaveBeenLastCalledWith(12, 'Checked');
    expect(notify.success).toHaveBeenCalledWith(PayoutMessages.approvedBankFile);
  });

  it('rejecting needs a remark', async () => {
    mocked.rejectPayoutRun.mockResolvedValue({
      message: PayoutMessages.rejected,
      run: payoutRun({ status: 'rejected' }),
    });
    await openRun(payoutRun({ status: 'submitted', createdByMe: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Payout run #12' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    });
    expect(within(dialog).getByText(PayoutMessages.remarkRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Remark'), { target: { value: 'Wrong cutoff' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    });
    expect(mocked.rejectPayoutRun).toHaveBeenCalledWith(12, 'Wrong cutoff');
  });

  it('a bank-file run being paid: download the bank file, upload the result with its problems, mark a line', async () => {
    const run = payoutRun({
      status: 'executing',
      createdByMe: false,
      decidedBy: 'Bola Admin',
      decidedAt: '2026-11-21T10:00:00.000Z',
      decisionRemark: 'Checked',
    });
    mocked.bankFileLink.mockResolvedValue('/api/report/download?token=abc');
    jest.mocked(sharedUi.downloadReport).mockResolvedValue(true);
    mocked.uploadBankResult.mockResolvedValue({
      message: PayoutMessages.resultApplied(1, 0, 1),
      paid: 1,
      failed: 0,
      unchanged: 0,
      problems: [{ row: 3, reference: 'po-12-99', reason: PayoutMessages.resultUnknownReference }],
      run,
    });
    mocked.markPayoutLine.mockResolvedValue({
      message: PayoutMessages.lineMarkedFailed,
      line: payoutLine(2, { status: 'failed' }),
      run,
    });
    await openRun(run, [payoutLine(1, { status: 'processing' }), payoutLine(2, { status: 'processing' })]);
    expect(screen.getByText('Checked')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download bank file' }));
    });
    expect(mocked.bankFileLink).toHaveBeenCalledWith(12);
    expect(sharedUi.downloadReport).toHaveBeenCalledWith('/api/report/download?token=abc');

    const fileInput = screen.getByLabelText('Result file (.xlsx, .csv)');
    fireEvent.change(fileInput, { target: { files: [new File(['x'], 'result.pdf')] } });
    expect(screen.getByText(PayoutMessages.resultFileType)).toBeTruthy();
    const file = new File(['Reference,Status,Reason'], 'result.csv', { type: 'text/csv' });
    fireEvent.change(fileInput, { target: { files: [file] } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload result' }));
    });
    expect(mocked.uploadBankResult).toHaveBeenCalledWith(12, file);
    expect(screen.getByText(PayoutMessages.resultApplied(1, 0, 1))).toBeTruthy();
    expect(tableRows('Rows not applied')).toEqual([['3', 'po-12-99', PayoutMessages.resultUnknownReference]]);

    fireEvent.click(screen.getByRole('button', { name: 'Mark failed: AFF0002' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark AFF0002 failed' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Account closed' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    });
    expect(mocked.markPayoutLine).toHaveBeenCalledWith(12, 2, { status: 'failed', reason: 'Account closed' });
    expect(notify.success).toHaveBeenCalledWith(PayoutMessages.lineMarkedFailed);
  });

  it('the result file that completes the run leaves its outcome on screen (the form goes)', async () => {
    const executing = payoutRun({ status: 'executing', createdByMe: false });
    const completed = payoutRun({ status: 'completed', completedAt: '2026-11-22T10:00:00.000Z' });
    mocked.uploadBankResult.mockImplementation(async () => {
      serve(completed, [payoutLine(1, { status: 'paid' })]);
      return {
        message: PayoutMessages.resultApplied(1, 0, 1),
        paid: 1,
        failed: 0,
        unchanged: 0,
        problems: [{ row: 3, reference: 'po-12-99', reason: PayoutMessages.resultUnknownReference }],
        run: completed,
      };
    });
    await openRun(executing, [payoutLine(1, { status: 'processing' })]);
    const file = new File(['Reference,Status,Reason'], 'result.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Result file (.xlsx, .csv)'), { target: { files: [file] } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upload result' }));
    });
    expect(await screen.findByText('Completed: every line has its result.')).toBeTruthy();
    expect(screen.getByText(PayoutMessages.resultApplied(1, 0, 1))).toBeTruthy();
    expect(tableRows('Rows not applied')).toHaveLength(1);
    expect(screen.queryByLabelText('Result file (.xlsx, .csv)')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download bank file' })).toBeNull();
  });

  it('a paystack run: Pay now after a question, and the provider message (balance too low)', async () => {
    mocked.executePayoutRun.mockResolvedValue({
      message: PayoutMessages.executing,
      run: payoutRun({ provider: 'paystack', status: 'executing' }),
    });
    await openRun(
      payoutRun({
        provider: 'paystack',
        status: 'approved',
        createdByMe: false,
        providerMessage: 'Your balance is not enough to fulfil this request',
      }),
    );
    expect(screen.getByText(/Your balance is not enough to fulfil this request/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    const question = await screen.findByRole('dialog', { name: 'Pay now' });
    expect(question.textContent).toContain('Send ₦1,172,839.41 to 2 affiliates through Paystack now?');
    await act(async () => {
      fireEvent.click(within(question).getByRole('button', { name: 'Pay now' }));
    });
    expect(mocked.executePayoutRun).toHaveBeenCalledWith(12);
    expect(notify.success).toHaveBeenCalledWith(PayoutMessages.executing);
  });

  it('a paystack run being paid shows each line’s status and asks again by itself', async () => {
    jest.useFakeTimers();
    try {
      await openRun(payoutRun({ provider: 'paystack', status: 'executing' }), [
        payoutLine(1, { status: 'paid', paidAt: '2026-11-21T11:00:00.000Z' }),
        payoutLine(2, { status: 'failed', reason: 'Account not found' }),
      ]);
      await waitFor(() => expect(tableRows('Eligible affiliates')).toHaveLength(2));
      expect(tableRows('Eligible affiliates')[1]).toEqual(
        expect.arrayContaining(['Failed', 'Account not found']),
      );
      const calls = mocked.fetchPayoutRun.mock.calls.length;
      await act(async () => {
        jest.advanceTimersByTime(PAYING_REFRESH_MS);
      });
      // Both tables asked again within seconds, with no reload (issue 51).
      expect(PAYING_REFRESH_MS).toBeLessThanOrEqual(5_000);
      expect(mocked.fetchPayoutRun.mock.calls.length).toBe(calls + 2);
      expect(screen.queryByRole('button', { name: 'Download bank file' })).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('loading, a run that cannot be found (no Retry) and a failure that may pass (Retry) look different', async () => {
    mocked.fetchPayoutRun.mockReturnValue(new Promise(() => undefined));
    const first = renderAt(<PayoutsPage />, '/admin/payouts?run=12');
    expect(await screen.findByLabelText('Loading the payout run')).toBeTruthy();
    first.unmount();

    mocked.fetchPayoutRun.mockRejectedValue(refusal(404, PayoutMessages.runNotFound));
    const second = renderAt(<PayoutsPage />, '/admin/payouts?run=12');
    const gone = await screen.findByRole('alert');
    expect(gone.textContent).toContain(`The payout run could not be loaded. ${PayoutMessages.runNotFound}`);
    expect(within(gone).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to payouts' })).toBeTruthy();
    second.unmount();

    mocked.fetchPayoutRun.mockRejectedValue(refusal(503, 'Service unavailable'));
    renderAt(<PayoutsPage />, '/admin/payouts?run=12');
    const down = await screen.findByRole('alert');
    expect(within(down).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('says when no affiliate is eligible or ineligible (not the same as failing)', async () => {
    mocked.fetchPayoutRun.mockImplementation(async () =>
      detail(payoutRun({ totals: { ...payoutRun().totals, count: 0 } }), []),
    );
    renderAt(<PayoutsPage />, '/admin/payouts?run=12');
    expect(await screen.findByText('No affiliate is eligible in this run.')).toBeTruthy();
    expect(await screen.findByText('No affiliate is ineligible in this run.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Submit for approval' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
