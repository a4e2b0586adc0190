import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { PaystackWebhookMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import { badRequest, unauthorized } from '../../http/errors';
import { rawBodyOf } from '../../http/raw-body';
import { PAYSTACK_RAIL } from '../payouts';
import { applyTransferState } from './transfer-outcomes';
import { paystackFee, statedMoney } from '../../lib/paystack-client';

const TRANSFER_EVENTS = new Set(['transfer.success', 'transfer.failed', 'transfer.reversed']);

/**
 * x-paystack-signature: hex HMAC-SHA512 of the raw body with the secret key, compared in constant time (both
 * sides 64 bytes; a header that is not 128 hex digits is refused before any comparison).
 */
export function validPaystackSignature(raw: Buffer, header: unknown, secretKey: string | undefined): boolean {
  if (!secretKey || typeof header !== 'string') return false;
  const given = header.trim();
  if (!/^[0-9a-f]{128}$/i.test(given)) return false;
  const expected = createHmac('sha512', secretKey).update(raw).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * POST /api/webhooks/paystack: the signature first (401, nothing read, nothing changed), then the event. Transfer
 * events move the line with that reference forward (transfer-outcomes.ts: repeated and out-of-order events change
 * nothing twice; failed and reversed free its entries; paid queues the paid notice). Any other event, or a
 * reference that is not one of our lines, is acknowledged and ignored, so Paystack stops sending it.
 */
export async function receivePaystackEvent(ctx: AppContext, req: Request, res: Response) {
  const raw = rawBodyOf(res);
  // The account's one secret key signs every event; with payouts on the bank file it is still the key of
  // account names, so runs paid before a switch to the bank file still hear their results.
  const secret =
    ctx.config.payouts.provider === PAYSTACK_RAIL.id
      ? ctx.config.payouts.secretKey
      : 'secretKey' in ctx.config.bankVerification
        ? ctx.config.bankVerification.secretKey
        : undefined;
  if (!raw || !validPaystackSignature(raw, req.headers['x-paystack-signature'], secret)) {
    throw unauthorized(PaystackWebhookMessages.badSignature);
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest(PaystackWebhookMessages.badBody);
  }
  const event = record(body).event;
  const data = record(record(body).data);
  if (typeof event !== 'string' || !TRANSFER_EVENTS.has(event)) {
    return { message: PaystackWebhookMessages.received };
  }
  const reference = data.reference;
  if (typeof reference !== 'string' || !/^[a-z0-9_-]{1,100}$/.test(reference)) {
    return { message: PaystackWebhookMessages.received };
  }
  const status = event.slice('transfer.'.length);
  const outcome = await ctx.db.transaction((tx) =>
    applyTransferState(ctx, tx, {
      reference,
      status,
      transferCode:
        typeof data.transfer_code === 'string' && data.transfer_code.length <= 100
          ? data.transfer_code
          : null,
      // A success event must say what it moved: one that does not is not believed either.
      amountKobo: null,
      currency: null,
      ...statedMoney(data),
      fee: paystackFee(data.fee_charged),
    }),
  );
  ctx.logger.info(
    { event, reference, changed: outcome !== null, line: outcome?.lineId },
    'paystack transfer event',
  );
  return { message: PaystackWebhookMessages.received };
}
