import { RegisterOptionsResponse, RolesResponse } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { listRegisterOptions, listRoles } from './reference-data';

export function registerMasterRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/master/affiliate-register-options',
      tag: 'Master data',
      summary: 'Countries (Nigeria first) and banks for the registration form.',
      auth: 'public',
      responses: { 200: { description: 'Countries and banks.', schema: RegisterOptionsResponse } },
    },
    () => listRegisterOptions(ctx.db),
  );

  api.route(
    {
      method: 'get',
      path: '/master/roles',
      tag: 'Master data',
      summary: 'Roles, with whether the user forms ask for a country.',
      auth: 'session',
      responses: { 200: { description: 'Roles by id.', schema: RolesResponse } },
    },
    () => listRoles(ctx.db),
  );
}
