import { lazy } from 'react';
import type { RemoteRouteDefinition } from '@portal/shared-ui';

/** The routes mfe-backoffice renders for the shell (spec §2); each page is its own lazily loaded chunk. */
const routes: RemoteRouteDefinition[] = [
  {
    path: 'backoffice-dashboard',
    title: 'Backoffice Dashboard',
    Component: lazy(() => import('./pages/backoffice-dashboard/backoffice-dashboard-page')),
  },
  {
    path: 'backoffice/reports',
    title: 'Reports',
    Component: lazy(() => import('./pages/backoffice-reports/backoffice-reports-page')),
  },
  {
    path: 'backoffice/users',
    title: 'All Users',
    Component: lazy(() => import('./pages/backoffice-users/backoffice-users-page')),
  },
  // Issue 50: the KYC queue and, with ?case=, one case.
  {
    path: 'backoffice/kyc',
    title: 'KYC Queue',
    Component: lazy(() => import('./pages/kyc-queue/kyc-queue-page')),
  },
  {
    // Issue 49: the risk review queue, reached by back office and admins alike (right risk_review).
    path: 'backoffice/risk',
    title: 'Risk Review',
    Component: lazy(() => import('./pages/risk-review/risk-review-page')),
  },
];

export default routes;
