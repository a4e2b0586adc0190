import type { AppContext } from '../../context';
import { faultPoint } from '../../lib/fault-point';
import { lineIdsOf } from './execution-queries';
import { PayoutProviderMessages } from './payout-messages';
import { recordPayoutProviderResult } from './payout-health';
import { applyTransferState, failLines } from './transfer-outcomes';
import type { BulkItem, PaystackTransfersClient, TransferState } from '../../lib/paystack-client';

/**
 * POST /transfer/bulk for lines already 'sending', then each line by the answer. Refused (a plain 4xx: nothing
 * queued): the lines fail, their commission is available again, except when Paystack says the reference is
 * already used (then it has the transfer: left for the reconciler to verify). Inconclusive: left 'sending'.
 */
export async function sendAndApply(
  ctx: AppContext,
  client: PaystackTransfersClient,
  items: readonly BulkItem[],
): Promise<'answered' | 'inconclusive'> {
  const answer = await client.bulkTransfer(items);
  await faultPoint('payout.sent');
  if (answer.kind === 'inconclusive') {
    await recordPayoutProviderResult(ctx, answer.reason);
    return 'inconclusive';
  }
  await recordPayoutProviderResult(ctx, null);
  if (answer.kind === 'refused') {
    if (/duplicate|already/i.test(answer.message)) {
      ctx.logger.warn(
        { message: answer.message },
        'payout: Paystack already has a reference; left to verify',
      );
      return 'inconclusive';
    }
    const lineIds = await lineIdsOf(
      ctx.db,
      items.map((item) => item.reference),
    );
    await ctx.db.transaction((tx) =>
      failLines(ctx, tx, lineIds, 'sending', PayoutProviderMessages.transferRefused(answer.message)),
    );
    return 'answered';
  }
  // One transaction for the chunk's answer. A reference not in the answer is not known either way: left
  // 'sending', the reconciler asks for it.
  const states = items
    .map((item) => answer.value.get(item.reference))
    .filter((state): state is TransferState => state !== undefined);
  await ctx.db.transaction(async (tx) => {
    for (const state of states) await applyTransferState(ctx, tx, state);
  });
  return 'answered';
}
