import { lazy } from 'react';
import type { RemoteRouteDefinition } from '@portal/shared-ui';

// Each page is its own chunk: the login page does not bring registration's camera and captcha code.
const routes: RemoteRouteDefinition[] = [
  { path: 'login', title: 'Sign In', Component: lazy(() => import('./pages/login/login-page')) },
  {
    path: 'register',
    title: 'Affiliate Registration',
    Component: lazy(() => import('./pages/register/register-page')),
  },
  {
    path: 'update-password',
    title: 'Update Password',
    Component: lazy(() => import('./pages/update-password/update-password-page')),
  },
];

export default routes;
