import { lazy } from 'react';
import { preloadComponents } from '@portal/shared-ui';
import type { RemoteRouteDefinition } from '@portal/shared-ui';

const loadPayoutsPage = () => import('./pages/payouts/payouts-page');

/** The routes mfe-affiliate renders for the shell (spec §2); each page is its own lazily loaded chunk. */
const routes: RemoteRouteDefinition[] = [
  {
    path: 'affiliate-dashboard',
    title: 'Affiliate Dashboard',
    Component: lazy(() => import('./pages/affiliate-dashboard/affiliate-dashboard-page')),
  },
  {
    path: 'affiliate/orders',
    title: 'My Orders',
    Component: lazy(() => import('./pages/my-orders/my-orders-page')),
  },
  {
    path: 'affiliate/retailers',
    title: 'My Retailers',
    Component: lazy(() => import('./pages/my-retailers/my-retailers-page')),
  },
  {
    path: 'affiliate/payouts',
    title: 'Payouts',
    Component: lazy(loadPayoutsPage),
    // Issue 51 (agents on budget phones): the page's file and its figures are asked for together.
    prefetch: () => {
      void loadPayoutsPage();
      preloadComponents('StatCards', 'DataTable', 'StatusBadge');
      void import('./pages/payouts/payouts-api').then((api) => api.prefetchAffiliatePayouts());
    },
  },
  { path: 're-kyc', title: 'Re KYC', Component: lazy(() => import('./pages/re-kyc/re-kyc-page')) },
];

export default routes;
