import type { AffiliateDetails, AffiliatePage, AffiliateSummary } from '@portal/contracts';
import {
  AFFILIATE_ERASE_RIGHTS,
  AFFILIATE_PAGE_SIZE,
  AffiliateMessages,
  AffiliateStatus,
  allowedAffiliateActions,
  roleNameOf,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { exactNumberSearch } from '../../lib/sealed-numbers';
import { describeAudit, listAuditFor } from '../audit';
import { findAffiliate, listAffiliateFlags, listAllAffiliates, pageAffiliates } from './affiliate-queries';
import { findBankVerification } from '../bank-verification';

export interface AffiliateListRequest {
  /** Whether the caller sent any paging parameter; without one the spec's whole list is answered. */
  paged: boolean;
  page?: number;
  pageSize?: number;
  search?: string;
  status?: Parameters<typeof pageAffiliates>[2]['status'];
}

/** The affiliate list: an array without paging parameters, one page `{ results, totalCount, ... }` with them. */
export async function listAffiliates(
  ctx: AppContext,
  request: AffiliateListRequest,
): Promise<AffiliatePage | AffiliateSummary[]> {
  if (!request.paged) return listAllAffiliates(ctx.db, ctx.config.dataKeyring);
  const pageNo = request.page ?? 1;
  const pageSize = request.pageSize ?? AFFILIATE_PAGE_SIZE;
  const search = request.search || undefined;
  const filter = {
    status: request.status,
    search,
    numberHashes: exactNumberSearch(ctx.config.dataKeyring, search),
  };
  return {
    ...(await pageAffiliates(ctx.db, ctx.config.dataKeyring, filter, pageNo, pageSize)),
    pageNo,
    pageSize,
  };
}

/** The view modal: details, duplicate-identity flags, decision history and what the caller may do. */
export async function affiliateDetails(
  ctx: AppContext,
  actor: SessionUser,
  affiliateId: number,
): Promise<AffiliateDetails> {
  const affiliate = await findAffiliate(ctx.db, ctx.config.dataKeyring, affiliateId);
  if (!affiliate) throw notFound(AffiliateMessages.notFound);
  const [flags, history, bankVerification, erasure, erasureRequest] = await Promise.all([
    listAffiliateFlags(ctx.db, affiliateId),
    listAuditFor(ctx.db, 'affiliate', affiliateId),
    findBankVerification(ctx.db, affiliateId),
    ctx.db.query<{ erased_at: Date | null }>('SELECT erased_at FROM affiliates WHERE affiliate_id = $1', [
      affiliateId,
    ]),
    ctx.db.query<{ requested_at: Date }>(
      'SELECT requested_at FROM erasure_requests WHERE affiliate_id = $1 AND closed_at IS NULL',
      [affiliateId],
    ),
  ]);
  const erasedAt = erasure.rows[0]?.erased_at ?? null;
  const { userId: _userId, statusBeforeInactive: _before, firstDecisionAt: _first, ...details } = affiliate;
  return {
    ...details,
    flags,
    bankVerification,
    history: history.map((row) => ({
      auditID: row.auditId,
      action: row.action,
      title: describeAudit(row).title,
      fromStatus: row.fromStatus,
      toStatus: row.toStatus,
      remark: row.remark,
      actorName: row.actorName,
      actorRole: row.actorRoleId === null ? null : (roleNameOf(row.actorRoleId) ?? null),
      createdOn: row.createdAt.toISOString(),
    })),
    // An erased affiliate stays Inactive for good (issue 29; the database refuses it too).
    allowedActions: allowedAffiliateActions(actor.roleID, affiliate.status).filter(
      (action) => erasedAt === null || action !== 'activate',
    ),
    erasedOn: erasedAt === null ? null : erasedAt.toISOString(),
    erasureRequestedOn: erasureRequest.rows[0]
      ? new Date(erasureRequest.rows[0].requested_at).toISOString()
      : null,
    canErase:
      erasedAt === null &&
      affiliate.status === AffiliateStatus.Inactive &&
      AFFILIATE_ERASE_RIGHTS.some((right) => actor.rights.includes(right)),
  };
}
