import { useEffect, useId, useMemo } from 'react';
import { Dropdown } from 'primereact/dropdown';
import type { AdminOutboxMessage } from '@portal/contracts';
import {
  FilterField,
  ListScreen,
  PagedTable,
  SearchFilter,
  dropdownPassThrough,
  formatDate,
  formatTime,
  serialColumn,
  usePagedList,
} from '@portal/shared-ui';
import type { DataColumn } from '@portal/shared-ui';
import { OUTBOX_PAGE_SIZE, fetchOutboxPage } from './outbox-api';
import type { OutboxChannelFilter } from './outbox-api';

export const CHANNEL_OPTIONS: readonly { label: string; value: OutboxChannelFilter }[] = [
  { label: 'All', value: 'all' },
  { label: 'Email', value: 'email' },
  { label: 'WhatsApp', value: 'whatsapp' },
  { label: 'SMS', value: 'sms' },
];
const CHANNEL_LABELS: Record<AdminOutboxMessage['channel'], string> = {
  email: 'Email',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
};
const DEFAULT_FILTERS = { channel: 'all' as OutboxChannelFilter };
const channelFromQuery = (value: string): OutboxChannelFilter =>
  CHANNEL_OPTIONS.find((option) => option.value === value.trim().toLowerCase())?.value ?? 'all';

const when = (value: string | null) => (value ? `${formatDate(value)} ${formatTime(value)}` : '');

/** Ours (pending, sent, failed), then the provider's receipt when there is one: 'Sent · delivered'. */
export function deliveryText(message: AdminOutboxMessage): string {
  const ours = message.status === 'pending' ? 'Pending' : message.status === 'sent' ? 'Sent' : 'Failed';
  return message.deliveryStatus ? `${ours} · ${message.deliveryStatus}` : ours;
}

/**
 * admin/outbox (issue 27): every email, WhatsApp and SMS message the portal sent or is sending, newest first,
 * to answer 'I never got my code': channel, provider, status and receipts, attempts, last error and times.
 * Never a body (codes and temporary passwords live there).
 */
export default function OutboxPage() {
  const list = usePagedList({
    fetchPage: ({ page, search, filters }, signal) =>
      fetchOutboxPage({ page, recipient: search, channel: filters.channel }, signal),
    pageSize: OUTBOX_PAGE_SIZE,
    defaultFilters: DEFAULT_FILTERS,
    parseFilter: (_name, value) => channelFromQuery(value),
  });
  const baseId = useId();
  const channelId = `${baseId}-channel`;

  useEffect(() => {
    document.title = 'Message Outbox | Affiliate Portal';
  }, []);

  const firstRow = (list.page - 1) * OUTBOX_PAGE_SIZE + 1;
  const columns = useMemo<DataColumn<AdminOutboxMessage>[]>(
    () => [
      serialColumn<AdminOutboxMessage>(firstRow),
      { key: 'createdAt', header: 'Queued', render: (m) => when(m.createdAt) },
      {
        key: 'channel',
        header: 'Channel',
        render: (m) =>
          m.fallbackOf === null ? CHANNEL_LABELS[m.channel] : `${CHANNEL_LABELS[m.channel]} (fallback)`,
      },
      { key: 'recipient', header: 'Recipient', render: (m) => m.recipient },
      {
        key: 'what',
        header: 'Message',
        render: (m) => (m.purpose === 'otp' ? 'Verification code' : (m.subject ?? '')),
      },
      { key: 'status', header: 'Status', render: (m) => deliveryText(m) },
      { key: 'attempts', header: 'Attempts', render: (m) => String(m.attempts) },
      { key: 'provider', header: 'Provider', render: (m) => m.provider ?? '' },
      { key: 'lastError', header: 'Last Error', render: (m) => m.lastError ?? '' },
      { key: 'sentAt', header: 'Sent', render: (m) => when(m.sentAt) },
      { key: 'deliveryStatusAt', header: 'Last Receipt', render: (m) => when(m.deliveryStatusAt) },
    ],
    [firstRow],
  );

  return (
    <ListScreen
      title="Message Outbox"
      filters={
        <>
          <SearchFilter list={list} label="Recipient" placeholder="Email or mobile number" grow />
          <FilterField htmlFor={channelId} label="Channel" grow>
            <Dropdown
              pt={dropdownPassThrough}
              inputId={channelId}
              value={list.filters.channel}
              options={[...CHANNEL_OPTIONS]}
              optionLabel="label"
              optionValue="value"
              onChange={(event) => list.setFilters({ channel: event.value as OutboxChannelFilter })}
            />
          </FilterField>
        </>
      }
    >
      <PagedTable
        list={list}
        caption="Message Outbox"
        columns={columns}
        rowKey={(m) => m.messageID}
        emptyMessage="No messages found."
        errorMessage="The outbox could not be loaded."
        pagerLabel="Message Outbox pages"
      />
    </ListScreen>
  );
}
