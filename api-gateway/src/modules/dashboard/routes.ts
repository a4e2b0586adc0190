import { DashboardEndpoints } from '@portal/contracts';
import { RoleId } from '@portal/contracts';
import type { AppContext } from '../../context';
import type { ApiRouter } from '../../http/api-router';
import { forbidden, notFound } from '../../http/errors';
import { adminDashboard, affiliateDashboard, backofficeDashboard } from './dashboard-queries';

export function registerDashboardRoutes(api: ApiRouter, ctx: AppContext): void {
  api.route(DashboardEndpoints.dashboard, async ({ session }) => {
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
      const dashboard = await affiliateDashboard(ctx.db, session.affiliateId, now, ctx.config.helpDeskEmail);
      if (!dashboard) throw notFound();
      return dashboard;
    }
    throw forbidden();
  });
}
