import type { AppContext } from '../../context';
import { faultPoint } from '../../lib/fault-point';
import { repeatEvery } from '../../lib/repeat-every';
import { RegistrationMessages } from '@portal/contracts';
import { queueSmsFallbacks } from './sms-fallback';
import { applyEarlyReceipts, dropStaleEarlyReceipts } from './delivery-receipts';
import { recordProviderResult } from './provider-health';
import { UndeliverableError } from './provider-errors';
import { outboxFailures, outboxSends } from '../../metrics/gateway-metrics';
import type { SendResult, Transports } from './transports';
import { createTransports } from './transports';

export const MAX_DELIVERY_ATTEMPTS = 5;
/** A claimed message is not claimed again for this long, even if the process dies mid-send. */
export const DELIVERY_LEASE_SECONDS = 60;
const FIRST_RETRY_SECONDS = 30;
const BATCH_SIZE = 20;

interface ClaimedRow {
  message_id: string | number;
  channel: 'email' | 'whatsapp' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  attempts: number;
  otp_code: string | null;
}

/** Hands one message to its channel's provider; what the provider answered (its message id), if anything. */
async function sendOne(transports: Transports, row: ClaimedRow): Promise<SendResult> {
  if (row.channel === 'email') {
    await transports.email.send({ to: row.recipient, subject: row.subject ?? '', text: row.body });
    return {};
  }
  if (row.channel === 'sms') {
    if (!transports.sms) throw new Error('No SMS provider is configured (SMS_PROVIDER)');
    return (await transports.sms.send({ to: row.recipient, text: row.body })) ?? {};
  }
  const otp = row.otp_code ? { otpCode: row.otp_code } : {};
  return (await transports.whatsapp.send({ to: row.recipient, text: row.body, ...otp })) ?? {};
}

