import type { AppContext } from '../../context';
import { faultPoint } from '../../lib/fault-point';
import { recordAudit } from '../audit';
import { claimLinesForSending, runBackToApproved } from '../payouts';
import {
  leaseNextRun,
  noteOnRun,
  pendingLines,
  pendingNetsKobo,
  releaseLease,
  renewLease,
} from './execution-queries';
import { PayoutProviderMessages, transferFeeKobo } from './payout-messages';
import { recordPayoutProviderResult } from './payout-health';
import { recipientsFor } from './recipients';
import { sendAndApply } from './send-transfers';
import { settleRun } from './transfer-outcomes';
import { type BulkItem, PAYSTACK_BULK_CHUNK, type PaystackTransfersClient } from '../../lib/paystack-client';

/**
 * Paying a run through Paystack (issue 28), as a background job: the run is 'executing' (Pay now moved it
 * there). One gateway at a time holds the run (a lease on payout_runs, renewed in the transaction that claims
 * each chunk); the holder checks the balance once, then per chunk of PAYSTACK_BULK_CHUNK lines: recipients
 * (created once per account, kept), the lines pending → 'sending' COMMITTED, then POST /transfer/bulk with each
 * line's own reference, then each line → processing (with its transfer_code), paid or failed by the answer. A
 * lost answer (timeout, 5xx, 429) leaves the lines 'sending': only the reconciler moves them, after asking
 * Paystack by reference. So whatever moment a gateway dies at, no line is sent twice: a line is sent only from
 * 'pending' (once, by the claim) or by the reconciler after Paystack said it has no transfer with its reference.
 */

/** What a pass did (tests and logs). */
export interface ExecutionReport {
  runId: number | null;
  sent: number;
  stoppedBecause?: string;
}

const leaseUntil = (ctx: AppContext, seconds: number) => new Date(ctx.now().getTime() + seconds * 1000);

/**
 * Takes one executing Paystack run whose lease is free (or run out) and has lines pending, and pays what it
 * can. Returns after the run has no pending line, or at the first inconclusive answer (the next pass, or the
 * reconciler, carries on).
 */
export async function executeNextRun(
  ctx: AppContext,
  client: PaystackTransfersClient,
  options: { leaseSeconds: number; stopping?: () => boolean },
): Promise<ExecutionReport> {
  let lease = leaseUntil(ctx, options.leaseSeconds);
  const claimed = await leaseNextRun(ctx.db, ctx.now(), lease);
  if (!claimed) return { runId: null, sent: 0 };
  const { runId } = claimed;
  const report: ExecutionReport = { runId, sent: 0 };
  // Paystack did not answer: the lease is kept until it runs out, so the run is tried again a lease later
  // rather than at every tick.
  let backOff = false;
  ctx.logger.info({ runId }, 'payout run: executing');

  try {
    if (!claimed.balanceCheckedAt) {
      const balance = await checkBalance(ctx, client, runId, lease);
      if (balance !== 'enough') {
        report.stoppedBecause = 'balance';
        backOff = balance === 'unknown';
        return report;
      }
    }
    for (;;) {
      if (options.stopping?.()) {
        report.stoppedBecause = 'stopping';
        return report;
      }
      const lines = await pendingLines(ctx.db, runId, PAYSTACK_BULK_CHUNK);
      if (lines.length === 0) break;
      const recipients = await recipientsFor(ctx, client, lines);
      if (recipients === 'inconclusive') {
        report.stoppedBecause = 'recipient';
        backOff = true;
        return report;
      }
      const nextLease = leaseUntil(ctx, options.leaseSeconds);
      // The claim: pending → sending, committed before Paystack is called, in the transaction that proves this
      // gateway still holds the run (its lease unchanged) and renews the lease.
      const sending = await ctx.db.transaction(async (tx) => {
        if (!(await renewLease(tx, runId, lease, nextLease))) return null;
        return claimLinesForSending(tx, recipients, ctx.now());
      });
      if (!sending) {
        report.stoppedBecause = 'lease lost';
        ctx.logger.warn({ runId }, 'payout run: another gateway took the run over');
        return report;
      }
      lease = nextLease;
      const items: BulkItem[] = lines
        .filter((line) => sending.has(Number(line.payout_line_id)))
        .map((line) => ({
          amountKobo: Number(line.net_kobo),
          recipient: recipients.get(Number(line.payout_line_id)) as string,
          reference: line.reference,
          reason: `Affiliate commission payout ${line.reference}`,
        }));
      if (items.length === 0) continue;
      await faultPoint('payout.sending');
      const result = await sendAndApply(ctx, client, items);
      report.sent += items.length;
      if (result !== 'answered') {
        report.stoppedBecause = result;
        backOff = true;
        return report;
      }
    }
    await ctx.db.transaction((tx) => settleRun(ctx, tx, runId));
    return report;
  } finally {
    // Released for the next pass (or another gateway) unless someone else holds it now.
    if (!backOff)
      await releaseLease(ctx.db, runId, lease).catch((error: unknown) =>
        ctx.logger.warn({ err: error, runId }, 'payout run lease not released'),
      );
  }
}

/**
 * GET /balance against what the run's pending lines need (net plus the most Paystack charges per transfer).
 * Too little: the run goes back to 'approved' with the reason (provider_message), nothing sent. No answer: the
 * run stays executing with a note; the next pass asks again.
 */
async function checkBalance(
  ctx: AppContext,
  client: PaystackTransfersClient,
  runId: number,
  lease: Date,
): Promise<'enough' | 'too low' | 'unknown'> {
  let net = 0n;
  let fees = 0n;
  for (const kobo of await pendingNetsKobo(ctx.db, runId)) {
    net += kobo;
    fees += BigInt(transferFeeKobo(Number(kobo)));
  }
  const answer = await client.balance();
  if (answer.kind !== 'ok') {
    const reason = answer.kind === 'refused' ? answer.message : answer.reason;
    await recordPayoutProviderResult(ctx, reason);
    await noteOnRun(ctx, runId, PayoutProviderMessages.balanceUnknown);
    return 'unknown';
  }
  await recordPayoutProviderResult(ctx, null);
  const balance = BigInt(Math.floor(answer.value.balanceKobo));
  const needed = net + fees;
  if (balance >= needed) {
    await noteOnRun(ctx, runId, null, true);
    return 'enough';
  }
  const message = PayoutProviderMessages.balanceTooLow(balance, needed, fees);
  await ctx.db.transaction(async (tx) => {
    // Back to approved only while this gateway holds the run and nothing of it has left.
    if (!(await runBackToApproved(tx, runId, lease, message, ctx.now()))) return;
    await recordAudit(tx, {
      actorUserId: null,
      action: 'payout.run.balance',
      entityType: 'payout_run',
      entityId: runId,
      fromStatus: 'executing',
      toStatus: 'approved',
      remark: message,
      at: ctx.now(),
    });
  });
  ctx.logger.warn(
    { runId, balanceKobo: String(balance), neededKobo: String(needed) },
    'payout run: balance too low',
  );
  return 'too low';
}
