import { DataRightsEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { affiliateIdParam } from '../backoffice';
import { ExportRunner } from '../reports';
import { eraseAffiliate } from './erase-affiliate';
import { exportMyData } from './my-data';

export function registerDataRightsRoutes(api: ApiRouter, ctx: AppContext): void {
  const exportRunner = new ExportRunner(ctx);
  api.route(DataRightsEndpoints.myData, ({ session }) => exportMyData(ctx, exportRunner, session));
  api.route(DataRightsEndpoints.eraseAffiliate, ({ params, session }) =>
    eraseAffiliate(ctx, session, affiliateIdParam(params.id)),
  );
}
