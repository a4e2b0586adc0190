import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PayoutMessages, businessDay } from '@portal/contracts';
import { notify } from '@portal/shared-ui';
import * as api from '../payouts-api';
import { locationText, renderAt } from '../../../../test-support/admin-fixtures';
import PayoutsPage from '../payouts-page';
import { cutoffProblem } from '../new-run-dialog';
import { SETTINGS, payoutRun, refusal } from '../../../../test-support/payout-fixtures';

jest.mock('../payouts-api', () => ({
  ...jest.requireActual('../payouts-api'),
  fetchPayoutSettings: jest.fn(),
  savePayoutSettings: jest.fn(),
  fetchPayoutRuns: jest.fn(),
  createPayoutRun: jest.fn(),
  fetchPayoutRun: jest.fn(),
}));
const mocked = jest.mocked(api);

beforeEach(() => {
  jest.resetAllMocks();
  jest.spyOn(notify, 'success').mockImplementation(() => 'toast');
  mocked.fetchPayoutSettings.mockResolvedValue(SETTINGS);
  mocked.fetchPayoutRun.mockReturnValue(new Promise(() => undefined));
  mocked.fetchPayoutRuns.mockResolvedValue({
    results: [
      payoutRun({
        runId: 12,
        status: 'completed',
        decidedBy: 'Bola Admin',
        decidedAt: '2026-11-21T10:00:00.000Z',
        completedAt: '2026-11-22T10:00:00.000Z',
      }),
      payoutRun({ runId: 11, status: 'rejected', totals: { ...payoutRun().totals, count: 0, net: '0.00' } }),
    ],
    totalCount: 30,
    pageNo: 1,
    pageSize: 25,
    openRunId: null,
  });
});

const table = () => screen.getByRole('table', { name: 'Payout runs' });
const rowsOf = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('Payouts: the runs list', () => {
  it('lists cutoff, status, count, net in whole naira figures, creator, approver and dates', async () => {
    renderAt(<PayoutsPage />, '/admin/payouts');
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 1, name: 'Payouts' })).toBeTruthy();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Run',
      'Cutoff',
      'Status',
      'Affiliates',
      'Net',
      'Paid by',
      'Created',
      'Decided',
      'Completed',
      'Action',
    ]);
    expect(rowsOf()[0]).toEqual([
      '#12',
      '2026-11-20',
      'Completed',
      '2',
      '₦1,172,839.41',
      'Bank file',
      '2026-11-21Ada Admin',
      '2026-11-21Bola Admin',
      '2026-11-22',
      'Open',
    ]);
    // A figure is one unbreakable piece.
    expect(within(table()).getByText('₦1,172,839.41').className).toMatch(/money/);
    expect(mocked.fetchPayoutRuns).toHaveBeenCalledWith(1, expect.any(AbortSignal));
  });

  it('pages in the address (a history step) and opens a run as ?run=', async () => {
    renderAt(<PayoutsPage />, '/admin/payouts');
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    });
    expect(locationText()).toBe('/admin/payouts?page=2');
    expect(mocked.fetchPayoutRuns).toHaveBeenLastCalledWith(2, expect.any(AbortSignal));
    fireEvent.click(screen.getAllByRole('link', { name: 'Open Payout run #12' })[0]);
    expect(locationText()).toBe('/admin/payouts?run=12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payout run #12' })).toBeTruthy();
  });

  it('loading, empty and failed never look alike', async () => {
    let answer: (value: Awaited<ReturnType<typeof api.fetchPayoutRuns>>) => void = () => undefined;
    mocked.fetchPayoutRuns.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const { unmount } = renderAt(<PayoutsPage />, '/admin/payouts');
    expect(await screen.findByLabelText('Loading')).toBeTruthy();
    expect(screen.queryByText('No payout runs yet.')).toBeNull();
    await act(async () => answer({ results: [], totalCount: 0, pageNo: 1, pageSize: 25, openRunId: null }));
    expect(await screen.findByText('No payout runs yet.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();

    mocked.fetchPayoutRuns.mockRejectedValueOnce(refusal(500, 'down'));
    renderAt(<PayoutsPage />, '/admin/payouts');
    const alert = await screen.findByText('The payout runs could not be loaded.');
    expect(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }),
    ).toBeTruthy();
    expect(screen.queryByText('No payout runs yet.')).toBeNull();
  });

  it('a refusal that cannot change (403) offers no Retry', async () => {
    mocked.fetchPayoutRuns.mockRejectedValueOnce(refusal(403, 'You do not have access.'));
    renderAt(<PayoutsPage />, '/admin/payouts');
    const text = await screen.findByText(/The payout runs could not be loaded\. You do not have access\./);
    expect(
      within(text.closest('[role="alert"]') as HTMLElement).queryByRole('button', { name: 'Retry' }),
    ).toBeNull();
  });

  it('while a run is open, New payout run is disabled and says which run, with a link to it', async () => {
    mocked.fetchPayoutRuns.mockResolvedValue({
      results: [payoutRun({ runId: 13, status: 'submitted' })],
      totalCount: 1,
      pageNo: 1,
      pageSize: 25,
      openRunId: 13,
    });
    renderAt(<PayoutsPage />, '/admin/payouts');
    await waitFor(() => expect(rowsOf()).toHaveLength(1));
    const button = screen.getByRole('button', { name: 'New payout run' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    const note = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toContain('Payout run #13 is still open');
    expect(within(note as HTMLElement).getByRole('link', { name: 'Open Payout run #13' })).toBeTruthy();
  });

  it('a ?run= that names no run says so without asking the gateway', async () => {
    renderAt(<PayoutsPage />, '/admin/payouts?run=abc');
    expect((await screen.findByRole('alert')).textContent).toBe('Payout run not found.');
    expect(mocked.fetchPayoutRun).not.toHaveBeenCalled();
  });
});

