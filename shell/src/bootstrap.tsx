import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { holdFirstPaint } from './federation/first-paint';
import { initFederation } from './federation/init-federation';

async function start(): Promise<void> {
  try {
    await initFederation();
  } catch (error) {
    // The shell still starts: each section then offers Retry, which asks for the remote list again.
    console.error('[federation] the remote list could not be loaded', error);
  }
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
