import { IdentityCheckEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { affiliateIdParam } from '../../http/affiliate-id-param';
import { identityCheckView } from './check-view';

export function registerIdentityCheckRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(IdentityCheckEndpoints.identityCheck, ({ params }) =>
    identityCheckView(ctx, affiliateIdParam(params.id)),
  );
}
