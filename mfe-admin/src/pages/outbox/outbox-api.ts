import { OutboxAdminEndpoints } from '@portal/contracts';
import type { AdminOutboxPage } from '@portal/contracts';
import { callEndpoint } from '@portal/shared-ui';

export const OUTBOX_PAGE_SIZE = 20;
export type OutboxChannelFilter = 'all' | 'email' | 'whatsapp' | 'sms';

/** One page of the outbox (admin only): never a body, only channel, status, delivery and errors. */
export function fetchOutboxPage(
  filter: { page: number; recipient: string; channel: OutboxChannelFilter },
  signal?: AbortSignal,
): Promise<AdminOutboxPage> {
  const query: Record<string, string | number> = { page: filter.page, pageSize: OUTBOX_PAGE_SIZE };
  if (filter.recipient.trim()) query.recipient = filter.recipient.trim();
  if (filter.channel !== 'all') query.channel = filter.channel;
  return callEndpoint(OutboxAdminEndpoints.list, { query }, { signal });
}
