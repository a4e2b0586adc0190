import { AffiliateEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { decideAffiliate } from './affiliate-decisions';
import { showAffiliateNumber } from './affiliate-numbers';
import { affiliateDetails, affiliateIdParam, listAffiliates } from './affiliate-views';

const PAGING_PARAMS = ['page', 'pageSize', 'search', 'status'] as const;

export function registerBackofficeRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(AffiliateEndpoints.list, ({ query }, req) =>
    listAffiliates(ctx, { ...query, paged: PAGING_PARAMS.some((name) => req.query[name] !== undefined) }),
  );

  api.route(AffiliateEndpoints.details, ({ params, session }) =>
    affiliateDetails(ctx, session, affiliateIdParam(params.id)),
  );

  api.route(AffiliateEndpoints.numbers, ({ params, session, query }) =>
    showAffiliateNumber(ctx, session, affiliateIdParam(params.id), query.field),
  );

  api.route(AffiliateEndpoints.decideKyc, ({ body, session }) =>
    decideAffiliate(ctx, session, {
      affiliateId: body.affiliateID,
      action: body.isActive ? 'approve' : 'reject',
      remark: body.remark,
      expectedStatus: body.expectedStatus,
    }),
  );

  api.route(AffiliateEndpoints.setActive, ({ body, query, session }) =>
    decideAffiliate(ctx, session, {
      affiliateId: body.affiliateID,
      action: query.status === 'active' ? 'activate' : 'inactivate',
      remark: body.remark,
      expectedStatus: body.expectedStatus,
    }),
  );

  api.route(AffiliateEndpoints.makeInactive, ({ params, session }) =>
    decideAffiliate(ctx, session, { affiliateId: affiliateIdParam(params.id), action: 'inactivate' }),
  );
}
