import type { IngestResponse, IntegrationOrder, IntegrationRetailer } from '@portal/contracts';
import type { AppContext } from '../../context';
import { faultPoint } from '../../lib/fault-point';
import { ingestOrders, ingestRetailers } from './ingest-store';

/** One batch, one transaction: stored whole or not at all. */
export const retailersHandler =
  (ctx: AppContext) =>
  ({ body }: { body: { retailers: IntegrationRetailer[] } }): Promise<IngestResponse> =>
    ctx.db.transaction((tx) => ingestRetailers(tx, body.retailers));

export const ordersHandler =
  (ctx: AppContext) =>
  ({ body }: { body: { orders: IntegrationOrder[] } }): Promise<IngestResponse> =>
    ctx.db.transaction(async (tx) => {
      const stored = await ingestOrders(tx, body.orders);
      await faultPoint('ingest.orders');
      return stored;
    });
