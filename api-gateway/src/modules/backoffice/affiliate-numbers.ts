import type { RevealableNumber, RevealedNumberResponse } from '@portal/contracts';
import { AffiliateMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { SEALED_NUMBER_COLUMNS, type SealedNumberRow, openNumbers } from '../../lib/sealed-numbers';
import { recordAudit } from '../audit';

/** Each number's own look in the audit trail (issue 48: one Show, one number, one row). */
const SHOW_ACTIONS: Record<RevealableNumber, string> = {
  ninOrBVN: 'affiliate.identity-number.show',
  accountNumber: 'affiliate.account-number.show',
};

/**
 * The review modal's Show (issue 29): one clear number, the BVN/NIN or the account number (issue 48: never both
 * in one call), and in the same transaction the audit row that says who looked at which number of whose, when
 * (shown in the modal's history). No row, no number.
 */
export async function showAffiliateNumber(
  ctx: AppContext,
  actor: SessionUser,
  affiliateId: number,
  field: RevealableNumber,
): Promise<RevealedNumberResponse> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<SealedNumberRow>(
      `SELECT ${SEALED_NUMBER_COLUMNS} FROM affiliates a WHERE a.affiliate_id = $1`,
      [affiliateId],
    );
    if (!rows[0]) throw notFound(AffiliateMessages.notFound);
    const value = openNumbers(ctx.config.dataKeyring, rows[0])[field];
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: SHOW_ACTIONS[field],
      entityType: 'affiliate',
      entityId: affiliateId,
      details: { fields: [field] },
      at: ctx.now(),
    });
    return { field, value };
  });
}
