import { startGateway } from './support/gateway';
import { startMessageProviderFakes } from './support/message-provider-fakes';

/**
 * One built gateway for the whole run. Its URL reaches the workers through the environment, where
 * playwright.config.ts reads it as `baseURL` (tests then `page.goto('/login')`). Its WhatsApp and SMS providers
 * are local fakes of Meta's and Termii's APIs (issue 27; support/message-provider-fakes.ts).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const providers = await startMessageProviderFakes();
  const gateway = await startGateway(providers.env);
  process.env.PORTAL_URL = gateway.url;
  process.env.PORTAL_WEB_ROOT = gateway.webRoot;
  console.log(`e2e: built gateway on ${gateway.url} (pid ${gateway.pid})`);
  return async () => {
    await gateway.stop();
    await providers.stop();
  };
}
