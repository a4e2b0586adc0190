import { CommissionEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { listCurrentRates, listRateUploads } from './rate-lists';
import { parseUploadForm } from './upload-form';
import { uploadRates } from './upload-rates';

/** Commission rates from Excel (spec §2, §5, §7), with the current rates and the upload history. */
export function registerCommissionUploadRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(CommissionEndpoints.upload, ({ session }, req, res) => uploadRates(ctx, req, res, session), {
    before: parseUploadForm,
  });
  api.route(CommissionEndpoints.rates, ({ query }) => listCurrentRates(ctx, query));
  api.route(CommissionEndpoints.uploads, ({ query }) => listRateUploads(ctx, query));
}