function providerName(transports: Transports, channel: ClaimedRow['channel']): string {
  if (channel === 'email') return transports.email.name;
  if (channel === 'sms') return transports.sms?.name ?? 'none';
  return transports.whatsapp.name;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

/** Retries wait 30 s, 1 min, 2 min, 4 min; the fifth failure marks the message failed. */
export function retryDelaySeconds(attemptsSoFar: number): number {
  return FIRST_RETRY_SECONDS * 2 ** Math.max(0, attemptsSoFar - 1);
}

/**
 * Claims the due pending messages (a lease, so two workers never send one message twice in the normal
 * case), sends each outside any transaction, then marks it sent, or schedules a retry, or fails it.
 */
export async function deliverDueMessages(
  ctx: AppContext,
  transports: Transports,
  limit = BATCH_SIZE,
  /** Asked before each message: true ends the pass after the current one (graceful shutdown). */
  stopping: () => boolean = () => false,
): Promise<DeliveryReport> {
  // Receipts kept for ids a pass stored but could not apply them for (it died in between) apply now.
  let receiptFailed = (await applyEarlyReceipts(ctx)).some((one) => one.status === 'failed');
  await dropStaleEarlyReceipts(ctx);
  // OTPs WhatsApp failed, or did not deliver in time, get their one SMS first, so this pass sends it.
  if (transports.sms) await queueSmsFallbacks(ctx);
  const now = ctx.now();
  const { rows } = await ctx.db.query<ClaimedRow>(
    `UPDATE outbox SET next_attempt_at = $2
      WHERE message_id IN (SELECT message_id FROM outbox
                            WHERE status = 'pending' AND next_attempt_at <= $1
                            ORDER BY next_attempt_at, message_id
                            LIMIT $3
                            FOR UPDATE SKIP LOCKED)
      RETURNING message_id, channel, recipient, subject, body, attempts, otp_code`,
    // A row enqueued in this very millisecond carries the database's microseconds (next_attempt_at defaults
    // to now()), which a JS Date truncates away: compare against the end of the current millisecond.
    [new Date(now.getTime() + 1), new Date(now.getTime() + DELIVERY_LEASE_SECONDS * 1000), limit],
  );
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  rows.sort((a, b) => Number(a.message_id) - Number(b.message_id));
  for (const [index, row] of rows.entries()) {
    if (stopping()) {
      await releaseClaims(ctx, rows.slice(index));
      break;
    }
    const provider = providerName(transports, row.channel);
    try {
      const result = await sendOne(transports, row);
      outboxSends.inc({ channel: row.channel, provider });
      await ctx.db.query(
        `UPDATE outbox SET status = 'sent', sent_at = $2, attempts = attempts + 1, last_error = NULL,
                           provider = $3, provider_message_id = $4, last_attempt_at = $2
          WHERE message_id = $1`,
        [row.message_id, ctx.now(), provider, result.providerMessageId ?? null],
      );
      await recordProviderResult(ctx, row.channel, provider, null);
      report.sent += 1;
      if (await applyKeptReceipts(ctx, row.channel, result.providerMessageId)) receiptFailed = true;
    } catch (error) {
      outboxFailures.inc({ channel: row.channel, provider });
      const attempts = row.attempts + 1;
      const undeliverable = error instanceof UndeliverableError;
      // The recipient's own problem (not on WhatsApp, blocked, invalid number) fails at once: a retry cannot help.
      const failed = undeliverable || attempts >= MAX_DELIVERY_ATTEMPTS;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const userError = undeliverable
        ? row.channel === 'whatsapp'
          ? RegistrationMessages.whatsappUndeliverable
          : RegistrationMessages.codeNotDelivered
        : null;
      await ctx.db.query(
        `UPDATE outbox SET attempts = $2, last_error = $3, status = $4, next_attempt_at = $5, provider = $6,
                           last_attempt_at = $7, user_error = coalesce($8, user_error)
          WHERE message_id = $1`,
        [
          row.message_id,
          attempts,
          reason,
          failed ? 'failed' : 'pending',
          new Date(ctx.now().getTime() + retryDelaySeconds(attempts) * 1000),
          provider,
          ctx.now(),
          userError,
        ],
      );
      // A provider that answered "this recipient cannot get it" is working: only other failures count against it.
      await recordProviderResult(ctx, row.channel, provider, undeliverable ? null : reason);
      ctx.logger.warn(
        { messageId: Number(row.message_id), channel: row.channel, attempts, err: reason },
        'message delivery failed',
      );
      if (failed) report.failed += 1;
      else report.retrying += 1;
    }
  }
  // A WhatsApp failure of this pass falls back at once, not on the next tick.
  if (transports.sms && (report.failed > 0 || receiptFailed)) await queueSmsFallbacks(ctx);
  return report;
}

/**
 * The provider's receipt may have come before its id was stored (its webhook beat the send call's answer): kept,
 * it applies as soon as the id is stored. Never throws: the message went, and must not be sent again because
 * applying a receipt failed (the next pass applies what is left). True when a kept 'failed' applied.
 */
async function applyKeptReceipts(
  ctx: AppContext,
  channel: ClaimedRow['channel'],
  providerMessageId: string | undefined,
): Promise<boolean> {
  if (channel === 'email' || !providerMessageId) return false;
  try {
    const applied = await applyEarlyReceipts(ctx, { channel, providerMessageId });
    return applied.some((one) => one.status === 'failed');
  } catch (error) {
    ctx.logger.warn({ channel, err: error }, 'kept delivery receipts not applied; the next pass retries');
    return false;
  }
}

/**
 * Messages claimed by a pass that stops early go back to the queue at once, instead of waiting out their
 * lease: the next process (or another worker) sends them without a minute's delay.
 */
async function releaseClaims(ctx: AppContext, rows: readonly ClaimedRow[]): Promise<void> {
  await ctx.db.query(
    `UPDATE outbox SET next_attempt_at = $2 WHERE message_id = ANY($1) AND status = 'pending'`,
    [rows.map((row) => Number(row.message_id)), ctx.now()],
  );
}

/**
 * Polls the outbox every `intervalMs`; one pass at a time. Returns a function that stops it: no new pass
 * starts, a pass under way ends after the message it is sending, and the returned promise resolves then.
 */
export function startOutboxWorker(
  ctx: AppContext,
  transports: Transports = createTransports(ctx),
  intervalMs = 2000,
): () => Promise<void> {
  const stop = repeatEvery(
    intervalMs,
    async (stopping) => {
      await faultPoint('outbox.claim');
      // Keep going while full batches come back, so a burst drains without waiting a tick per batch.
      let report: DeliveryReport;
      do {
        report = await deliverDueMessages(ctx, transports, BATCH_SIZE, stopping);
      } while (!stopping() && report.sent + report.retrying + report.failed === BATCH_SIZE);
    },
    (error) => ctx.logger.error({ err: error }, 'outbox delivery pass failed'),
  );
  return async () => {
    await stop();
    transports.email.close?.();
  };
}
