import { lazy } from 'react';
import type { RemoteRouteDefinition } from '@portal/shared-ui';

/** The routes mfe-admin renders for the shell (spec §2); each page is its own lazily loaded chunk. */
const routes: RemoteRouteDefinition[] = [
  {
    path: 'admin-dashboard',
    title: 'Admin Dashboard',
    Component: lazy(() => import('./pages/admin-dashboard/admin-dashboard-page')),
  },
  {
    path: 'admin/users',
    title: 'All Users',
    Component: lazy(() => import('./pages/admin-users/admin-users-page')),
  },
  {
    path: 'admin/user-add',
    title: 'Create User',
    Component: lazy(() => import('./pages/add-user/add-user-page')),
  },
  {
    path: 'admin/commission-upload',
    title: 'Upload Commission Details',
    Component: lazy(() => import('./pages/commission-upload/commission-upload-page')),
  },
  {
    path: 'admin/reports',
    title: 'Reports',
    Component: lazy(() => import('./pages/reports/admin-reports-page')),
  },
  {
    path: 'admin/orders',
    title: 'Order Management',
    Component: lazy(() => import('./pages/admin-orders/admin-orders-page')),
  },
  {
    path: 'admin/affiliates',
    title: 'Affiliate Users',
    Component: lazy(() => import('./pages/affiliates/admin-affiliates-page')),
  },
  {
    path: 'admin/outbox',
    title: 'Message Outbox',
    Component: lazy(() => import('./pages/outbox/outbox-page')),
  },
  {
    // Issue 28: payout runs; `?run=<id>` shows one run.
    path: 'admin/payouts',
    title: 'Payouts',
    Component: lazy(() => import('./pages/payouts/payouts-page')),
  },
  {
    path: 'notifications',
    title: 'Notifications',
    Component: lazy(() => import('./pages/notifications/notifications-page')),
  },
];

export default routes;