describe('Payouts: settings', () => {
  async function openSettings() {
    renderAt(<PayoutsPage />, '/admin/payouts');
    expect(await screen.findByText('₦1,000.00')).toBeTruthy();
    expect(screen.getByText('5%')).toBeTruthy();
    expect(screen.getByText('2026-11-01 by Ada Admin')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change settings' }));
    return screen.findByRole('dialog', { name: 'Payout settings' });
  }

  it.each([
    ['', '5', 'minimumPayout', PayoutMessages.minimumRequired],
    ['12.345', '5', 'minimumPayout', PayoutMessages.minimumInvalid],
    ['-1', '5', 'minimumPayout', PayoutMessages.minimumInvalid],
    ['1000', '', 'withholdingPercent', PayoutMessages.withholdingRequired],
    ['1000', '100.5', 'withholdingPercent', PayoutMessages.withholdingInvalid],
    ['1000', 'ten', 'withholdingPercent', PayoutMessages.withholdingInvalid],
  ])(
    'minimum %j and withholding %j are not sent: the field says why',
    async (minimum, withholding, field, message) => {
      const dialog = await openSettings();
      fireEvent.change(within(dialog).getByLabelText('Minimum payout (naira)'), {
        target: { value: minimum },
      });
      fireEvent.change(within(dialog).getByLabelText('Withholding (%)'), { target: { value: withholding } });
      await act(async () => {
        fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      });
      const input = within(dialog).getByLabelText(
        field === 'minimumPayout' ? 'Minimum payout (naira)' : 'Withholding (%)',
      );
      await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
      const described = (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain(message);
      expect(mocked.savePayoutSettings).not.toHaveBeenCalled();
    },
  );

  it('saves the amounts as text, toasts the message and shows the new settings', async () => {
    mocked.savePayoutSettings.mockResolvedValue({
      message: PayoutMessages.settingsSaved,
      changed: true,
      settings: { ...SETTINGS, minimumPayout: '2500.50', withholdingPercent: '7.50' },
    });
    const dialog = await openSettings();
    fireEvent.change(within(dialog).getByLabelText('Minimum payout (naira)'), {
      target: { value: '2500.5' },
    });
    fireEvent.change(within(dialog).getByLabelText('Withholding (%)'), { target: { value: '7.5' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    });
    expect(mocked.savePayoutSettings).toHaveBeenCalledWith({
      minimumPayout: '2500.50',
      withholdingPercent: '7.50',
    });
    expect(notify.success).toHaveBeenCalledWith(PayoutMessages.settingsSaved);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Payout settings' })).toBeNull());
    expect(screen.getByText('₦2,500.50')).toBeTruthy();
    expect(screen.getByText('7.5%')).toBeTruthy();
  });

  it('asks before throwing away a typed change', async () => {
    const dialog = await openSettings();
    fireEvent.change(within(dialog).getByLabelText('Minimum payout (naira)'), { target: { value: '3000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    fireEvent.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved changes' })).toBeNull());
    expect((within(dialog).getByLabelText('Minimum payout (naira)') as HTMLInputElement).value).toBe('3000');
  });
});

describe('Payouts: a new run', () => {
  it('checks the cutoff before asking: required, not after today', () => {
    expect(cutoffProblem('', '2026-11-28')).toBe(PayoutMessages.cutoffRequired);
    expect(cutoffProblem('2026-11-29', '2026-11-28')).toBe(PayoutMessages.cutoffInFuture);
    expect(cutoffProblem('2026-11-28', '2026-11-28')).toBeNull();
  });

  it('offers today as the cutoff: Create run at once sends today', async () => {
    mocked.createPayoutRun.mockResolvedValue({
      message: PayoutMessages.runCreated(14, 2),
      run: payoutRun({ runId: 14 }),
    });
    renderAt(<PayoutsPage />, '/admin/payouts');
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'New payout run' }));
    const dialog = await screen.findByRole('dialog', { name: 'New payout run' });
    const input = (await within(dialog).findByLabelText('Cutoff date')) as HTMLInputElement;
    expect(input.value).toBe(businessDay(new Date()));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create run' }));
    });
    expect(mocked.createPayoutRun).toHaveBeenCalledWith(businessDay(new Date()));
  });

  it('asks for a cutoff when it is cleared, sends the typed day as yyyy-MM-dd and opens the new run', async () => {
    mocked.createPayoutRun.mockResolvedValue({
      message: PayoutMessages.runCreated(14, 2),
      run: payoutRun({ runId: 14 }),
    });
    renderAt(<PayoutsPage />, '/admin/payouts');
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'New payout run' }));
    const dialog = await screen.findByRole('dialog', { name: 'New payout run' });
    const input = await within(dialog).findByLabelText('Cutoff date');
    fireEvent.focus(input);
    fireEvent.input(input, { target: { value: '' } });
    fireEvent.blur(input);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create run' }));
    });
    expect(within(dialog).getByRole('alert').textContent).toBe(PayoutMessages.cutoffRequired);
    expect(mocked.createPayoutRun).not.toHaveBeenCalled();

    fireEvent.focus(input);
    fireEvent.input(input, { target: { value: '2025-10-31' } });
    fireEvent.blur(input);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create run' }));
    });
    expect(mocked.createPayoutRun).toHaveBeenCalledWith('2025-10-31');
    expect(notify.success).toHaveBeenCalledWith(PayoutMessages.runCreated(14, 2));
    await waitFor(() => expect(locationText()).toBe('/admin/payouts?run=14'));
  });

  it("shows the gateway's refusal of the cutoff under the field", async () => {
    const error = refusal(400, PayoutMessages.cutoffInFuture);
    (error.response as { data: unknown }).data = {
      message: PayoutMessages.cutoffInFuture,
      errors: { cutoff: PayoutMessages.cutoffInFuture },
    };
    mocked.createPayoutRun.mockRejectedValue(error);
    renderAt(<PayoutsPage />, '/admin/payouts');
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'New payout run' }));
    const dialog = await screen.findByRole('dialog', { name: 'New payout run' });
    const input = await within(dialog).findByLabelText('Cutoff date');
    fireEvent.focus(input);
    fireEvent.input(input, { target: { value: '2025-10-31' } });
    fireEvent.blur(input);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create run' }));
    });
    expect(within(dialog).getByRole('alert').textContent).toBe(PayoutMessages.cutoffInFuture);
    expect(screen.getByRole('dialog', { name: 'New payout run' })).toBeTruthy();
  });
});
