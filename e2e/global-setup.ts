import { FAKE_PAYSTACK_SECRET, startPaystackFake } from '../api-gateway/test-support/fakes/paystack-fake';
import { startGateway } from './support/gateway';

/**
 * One built gateway for the whole run. Its URL reaches the workers through the environment, where
 * playwright.config.ts reads it as `baseURL` (tests then `page.goto('/login')`). It resolves bank account
 * names at a local fake of Paystack (issue 27), whose URL the workers get as PAYSTACK_FAKE_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const paystack = await startPaystackFake();
  const gateway = await startGateway({
    BANK_VERIFICATION_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: FAKE_PAYSTACK_SECRET,
    PAYSTACK_BASE_URL: paystack.baseUrl,
  });
  process.env.PORTAL_URL = gateway.url;
  process.env.PORTAL_WEB_ROOT = gateway.webRoot;
  process.env.PAYSTACK_FAKE_URL = paystack.baseUrl;
  console.log(
    `e2e: built gateway on ${gateway.url} (pid ${gateway.pid}), Paystack fake on ${paystack.baseUrl}`,
  );
  return async () => {
    await gateway.stop();
    await paystack.close();
  };
}
