import { MasterEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { listRegisterOptions, listRoles } from './reference-data';

export function registerMasterRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(MasterEndpoints.registerOptions, () => listRegisterOptions(ctx.db));
  api.route(MasterEndpoints.roles, () => listRoles(ctx.db));
}
