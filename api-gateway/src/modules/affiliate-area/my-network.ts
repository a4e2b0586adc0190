import type {
  AffiliateOrder,
  AffiliateOrderPage,
  AffiliateRetailer,
  AffiliateRetailerPage,
  MyOrdersQuery,
  MyRetailersQuery,
} from '@portal/contracts';
import { MY_LIST_PAGE_SIZE } from '@portal/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { listAllOrders, listAllRetailers, pageOrders, pageRetailers } from './my-network-queries';

/** Only the caller's own network: the affiliate comes from the session, never from the request. */
function networkOwner(session: SessionUser): number {
  if (session.affiliateId === null) throw forbidden();
  return session.affiliateId;
}

/** `GET affiliate/myorder`: the whole list without paging parameters (spec), one page with any. */
export async function myOrders(
  ctx: AppContext,
  session: SessionUser,
  query: z.output<typeof MyOrdersQuery>,
  paged: boolean,
): Promise<AffiliateOrderPage | AffiliateOrder[]> {
  const affiliateId = networkOwner(session);
  if (!paged) return listAllOrders(ctx.db, affiliateId);
  const pageNo = query.page ?? 1;
  const pageSize = query.pageSize ?? MY_LIST_PAGE_SIZE;
  const filter = {
    status: query.status,
    fromDate: query.fromDate,
    toDate: query.toDate,
    search: query.search || undefined,
  };
  return { ...(await pageOrders(ctx.db, affiliateId, filter, pageNo, pageSize)), pageNo, pageSize };
}

/** `GET affiliate/retiler-network`: the same shape for the affiliate's retailers. */
export async function myRetailers(
  ctx: AppContext,
  session: SessionUser,
  query: z.output<typeof MyRetailersQuery>,
  paged: boolean,
): Promise<AffiliateRetailerPage | AffiliateRetailer[]> {
  const affiliateId = networkOwner(session);
  if (!paged) return listAllRetailers(ctx.db, affiliateId);
  const pageNo = query.page ?? 1;
  const pageSize = query.pageSize ?? MY_LIST_PAGE_SIZE;
  return {
    ...(await pageRetailers(ctx.db, affiliateId, query.search || undefined, pageNo, pageSize)),
    pageNo,
    pageSize,
  };
}
