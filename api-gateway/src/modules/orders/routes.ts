import { OrderEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { listAdminOrders, orderPageParam } from './order-list';

export function registerOrderRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(OrderEndpoints.list, ({ query }) => listAdminOrders(ctx, query, 1));
  api.route(OrderEndpoints.page, ({ query, params }) =>
    listAdminOrders(ctx, query, orderPageParam(params.page)),
  );
}
