import { AffiliateAreaEndpoints, BankVerificationEndpoints, ReKycPartEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { myOrders, myRetailers } from './my-network';
import { reKycDetails, reKycResolveAccountName, submitReKyc } from './rekyc';
import { storeReKycSelfie } from './rekyc-selfie';
import { parseSelfieForm } from '../registration';

const ORDER_PARAMS = ['page', 'pageSize', 'search', 'status', 'fromDate', 'toDate'] as const;
const RETAILER_PARAMS = ['page', 'pageSize', 'search'] as const;

export function registerAffiliateAreaRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(AffiliateAreaEndpoints.reKycDetails, ({ session }) => reKycDetails(ctx, session));

  api.route(AffiliateAreaEndpoints.reKyc, ({ body, session }) => submitReKyc(ctx, session, body));

  api.route(
    ReKycPartEndpoints.reKycSelfie,
    ({ session }, req, res) => storeReKycSelfie(ctx, session, req, res),
    {
      before: parseSelfieForm,
    },
  );

  api.route(BankVerificationEndpoints.reKycResolveAccountName, ({ body, session }, req) =>
    reKycResolveAccountName(ctx, session, body, req.ip),
  );

  api.route(AffiliateAreaEndpoints.myOrders, ({ query, session }, req) =>
    myOrders(
      ctx,
      session,
      query,
      ORDER_PARAMS.some((name) => req.query[name] !== undefined),
    ),
  );

  api.route(AffiliateAreaEndpoints.myRetailers, ({ query, session }, req) =>
    myRetailers(
      ctx,
      session,
      query,
      RETAILER_PARAMS.some((name) => req.query[name] !== undefined),
    ),
  );
}
