import { lazy } from 'react';
import type { RemoteRouteDefinition } from '@portal/shared-ui';

/** Resolves in a new task, so the browser can paint and answer input between two pieces of start-up work. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The registration page in steps. webpack evaluates an import's modules in the task where its last
 * file arrives, so the page was one task of ~250 ms on Lighthouse's phone (issue 14): zod, the contract's
 * schemas, PrimeReact's dropdown with its virtual scroller and tooltip, then the form. Evaluated one after
 * the other, each in its own task, no single one blocks input as long (Total Blocking Time counts what a task
 * lasts beyond 50 ms). Step one is native controls; step two (PrimeReact's dropdown, the camera, the captcha)
 * is loaded by the page once step one is on screen (`loadStepTwo`, issue 26).
 */
export async function loadRegisterPage() {
  await import('zod');
  await nextTask();
  await import('@portal/contracts/registration');
  await nextTask();
  return import('./pages/register/register-page');
}

// Each page is its own chunk: the login page does not bring registration's camera and captcha code.
const routes: RemoteRouteDefinition[] = [
  { path: 'login', title: 'Sign In', Component: lazy(() => import('./pages/login/login-page')) },
  { path: 'register', title: 'Affiliate Registration', Component: lazy(loadRegisterPage) },
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
