import type { PortalRemoteName } from '@portal/contracts/web';

/** Module Federation names of the remotes (fe-common seam). */
export type RemoteName = PortalRemoteName;

/**
 * How a route is reached (spec §2 and §6): `public` needs nothing; `session` has no guard but shows the
 * signed-in user's own screen; `guarded` must be in the user's menu.
 */
export type RouteAccess = 'public' | 'session' | 'guarded';

export interface RemoteRoute {
  /** Without a leading slash, as the spec writes it. */
  path: string;
  remote: RemoteName;
  access: RouteAccess;
}

/** Every route of spec §2 that a remote renders. The shell itself renders '', profile and page-not-found. */
export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: 'login', remote: 'mfe_auth', access: 'public' },
  { path: 'register', remote: 'mfe_auth', access: 'public' },
  { path: 'update-password', remote: 'mfe_auth', access: 'session' },
  { path: 'two-step-setup', remote: 'mfe_auth', access: 'session' },
  { path: 're-kyc', remote: 'mfe_affiliate', access: 'session' },
  { path: 'admin-dashboard', remote: 'mfe_admin', access: 'guarded' },
  { path: 'admin/users', remote: 'mfe_admin', access: 'guarded' },
  { path: 'admin/user-add', remote: 'mfe_admin', access: 'guarded' },
  { path: 'admin/commission-upload', remote: 'mfe_admin', access: 'guarded' },
  { path: 'admin/reports', remote: 'mfe_admin', access: 'guarded' },
  { path: 'admin/orders', remote: 'mfe_admin', access: 'guarded' },
  { path: 'admin/affiliates', remote: 'mfe_admin', access: 'guarded' },
  // Issue 27: the outbox (admin only, under Manage Users).
  { path: 'admin/outbox', remote: 'mfe_admin', access: 'guarded' },
  // Issue 28: payout runs (admin) and the affiliate's payouts.
  { path: 'admin/payouts', remote: 'mfe_admin', access: 'guarded' },
  { path: 'notifications', remote: 'mfe_admin', access: 'guarded' },
  { path: 'backoffice-dashboard', remote: 'mfe_backoffice', access: 'guarded' },
  { path: 'backoffice/reports', remote: 'mfe_backoffice', access: 'guarded' },
  { path: 'backoffice/users', remote: 'mfe_backoffice', access: 'guarded' },
  // Issue 50: the KYC queue (back office and admins).
  { path: 'backoffice/kyc', remote: 'mfe_backoffice', access: 'guarded' },
  { path: 'backoffice/risk', remote: 'mfe_backoffice', access: 'guarded' },
  { path: 'affiliate-dashboard', remote: 'mfe_affiliate', access: 'guarded' },
  { path: 'affiliate/orders', remote: 'mfe_affiliate', access: 'guarded' },
  { path: 'affiliate/retailers', remote: 'mfe_affiliate', access: 'guarded' },
  { path: 'affiliate/payouts', remote: 'mfe_affiliate', access: 'guarded' },
];

export const routesWithAccess = (access: RouteAccess) =>
  REMOTE_ROUTES.filter((route) => route.access === access);
