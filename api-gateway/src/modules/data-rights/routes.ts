import { DataRightsEndpoints, DataRightsMessages } from '@portal/contracts';
import { notFound } from '../../http/errors';
import { moneyOwed } from './money-owed';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { affiliateIdParam } from '../../http/affiliate-id-param';
import { ExportRunner } from '../reports';
import { eraseAffiliate } from './erase-affiliate';
import { exportMyData } from './my-data';
import { requestErasure } from './erasure-request';

export function registerDataRightsRoutes(api: ApiRouter, ctx: AppContext): void {
  const exportRunner = new ExportRunner(ctx);
  api.route(DataRightsEndpoints.myData, ({ session }) => exportMyData(ctx, exportRunner, session));
  api.route(DataRightsEndpoints.eraseAffiliate, ({ params, session, body }) =>
    eraseAffiliate(ctx, session, affiliateIdParam(params.id), body.settledOtherwise),
  );
  api.route(DataRightsEndpoints.moneyOwed, async ({ params }) => {
    const affiliateId = affiliateIdParam(params.id);
    const { rows } = await ctx.db.query('SELECT 1 FROM affiliates WHERE affiliate_id = $1', [affiliateId]);
    if (!rows[0]) throw notFound(DataRightsMessages.notFound);
    return moneyOwed(ctx.db, affiliateId, ctx.now());
  });
  api.route(DataRightsEndpoints.requestErasure, ({ session, body }) =>
    requestErasure(ctx, session, body.note),
  );
}
