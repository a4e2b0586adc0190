import { lazy } from 'react';
import type { RemoteRouteDefinition } from '@portal/shared-ui';

// Each page is its own chunk: the login page does not bring registration's camera and captcha code. The
// registration page loads zod-free; its calls' zod schemas come when a visitor starts typing (issue 26).
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
  {
    path: 'two-step-setup',
    title: 'Two-Step Sign-In',
    Component: lazy(() => import('./pages/second-factor/second-factor-setup-page')),
  },
];

export default routes;
