import { StrictMode, startTransition } from 'react';
import { holdFirstPaint } from './federation/first-paint';
import { initFederation, preloadRemoteOf } from './federation/init-federation';

/** Resolves in a new task, so the browser can paint and answer input between two pieces of start-up work. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  // The remote list is fetched while React and the app are evaluated.
  const federation = initFederation().catch((error: unknown) => {
    // The shell still starts: each section then offers Retry, which asks for the remote list again.
    console.error('[federation] the remote list could not be loaded', error);
  });
  // React's DOM renderer and the app are in this chunk ("eager": no request of their own) but each is
  // evaluated in its own task: evaluated together they were one task of ~110 ms on Lighthouse's phone
  // (issue 26), the first paint in the HTML already on screen and the page unable to answer meanwhile.
  await nextTask();
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  // The app's own modules are evaluated last; what they import first, a task each (route matching comes with the
  // app's router; axios, whose evaluation tests the browser's fetch API, and the toasts with the shared library).
  for (const load of [
    () => import(/* webpackMode: "eager" */ 'react-router-dom'),
    () => import(/* webpackMode: "eager" */ 'axios'),
    () => import(/* webpackMode: "eager" */ 'react-toastify'),
    () => import(/* webpackMode: "eager" */ '@portal/shared-ui'),
  ]) {
    await nextTask();
    await load();
  }
  const { useSessionStore } = await import(/* webpackMode: "eager" */ '@portal/shared-ui');
  await federation;
  preloadRemoteOf(window.location.pathname, useSessionStore.getState().userDetails !== null);
  await nextTask();
  const { App } = await import(/* webpackMode: "eager" */ './app/app');
  await nextTask();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  holdFirstPaint(container);
  const root = createRoot(container);
  // A transition renders in slices of a few milliseconds, yielding to the browser between them, instead of one
  // long task: the page is already painted (the first paint in the HTML), so the phone should stay responsive
  // while React builds the app behind it (Lighthouse's Total Blocking Time counts every task over 50 ms).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void start();
