import { ApiKeyAdminEndpoints, IntegrationEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { createKey, listKeys, revokeKey } from './api-key-handlers';
import { batchBody } from './batch-limits';
import { ordersHandler, retailersHandler } from './ingest-handlers';

export function registerIntegrationRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(IntegrationEndpoints.retailers, retailersHandler(ctx), { before: batchBody(ctx, 'retailers') });
  api.route(IntegrationEndpoints.orders, ordersHandler(ctx), { before: batchBody(ctx, 'orders') });
  api.route(ApiKeyAdminEndpoints.list, () => listKeys(ctx));
  api.route(ApiKeyAdminEndpoints.create, ({ body }) => createKey(ctx, body.name));
  api.route(ApiKeyAdminEndpoints.revoke, ({ params }) => revokeKey(ctx, params.name));
}
