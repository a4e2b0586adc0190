import type { Right } from '../rights';
import { AdminOrderListResponse, AdminOrderQuery } from '../api/orders';
import { defineEndpoint } from '../endpoint';

/** Order Management is the admin's (spec §6: orders_management → admin/orders). */
export const ORDER_ADMIN_RIGHTS: readonly Right[] = ['orders_management'];

const TAG = 'Orders (admin)';
const FILTER =
  'fromDate and toDate (yyyy-MM-dd, both inclusive, the order day in Nigerian time; either may be left out), status ALL (default), pending (Pending, Processing) or completed (Delivered, Completed, Rejected)';

export const OrderEndpoints = {
  list: defineEndpoint({
    method: 'get',
    path: '/admin/allorder',
    tag: TAG,
    summary: `All orders, newest first, first page of 25: ${FILTER}. orderCount counts the whole date range whatever the status.`,
    auth: { anyRight: ORDER_ADMIN_RIGHTS },
    query: AdminOrderQuery,
    answer: { description: 'The first page and the counts', schema: AdminOrderListResponse },
  }),
  page: defineEndpoint({
    method: 'get',
    path: '/admin/allorder/:page',
    tag: TAG,
    summary: `One page (from 1) of 25 orders, newest first: ${FILTER}. A page past the end answers no rows with the totals.`,
    auth: { anyRight: ORDER_ADMIN_RIGHTS },
    query: AdminOrderQuery,
    answer: { description: 'The page and the counts', schema: AdminOrderListResponse },
  }),
};
