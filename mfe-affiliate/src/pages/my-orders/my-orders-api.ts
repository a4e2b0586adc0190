import { AffiliateAreaEndpoints, AffiliateOrderPage, MY_LIST_PAGE_SIZE } from '@portal/contracts';
import type { AffiliateOrderPage as OrderPage } from '@portal/contracts';
import { callEndpoint } from '@portal/shared-ui';

export interface OrderPageRequest {
  page: number;
  search: string;
  status: string;
  fromDate: string;
  toDate: string;
}

/** One page of `GET affiliate/myorder`; empty filters are left out of the address. */
export async function fetchMyOrders(request: OrderPageRequest, signal?: AbortSignal): Promise<OrderPage> {
  const query = Object.fromEntries(
    Object.entries({ ...request, pageSize: MY_LIST_PAGE_SIZE }).filter(([, value]) => value !== ''),
  );
  return AffiliateOrderPage.parse(await callEndpoint(AffiliateAreaEndpoints.myOrders, { query }, { signal }));
}
