import type { MoneyOwed } from '@portal/contracts';
import { DataRightsMessages, owedInWords } from '@portal/contracts';
import type { Sql } from '../../db/database';
import { conflict } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { recordAudit } from '../audit';
import { affiliateBalances } from '../payouts';

/** What the affiliate is owed now: its ledger's pending, available and in-payout sums. */
export async function moneyOwed(sql: Sql, affiliateId: number, now: Date): Promise<MoneyOwed> {
  const { pending, available, inPayout } = await affiliateBalances(sql, affiliateId, now);
  return { pending, available, inPayout };
}

/**
 * Issue 48: erasing the account number makes owed money unpayable, so an erasure is refused while anything is
 * pending, available or in a payout, unless the admin records how it was settled outside the portal; that
 * record is its own audit row (affiliate.erase.settled-otherwise) with the figures, written before the scrub.
 */
export async function refuseWhileOwed(
  sql: Sql,
  actor: SessionUser,
  affiliateId: number,
  settledOtherwise: string | undefined,
  now: Date,
): Promise<void> {
  const owed = await moneyOwed(sql, affiliateId, now);
  const words = owedInWords(owed);
  if (!words) return;
  if (!settledOtherwise) throw conflict(DataRightsMessages.moneyOwed(words));
  await recordAudit(sql, {
    actorUserId: actor.userId,
    action: 'affiliate.erase.settled-otherwise',
    entityType: 'affiliate',
    entityId: affiliateId,
    remark: settledOtherwise,
    details: { ...owed },
    at: now,
  });
}
