import { DashboardResponse, ErrorResponse, RoleId } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { forbidden, notFound, unauthorized } from '../../http/errors';
import { adminDashboard, affiliateDashboard, backofficeDashboard } from './dashboard-queries';

export function registerDashboardRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(
    {
      method: 'get',
      path: '/user/dashboard',
      tag: 'Dashboard',
      summary:
        "The dashboard of the caller's role (spec §3): admin { affiliates, orders, systemStatistics }, back office { applications, systemOverview, activities }, affiliate { affiliateName, affiliateId, kycStatus, notice, commission, orders }.",
      auth: 'session',
      responses: {
        200: { description: "The caller's dashboard", schema: DashboardResponse },
        401: { description: 'No or invalid session', schema: ErrorResponse },
        403: { description: 'The caller holds no dashboard right', schema: ErrorResponse },
      },
    },
    async ({ session }) => {
      if (!session) throw unauthorized();
      const now = ctx.now();
      if (session.roleID === RoleId.Admin && session.rights.includes('dashboard'))
        return adminDashboard(ctx.db, now);
      if (session.roleID === RoleId.Backoffice && session.rights.includes('backoffice_dashboard')) {
        return backofficeDashboard(ctx.db, now);
      }
      if (
        session.roleID === RoleId.Affiliate &&
        session.affiliateId !== null &&
        session.rights.includes('affiliate_dashboard')
      ) {
        const dashboard = await affiliateDashboard(ctx.db, session.affiliateId, now);
        if (!dashboard) throw notFound();
        return dashboard;
      }
      throw forbidden();
    },
  );
}
