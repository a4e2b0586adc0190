import { AffiliateAreaEndpoints, AffiliateRetailerPage, MY_LIST_PAGE_SIZE } from '@portal/contracts';
import type { AffiliateRetailerPage as RetailerPage } from '@portal/contracts';
import { callEndpoint } from '@portal/shared-ui';

/** One page of `GET affiliate/retiler-network` (the spec's spelling). */
export async function fetchMyRetailers(
  request: { page: number; search: string },
  signal?: AbortSignal,
): Promise<RetailerPage> {
  const query = {
    page: request.page,
    pageSize: MY_LIST_PAGE_SIZE,
    ...(request.search ? { search: request.search } : {}),
  };
  return AffiliateRetailerPage.parse(
    await callEndpoint(AffiliateAreaEndpoints.myRetailers, { query }, { signal }),
  );
}
