import { startGateway } from './support/gateway';

/**
 * One built gateway for the whole run. Its URL reaches the workers through the environment, where
 * playwright.config.ts reads it as `baseURL` (tests then `page.goto('/login')`).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const gateway = await startGateway();
  process.env.PORTAL_URL = gateway.url;
  process.env.PORTAL_WEB_ROOT = gateway.webRoot;
  console.log(`e2e: built gateway on ${gateway.url} (pid ${gateway.pid})`);
  return () => gateway.stop();
}
