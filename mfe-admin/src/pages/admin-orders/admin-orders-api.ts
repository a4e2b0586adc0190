import type { AdminOrderListResponse } from '@portal/contracts';
import { OrderEndpoints } from '@portal/contracts';
import { callEndpoint } from '@portal/shared-ui';

/** The order filter as the address holds it: yyyy-MM-dd dates (empty: open-ended) and ALL, pending or completed. */
export type AdminOrderFilters = { fromDate: string; toDate: string; status: string };

/** One page of `GET admin/allorder/{page}` with the range's counts. */
export function fetchAdminOrders(
  filters: AdminOrderFilters,
  page: number,
  signal?: AbortSignal,
): Promise<AdminOrderListResponse> {
  const query: Record<string, string> = {};
  if (filters.fromDate) query.fromDate = filters.fromDate;
  if (filters.toDate) query.toDate = filters.toDate;
  if (filters.status && filters.status !== 'ALL') query.status = filters.status;
  return callEndpoint(OrderEndpoints.page, { params: { page: String(page) }, query }, { signal });
}
