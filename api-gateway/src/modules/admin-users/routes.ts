import { AdminUserEndpoints } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { resetSecondFactor } from '../auth';
import { activateAdminUser, deactivateAdminUser, saveAdminUser } from './user-changes';
import { adminUserDetails, listAdminUsers, userIdParam } from './user-views';

const PAGING_PARAMS = ['page', 'pageSize', 'search', 'status'] as const;

export function registerAdminUserRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(AdminUserEndpoints.list, ({ query }, req) =>
    listAdminUsers(ctx, { ...query, paged: PAGING_PARAMS.some((name) => req.query[name] !== undefined) }),
  );

  api.route(AdminUserEndpoints.details, ({ params }) => adminUserDetails(ctx, userIdParam(params.id)));

  api.route(AdminUserEndpoints.save, ({ body, session }) => saveAdminUser(ctx, session, body));

  api.route(AdminUserEndpoints.makeInactive, ({ params, session }) =>
    deactivateAdminUser(ctx, session, userIdParam(params.id)),
  );

  api.route(AdminUserEndpoints.activate, ({ params, session }) =>
    activateAdminUser(ctx, session, userIdParam(params.id)),
  );

  api.route(AdminUserEndpoints.resetSecondFactor, ({ params, session }) =>
    resetSecondFactor(ctx, session, userIdParam(params.id)),
  );
}
