import type { IdentityNumbersResponse } from '@portal/contracts';
import { AffiliateMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { SEALED_NUMBER_COLUMNS, type SealedNumberRow, openNumbers } from '../../lib/sealed-numbers';
import { recordAudit } from '../audit';

/**
 * The review modal's Show (issue 29): the clear BVN/NIN and account number, and in the same transaction the
 * audit row that says who looked at whose numbers when (shown in the modal's history). No row, no numbers.
 */
export async function showAffiliateNumbers(
  ctx: AppContext,
  actor: SessionUser,
  affiliateId: number,
): Promise<IdentityNumbersResponse> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<SealedNumberRow>(
      `SELECT ${SEALED_NUMBER_COLUMNS} FROM affiliates a WHERE a.affiliate_id = $1`,
      [affiliateId],
    );
    if (!rows[0]) throw notFound(AffiliateMessages.notFound);
    const numbers = openNumbers(ctx.config.dataKeyring, rows[0]);
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'affiliate.numbers.show',
      entityType: 'affiliate',
      entityId: affiliateId,
      details: { fields: ['ninOrBVN', 'accountNumber'] },
      at: ctx.now(),
    });
    return numbers;
  });
}
