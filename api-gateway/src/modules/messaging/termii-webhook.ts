import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { OutboxMessages, RegistrationMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import { badRequest, unauthorized } from '../../http/errors';
import { rawBodyOf } from '../../http/raw-body';
import { receiveReceipt } from './delivery-receipts';
import type { DeliveryReceipt, ReceiptStatus } from './delivery-receipts';

/** hex HMAC-SHA512 of the raw body with the account's secret key (Termii's "Verifying events"), constant time. */
export function validTermiiSignature(raw: Buffer, header: unknown, secret: string | undefined): boolean {
  if (!secret || typeof header !== 'string') return false;
  const given = header.trim();
  if (!/^[0-9a-f]{128}$/i.test(given)) return false;
  const expected = createHmac('sha512', secret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/**
 * Termii's status words, as its documentation lists them ('Message Sent', 'DELIVERED | Message delivered to
 * handset', 'Delivered', 'Message Failed', 'DND Active on Phone Number', and 'Rejected' or 'Expired' from the
 * operators), as our receipt statuses; anything else (e.g. 'Received' for an inbound message) is none.
 */
export function termiiStatus(words: string): ReceiptStatus | null {
  const status = words.trim().toLowerCase();
  if (/^delivered\b/.test(status)) return 'delivered';
  if (/^(message )?sent\b/.test(status)) return 'sent';
  if (/failed|dnd active|rejected|expired|undeliverable/.test(status)) return 'failed';
  return null;
}

/** "2020-12-16 11:34:36" (UTC, as Termii writes it), or now when absent or not a time. */
function sentAt(value: unknown, now: Date): Date {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/.test(value.trim())) return now;
  const at = new Date(`${value.trim().replace(' ', 'T')}Z`);
  return Number.isNaN(at.getTime()) ? now : at;
}

/** The delivery report of one outbound SMS; null when it is not one we can use. */
function receiptOf(body: unknown, now: Date): DeliveryReceipt | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const report = body as Record<string, unknown>;
  if (report.type !== undefined && report.type !== 'outbound') return null;
  const id =
    typeof report.message_id === 'number' && Number.isSafeInteger(report.message_id)
      ? String(report.message_id)
      : report.message_id;
  if (typeof id !== 'string' || id.length === 0 || id.length > 200) return null;
  if (typeof report.status !== 'string' || report.status.length > 200) return null;
  const status = termiiStatus(report.status);
  if (!status) return null;
  const failed = status === 'failed';
  return {
    channel: 'sms',
    providerMessageId: id,
    status,
    at: sentAt(report.sent_at, now),
    // The code did not reach the phone by SMS either: the OTP step says so, as for a number Termii refuses.
    userError: failed ? RegistrationMessages.codeNotDelivered : null,
    failure: failed ? `Termii delivery report: ${report.status.slice(0, 200)}` : null,
  };
}

/**
 * POST webhooks/termii: the signature first (401 and nothing read otherwise), then the report, applied to the SMS
 * outbox row with that message_id as a WhatsApp receipt is: forward only, kept until the id is stored.
 */
export async function receiveTermiiReport(ctx: AppContext, req: Request, res: Response) {
  const raw = rawBodyOf(res);
  if (
    !raw ||
    !validTermiiSignature(raw, req.headers['x-termii-signature'], ctx.config.messaging.webhook.termiiSecret)
  ) {
    throw unauthorized(OutboxMessages.webhookUnauthorized);
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest(OutboxMessages.webhookBadBody);
  }
  const receipt = receiptOf(body, ctx.now());
  if (receipt) await receiveReceipt(ctx, receipt);
  return { message: OutboxMessages.webhookReceived };
}
