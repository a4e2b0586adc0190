import {
  AffiliateEndpoints,
  BankAccountVerificationEndpoints,
  BankAccountVerificationMessages,
  KycPartEndpoints,
} from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { notFound } from '../../http/errors';
import { confirmBankNameEnquiry, enquireBankName, verificationState } from '../bank-verification';
import { decideAffiliate } from './affiliate-decisions';
import { showAffiliateNumber } from './affiliate-numbers';
import { affiliateIdParam } from '../../http/affiliate-id-param';
import { affiliateDetails, listAffiliates } from './affiliate-views';
import { returnParts } from './return-parts';

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

  // Issue 48: the bank-file programme's account verification (name enquiry, a second person below the threshold).
  api.route(BankAccountVerificationEndpoints.state, ({ params, session }) =>
    verificationState(ctx, ctx.db, session, affiliateIdParam(params.id)),
  );
  api.route(BankAccountVerificationEndpoints.enquire, ({ params, body, session }) =>
    enquireBankName(ctx, session, affiliateIdParam(params.id), body),
  );
  api.route(BankAccountVerificationEndpoints.confirm, ({ params, body, session }) => {
    const affiliateId = affiliateIdParam(params.id);
    if (!/^[1-9]\d{0,14}$/.test(params.verificationId))
      throw notFound(BankAccountVerificationMessages.notFound);
    return confirmBankNameEnquiry(ctx, session, affiliateId, Number(params.verificationId), body);
  });

  api.route(AffiliateEndpoints.decideKyc, ({ body, session }) =>
    decideAffiliate(ctx, session, {
      affiliateId: body.affiliateID,
      action: body.isActive ? 'approve' : 'reject',
      remark: body.remark,
      expectedStatus: body.expectedStatus,
    }),
  );

  api.route(KycPartEndpoints.returnParts, ({ params, body, session }) =>
    returnParts(ctx, session, affiliateIdParam(params.id), body.parts),
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
