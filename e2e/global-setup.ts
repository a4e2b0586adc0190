import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FAKE_PAYSTACK_SECRET, startPaystackFake } from '../api-gateway/test-support/fakes/paystack-fake';
import { startGateway } from './support/gateway';
import { startMessageProviderFakes } from './support/message-provider-fakes';

/**
 * One built gateway for the whole run. Its URL reaches the workers through the environment, where
 * playwright.config.ts reads it as `baseURL` (tests then `page.goto('/login')`). Its outside providers are
 * local fakes (issue 27): Meta's and Termii's APIs for WhatsApp and SMS (support/message-provider-fakes.ts),
 * and Paystack for bank account names, whose URL the workers get as PAYSTACK_FAKE_URL.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const providers = await startMessageProviderFakes();
  const paystack = await startPaystackFake();
  const gateway = await startGateway({
    ...providers.env,
    BANK_VERIFICATION_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: FAKE_PAYSTACK_SECRET,
    PAYSTACK_BASE_URL: paystack.baseUrl,
    // The secret key is here for account names; payouts stay on the bank file the payout journey uses (issue
    // 28: with a key and no PAYOUT_PROVIDER, runs would be paid through Paystack).
    PAYOUT_PROVIDER: 'bank-file',
    // As behind nginx (deploy/): the client's address comes from X-Forwarded-For set by a loopback proxy. The
    // journeys that register agents through the API each come from their own address (support/kyc-registration.ts),
    // so the per-address cap of OTP sends (30 an hour) is left to the journeys that register on screen.
    TRUST_PROXY: 'loopback',
  });
  process.env.PORTAL_URL = gateway.url;
  // Shared by the workers, so no two send the same authenticator code (support/demo-totp.ts).
  const totpSteps = mkdtempSync(path.join(os.tmpdir(), 'e2e-totp-steps-'));
  process.env.E2E_TOTP_STEPS_DIR = totpSteps;
  process.env.PORTAL_WEB_ROOT = gateway.webRoot;
  process.env.PAYSTACK_FAKE_URL = paystack.baseUrl;
  console.log(
    `e2e: built gateway on ${gateway.url} (pid ${gateway.pid}), Paystack fake on ${paystack.baseUrl}`,
  );
  return async () => {
    rmSync(totpSteps, { recursive: true, force: true });
    await gateway.stop();
    await providers.stop();
    await paystack.close();
  };
}
