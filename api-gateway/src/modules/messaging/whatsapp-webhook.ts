import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { OutboxMessages, RegistrationMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import { badRequest, HttpError, unauthorized } from '../../http/errors';
import { rawBodyOf } from '../../http/raw-body';
import { queueSmsFallbacks } from './sms-fallback';
import { WHATSAPP_RECIPIENT_ERRORS } from './provider-errors';
import { RECEIPT_STATUSES, receiveReceipt } from './delivery-receipts';
import type { DeliveryReceipt, ReceiptStatus } from './delivery-receipts';

/** Statuses handled from one notification at most (Meta batches up to about a thousand). */
const MAX_STATUSES = 1000;

/** Same-length digests, so the comparison takes the same time whatever matches. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** 'sha256=' + hex HMAC-SHA256 of the raw body with the app secret, compared in constant time. */
export function validSignature(raw: Buffer, header: unknown, appSecret: string | undefined): boolean {
  if (!appSecret || typeof header !== 'string') return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], 'hex'));
}

/** GET: answers hub.challenge when the mode is subscribe and the verify token is ours; otherwise 403. */
export function answerVerification(
  ctx: AppContext,
  query: Record<string, string | undefined>,
  res: Response,
): void {
  const token = ctx.config.messaging.webhook.verifyToken;
  const challenge = query['hub.challenge'];
  if (
    !token ||
    query['hub.mode'] !== 'subscribe' ||
    typeof query['hub.verify_token'] !== 'string' ||
    !sameSecret(query['hub.verify_token'], token) ||
    typeof challenge !== 'string' ||
    !/^[A-Za-z0-9_-]{1,200}$/.test(challenge)
  ) {
    throw new HttpError(403, OutboxMessages.webhookVerifyRefused);
  }
  res.status(200).type('text/plain').set('Cache-Control', 'no-store').send(challenge);
}

/** The statuses of a notification (entry[].changes[].value.statuses[]); anything else in it is ignored. */
function receiptsOf(body: unknown, now: Date): DeliveryReceipt[] {
  const receipts: DeliveryReceipt[] = [];
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  const record = (value: unknown): Record<string, unknown> =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  for (const entry of list(record(body).entry)) {
    for (const change of list(record(entry).changes)) {
      for (const item of list(record(record(change).value).statuses)) {
        if (receipts.length >= MAX_STATUSES) return receipts;
        const status = record(item);
        const id = status.id;
        const kind = status.status;
        if (typeof id !== 'string' || id.length === 0 || id.length > 200) continue;
        if (typeof kind !== 'string' || !(RECEIPT_STATUSES as readonly string[]).includes(kind)) continue;
        const seconds = typeof status.timestamp === 'string' ? Number(status.timestamp) : Number.NaN;
        const at =
          Number.isInteger(seconds) && seconds > 946_684_800 && seconds < 4_102_444_800
            ? new Date(seconds * 1000)
            : now;
        const error = record(list(status.errors)[0]);
        const errorCode = typeof error.code === 'number' ? error.code : undefined;
        const errorText =
          typeof error.title === 'string' || typeof error.message === 'string'
            ? String(error.title ?? error.message).slice(0, 300)
            : undefined;
        const failed = kind === 'failed';
        receipts.push({
          channel: 'whatsapp',
          providerMessageId: id,
          status: kind as ReceiptStatus,
          at,
          userError:
            failed && errorCode !== undefined && WHATSAPP_RECIPIENT_ERRORS.has(errorCode)
              ? RegistrationMessages.whatsappUndeliverable
              : null,
          failure: failed
            ? `WhatsApp receipt: failed${errorCode !== undefined ? `: code ${errorCode}` : ''}${
                errorText ? `: ${errorText}` : ''
              }`
            : null,
        });
      }
    }
  }
  return receipts;
}

/** POST: the signature first (401 and nothing read otherwise), then the statuses. */
export async function receiveNotification(ctx: AppContext, req: Request, res: Response) {
  const raw = rawBodyOf(res);
  if (
    !raw ||
    !validSignature(raw, req.headers['x-hub-signature-256'], ctx.config.messaging.webhook.appSecret)
  ) {
    throw unauthorized(OutboxMessages.webhookUnauthorized);
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest(OutboxMessages.webhookBadBody);
  }
  const receipts = receiptsOf(body, ctx.now());
  let failed = 0;
  for (const receipt of receipts) {
    // A receipt for a wamid not stored yet (Meta's webhook beat the send call's answer) waits for it.
    const applied = await receiveReceipt(ctx, receipt);
    failed += applied.filter((one) => one.status === 'failed').length;
  }
  // A failed OTP falls back to SMS now rather than at the worker's next pass.
  if (failed > 0 && ctx.config.messaging.sms.provider !== 'none') await queueSmsFallbacks(ctx);
  return { message: OutboxMessages.webhookReceived };
}
