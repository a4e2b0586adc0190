import type { AppContext } from '../../context';
import { open } from '../../lib/field-crypto';
import { keyedHash } from '../../lib/keyed-hash';
import { keepRecipient, keptRecipients, type PendingLine } from './execution-queries';
import { PayoutProviderMessages } from './payout-messages';
import { recordPayoutProviderResult } from './payout-health';
import { failLines } from './transfer-outcomes';
import type { PaystackTransfersClient } from '../../lib/paystack-client';

/**
 * Each line's recipient code: the line's own (set when it was claimed before), else the one kept for its account
 * (keyed hash of bank code and account number, as 045 keys resolutions), else created now (POST
 * /transferrecipient) and kept. An account Paystack refuses fails its line (nothing was sent); no answer stops
 * the pass (the lines stay pending).
 */
export async function recipientsFor(
  ctx: AppContext,
  client: PaystackTransfersClient,
  lines: readonly PendingLine[],
): Promise<Map<number, string> | 'inconclusive'> {
  const codes = new Map<number, string>();
  const keyed = lines
    .filter((line) => !line.paystack_recipient_code)
    .map((line) => {
      const accountNumber = open(ctx.config.dataKeyring, 'account_number', line.account_number_sealed);
      return {
        line,
        accountNumber,
        key: keyedHash(ctx, 'bank-account', `${line.bank_code}:${accountNumber}`),
      };
    });
  for (const line of lines) {
    if (line.paystack_recipient_code) codes.set(Number(line.payout_line_id), line.paystack_recipient_code);
  }
  const byKey = await keptRecipients(
    ctx.db,
    keyed.map((k) => k.key),
  );
  for (const { line, accountNumber, key } of keyed) {
    const lineId = Number(line.payout_line_id);
    let code = byKey.get(key);
    if (!code) {
      const answer = await client.createRecipient({
        name: line.account_name ?? 'Affiliate',
        accountNumber,
        bankCode: line.bank_code,
      });
      if (answer.kind === 'inconclusive') {
        await recordPayoutProviderResult(ctx, answer.reason);
        return 'inconclusive';
      }
      if (answer.kind === 'refused') {
        await ctx.db.transaction((tx) =>
          failLines(ctx, tx, [lineId], 'pending', PayoutProviderMessages.recipientRefused(answer.message)),
        );
        continue;
      }
      // Two gateways creating one account's recipient at once: the first kept wins, both use it.
      code = await keepRecipient(ctx.db, key, answer.value.recipientCode, ctx.now());
      byKey.set(key, code);
    }
    codes.set(lineId, code);
  }
  await recordPayoutProviderResult(ctx, null);
  return codes;
}
