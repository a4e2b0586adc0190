import type { AppContext } from '../../context';
import { claimStaleLines, settledExecutingRuns } from './execution-queries';
import { recordPayoutProviderResult } from './payout-health';
import { sendAndApply } from './send-transfers';
import { applyTransferState, settleRun } from './transfer-outcomes';
import { type BulkItem, PAYSTACK_BULK_CHUNK, type PaystackTransfersClient } from '../../lib/paystack-client';

/**
 * The reconciler: lines 'sending' or 'processing' with no news for `afterSeconds` are asked of Paystack by
 * reference (GET /transfer/verify/:reference). Found: the line takes its status. Not found and 'sending': the
 * request never reached Paystack, so it is sent again WITH THE SAME REFERENCE (Paystack's advice to avoid a
 * double credit). Each claimed line's updated_at moves to now (a lease: another gateway's reconciler skips it).
 */
export async function reconcileLines(
  ctx: AppContext,
  client: PaystackTransfersClient,
  options: { afterSeconds: number; limit?: number },
): Promise<{ verified: number; resent: number }> {
  const now = ctx.now();
  const rows = await claimStaleLines(
    ctx.db,
    new Date(now.getTime() - options.afterSeconds * 1000),
    now,
    options.limit ?? PAYSTACK_BULK_CHUNK,
  );
  const resend: BulkItem[] = [];
  let verified = 0;
  for (const line of rows) {
    const answer = await client.verify(line.reference);
    if (answer.kind !== 'ok') {
      await recordPayoutProviderResult(ctx, answer.kind === 'refused' ? answer.message : answer.reason);
      continue;
    }
    verified += 1;
    const state = answer.value;
    if (state) {
      await ctx.db.transaction((tx) => applyTransferState(ctx, tx, state));
    } else if (line.status === 'sending' && line.paystack_recipient_code) {
      resend.push({
        amountKobo: Number(line.net_kobo),
        recipient: line.paystack_recipient_code,
        reference: line.reference,
        reason: `Affiliate commission payout ${line.reference}`,
      });
    } else {
      ctx.logger.warn(
        { reference: line.reference, status: line.status },
        'payout: Paystack has no such transfer',
      );
    }
  }
  if (resend.length > 0) {
    ctx.logger.info({ count: resend.length }, 'payout: sending again with the same references');
    await sendAndApply(ctx, client, resend);
  }
  // Runs whose last line was settled elsewhere (a webhook) complete there; this catches a run left executing.
  for (const runId of await settledExecutingRuns(ctx.db)) {
    await ctx.db.transaction((tx) => settleRun(ctx, tx, runId));
  }
  return { verified, resent: resend.length };
}
