import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import express from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { OutboxMessages, RegistrationMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import { badRequest, HttpError, unauthorized } from '../../http/errors';
import { queueSmsFallbacks } from './sms-fallback';
import { WHATSAPP_RECIPIENT_ERRORS } from './provider-errors';

/** Meta's notifications are small; anything bigger is not one of them. */
export const WEBHOOK_BODY_LIMIT = '256kb';
/** Statuses handled from one notification at most (Meta batches up to about a thousand). */
const MAX_STATUSES = 1000;
const RECEIPT_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** Same-length digests, so the comparison takes the same time whatever matches. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * The raw bytes, before any parser: the signature is over them exactly. The JSON parser of the API skips
 * /webhooks/ (app.ts), so this is the only reader of the body.
 */
export const readRawWebhookBody: RequestHandler[] = [
  express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
  (req: Request, res: Response, next: NextFunction) => {
    res.locals.rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    // The router's checks and schemas see no body: nothing is read before the signature holds.
    req.body = {};
    next();
  },
];

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

interface Receipt {
  id: string;
  status: ReceiptStatus;
  at: Date;
  errorCode?: number;
  errorText?: string;
}

/** The statuses of a notification (entry[].changes[].value.statuses[]); anything else in it is ignored. */
function receiptsOf(body: unknown, now: Date): Receipt[] {
  const receipts: Receipt[] = [];
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
        receipts.push({
          id,
          status: kind as ReceiptStatus,
          at,
          errorCode: typeof error.code === 'number' ? error.code : undefined,
          errorText:
            typeof error.title === 'string' || typeof error.message === 'string'
              ? String(error.title ?? error.message).slice(0, 300)
              : undefined,
        });
      }
    }
  }
  return receipts;
}

/**
 * Applies one receipt to the outbox row with that wamid, only forward: sent < delivered < read; failed only
 * before delivered (a failure reported after a delivery is stale) and final. A repeated or older receipt
 * matches no row. One conditional UPDATE per receipt, so two notifications racing cannot move a row back.
 */
async function applyReceipt(ctx: AppContext, receipt: Receipt): Promise<boolean> {
  const recipientError =
    receipt.status === 'failed' &&
    receipt.errorCode !== undefined &&
    WHATSAPP_RECIPIENT_ERRORS.has(receipt.errorCode)
      ? RegistrationMessages.whatsappUndeliverable
      : null;
  const failure =
    receipt.status === 'failed'
      ? `WhatsApp receipt: failed${receipt.errorCode !== undefined ? `: code ${receipt.errorCode}` : ''}${
          receipt.errorText ? `: ${receipt.errorText}` : ''
        }`
      : null;
  const { rowCount } = await ctx.db.query(
    `UPDATE outbox SET delivery_status = $2::text, delivery_status_at = $3,
            fallback_due_at = CASE WHEN $2::text IN ('delivered', 'read') THEN NULL ELSE fallback_due_at END,
            user_error = coalesce($4, user_error),
            last_error = coalesce($5, last_error)
      WHERE channel = 'whatsapp' AND provider_message_id = $1
        AND CASE WHEN $2::text = 'failed'
                 THEN delivery_status IS NULL OR delivery_status = 'sent'
                 ELSE delivery_status IS DISTINCT FROM 'failed'
                      AND coalesce(array_position(ARRAY['sent', 'delivered', 'read'], delivery_status), 0)
                          < array_position(ARRAY['sent', 'delivered', 'read'], $2::text)
            END`,
    [receipt.id, receipt.status, receipt.at, recipientError, failure],
  );
  return (rowCount ?? 0) > 0;
}

/** POST: the signature first (401 and nothing read otherwise), then the statuses. */
export async function receiveNotification(ctx: AppContext, req: Request, res: Response) {
  const raw = res.locals.rawBody as Buffer | undefined;
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
    if ((await applyReceipt(ctx, receipt)) && receipt.status === 'failed') failed += 1;
  }
  // A failed OTP falls back to SMS now rather than at the worker's next pass.
  if (failed > 0 && ctx.config.messaging.sms.provider !== 'none') await queueSmsFallbacks(ctx);
  return { message: OutboxMessages.webhookReceived };
}
