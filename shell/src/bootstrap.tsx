import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
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
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
