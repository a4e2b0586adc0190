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
import styles from './outbox-page.module.css';
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

/** A day and its time of day, each whole: '2026-12-07 10:41:05' never breaks inside either. */
function When({ value, prefix }: { value: string; prefix?: string }) {
  return (
    <span className={styles.when}>
      <span>{`${prefix ? `${prefix} ` : ''}${formatDate(value)}`}</span> <span>{formatTime(value)}</span>
    </span>
  );
}

/** What the message is: a code, an e-mail's subject or a notice's title; never its body. */
export function messageText(message: AdminOutboxMessage): string {
  if (message.purpose === 'otp') return 'Verification code';
  return message.subject ?? 'Notice';
}

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
      // Issue 51: eleven columns cut Provider, Last Error, Sent and Last Receipt at 1366 px. A day over its time,
      // the provider under the channel, the message under the recipient, the attempts under the status and the
      // two delivery times in one cell: seven columns, every fact in view at 1366 px with the sidebar open; a
      // long provider error wraps.
      { key: 'createdAt', header: 'Queued', render: (m) => <When value={m.createdAt} /> },
      {
        key: 'channel',
        header: <span className={styles.twoLineHeading}>Channel and Provider</span>,
        label: 'Channel',
        render: (m) => (
          <span className={styles.stack}>
            <span>
              {m.fallbackOf === null ? CHANNEL_LABELS[m.channel] : `${CHANNEL_LABELS[m.channel]} (fallback)`}
            </span>
            {m.provider ? <span className={styles.sub}>{m.provider}</span> : null}
          </span>
        ),
      },
      {
        key: 'recipient',
        header: <span className={styles.twoLineHeading}>Recipient and Message</span>,
        label: 'Recipient',
        render: (m) => (
          <span className={styles.stack}>
            <span>{m.recipient}</span>
            <span className={styles.sub}>{messageText(m)}</span>
          </span>
        ),
      },
      {
        key: 'status',
        header: 'Status',
        render: (m) => (
          <span className={styles.stack}>
            <span>{deliveryText(m)}</span>
            <span className={styles.sub}>{`${m.attempts} attempt${m.attempts === 1 ? '' : 's'}`}</span>
          </span>
        ),
      },
      {
        key: 'lastError',
        header: 'Last Error',
        render: (m) => m.lastError ?? '',
        wrap: true,
        className: styles.error,
      },
      {
        key: 'times',
        header: <span className={styles.twoLineHeading}>Sent and Last Receipt</span>,
        label: 'Sent',
        render: (m) => (
          <span className={styles.stack}>
            <span>{m.sentAt ? <When value={m.sentAt} prefix="Sent" /> : 'Not sent'}</span>
            {m.deliveryStatusAt ? (
              <span className={styles.sub}>
                <When value={m.deliveryStatusAt} prefix="Receipt" />
              </span>
            ) : null}
          </span>
        ),
      },
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
