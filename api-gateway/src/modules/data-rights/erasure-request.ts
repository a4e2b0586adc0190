import type { MessageResponse } from '@portal/contracts';
import { DataRightsMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { recordAudit } from '../audit';

/**
 * `POST user/erasure-request` (issue 48): the affiliate's own ask, from Profile. It erases nothing: an admin
 * does, from the affiliate's details where the request shows, once nothing is owed. One open request at a time
 * (erasure_requests_one_open_idx); asking again answers that it is already with the admins.
 */
export async function requestErasure(
  ctx: AppContext,
  session: SessionUser,
  note: string | undefined,
): Promise<MessageResponse> {
  if (session.affiliateId === null) throw notFound(DataRightsMessages.noAffiliateRecord);
  const affiliateId = session.affiliateId;
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const { rows } = await tx.query(
      `INSERT INTO erasure_requests (affiliate_id, note, requested_at)
       SELECT $1, $2, $3 FROM affiliates WHERE affiliate_id = $1 AND erased_at IS NULL
       ON CONFLICT (affiliate_id) WHERE closed_at IS NULL DO NOTHING
       RETURNING erasure_request_id`,
      [affiliateId, note || null, now],
    );
    if (!rows[0]) return { message: DataRightsMessages.erasureAlreadyRequested };
    await recordAudit(tx, {
      actorUserId: session.userId,
      action: 'affiliate.erasure.request',
      entityType: 'affiliate',
      entityId: affiliateId,
      remark: note || null,
      at: now,
    });
    return { message: DataRightsMessages.erasureRequested };
  });
}
