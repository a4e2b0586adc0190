import { AffiliatePayoutEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { ExportRunner } from '../reports';
import { affiliatePayouts, payoutAdvice } from './affiliate-payouts';

/** The affiliate's Payouts page (right affiliate_payouts): its own cards, payouts and explanations. */
export function registerAffiliatePayoutRoutes(api: ApiRouter, ctx: AppContext): void {
  const exportRunner = new ExportRunner(ctx);

  api.route(AffiliatePayoutEndpoints.payouts, ({ query, session }) => affiliatePayouts(ctx, session, query));

  api.route(AffiliatePayoutEndpoints.advice, ({ params, session }) =>
    payoutAdvice(ctx, exportRunner, session, params.lineId),
  );
}
