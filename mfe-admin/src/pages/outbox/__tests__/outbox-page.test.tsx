import { screen, waitFor, within } from '@testing-library/react';
import type { AdminOutboxMessage } from '@portal/contracts';
import * as api from '../outbox-api';
import { renderAt } from '../../../../test-support/admin-fixtures';
import OutboxPage, { deliveryText, messageText } from '../outbox-page';

jest.mock('../outbox-api', () => ({
  ...jest.requireActual('../outbox-api'),
  fetchOutboxPage: jest.fn(),
}));
const mocked = jest.mocked(api);

function message(n: number, overrides: Partial<AdminOutboxMessage> = {}): AdminOutboxMessage {
  return {
    messageID: n,
    channel: 'whatsapp',
    recipient: '+2348031234567',
    subject: null,
    purpose: 'otp',
    status: 'sent',
    deliveryStatus: null,
    attempts: 1,
    lastError: null,
    provider: 'meta',
    providerMessageID: `wamid.${n}`,
    fallbackOf: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    lastAttemptAt: '2026-11-27T10:00:01.000Z',
    sentAt: '2026-11-27T10:00:01.000Z',
    deliveryStatusAt: null,
    ...overrides,
  };
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

describe('Message Outbox (issue 27)', () => {
  beforeEach(() => jest.resetAllMocks());

  it('shows channel, recipient, status with the receipt, attempts, provider and errors; an SMS fallback says so', async () => {
    mocked.fetchOutboxPage.mockResolvedValue({
      results: [
        message(2, {
          channel: 'sms',
          provider: 'termii',
          fallbackOf: 1,
          providerMessageID: '3017',
        }),
        message(1, {
          status: 'failed',
          deliveryStatus: 'failed',
          lastError: 'WhatsApp receipt: failed: code 131026',
        }),
      ],
      totalCount: 2,
      pageNo: 1,
      pageSize: 20,
    });
    renderAt(<OutboxPage />, '/admin/outbox');
    await waitFor(() => expect(rowsOf()).toHaveLength(2));
    const [sms, whatsapp] = rowsOf();
    // Seven columns (issue 51): the provider under the channel, the message under the recipient, attempts under
    // the status, both times together.
    expect(sms).toEqual([
      '1',
      '2026-11-27 11:00:00',
      'SMS (fallback)termii',
      '+2348031234567Verification code',
      'Sent1 attempt',
      '',
      'Sent 2026-11-27 11:00:01',
    ]);
    expect(whatsapp).toEqual(
      expect.arrayContaining([
        'WhatsAppmeta',
        'Failed · failed1 attempt',
        'WhatsApp receipt: failed: code 131026',
      ]),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Message Outbox' })).toBeTruthy();
    expect(mocked.fetchOutboxPage).toHaveBeenCalledWith(
      { page: 1, recipient: '', channel: 'all' },
      expect.any(AbortSignal),
    );
  });

  it('says so when there is nothing, and when the outbox cannot be loaded', async () => {
    mocked.fetchOutboxPage.mockResolvedValueOnce({ results: [], totalCount: 0, pageNo: 1, pageSize: 20 });
    const { unmount } = renderAt(<OutboxPage />, '/admin/outbox');
    expect(await screen.findByText('No messages found.')).toBeTruthy();
    unmount();
    mocked.fetchOutboxPage.mockRejectedValueOnce(new Error('500'));
    renderAt(<OutboxPage />, '/admin/outbox?channel=sms');
    expect(await screen.findByText(/The outbox could not be loaded\./)).toBeTruthy();
    expect(mocked.fetchOutboxPage).toHaveBeenLastCalledWith(
      { page: 1, recipient: '', channel: 'sms' },
      expect.any(AbortSignal),
    );
  });

  it("names every message: a code, an e-mail's subject, a notice's title, else 'Notice' (never an empty cell)", () => {
    expect(messageText(message(1, { purpose: 'otp' }))).toBe('Verification code');
    expect(messageText(message(1, { purpose: null, subject: 'Your commission has been paid' }))).toBe(
      'Your commission has been paid',
    );
    expect(messageText(message(1, { subject: null, purpose: null }))).toBe('Notice');
  });

  it('reads a receipt after our own status', () => {
    expect(deliveryText(message(1, { deliveryStatus: 'read' }))).toBe('Sent · read');
    expect(deliveryText(message(1, { status: 'pending' }))).toBe('Pending');
  });
});
