import {
  FUZZ_APP_ENV,
  prepareTarget,
  runFuzz,
  summaryOf,
  type FuzzTarget,
} from '../../../../test-support/fuzz/fuzz-run';
import {
  FAKE_PAYSTACK_SECRET,
  startPaystackFake,
  type PaystackFake,
} from '../../../../test-support/fakes/paystack-fake';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';

jest.setTimeout(240_000);

// The schema fuzz of every call runs without a provider; here the two resolution calls are fuzzed with
// Paystack's fake configured, so generated inputs reach the limits, the cache and the adapter.
let fake: PaystackFake;
let t: TestApp;
let target: FuzzTarget;

beforeAll(async () => {
  fake = await startPaystackFake();
  fake.accounts.set('058:0123456789', 'ADAEZE N. OKAFOR');
  t = await createTestApp({
    ...FUZZ_APP_ENV,
    BANK_VERIFICATION_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: FAKE_PAYSTACK_SECRET,
    PAYSTACK_BASE_URL: fake.baseUrl,
  });
  target = await prepareTarget(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

test('resolution calls with a provider: no 5xx, every 4xx a JSON message, refused calls write nothing', async () => {
  const report = await runFuzz(target, {
    runsPerEndpoint: 80,
    seed: 2727,
    only: /resolve-account-name/,
    checksums: true,
  });
  console.log(summaryOf(report));
  expect(report.endpoints.size).toBe(2);
  expect(report.failures).toEqual([]);
  // Shaped inputs got through the schema to the limits and the provider.
  expect(report.endpoints.get('POST /affiliate/rekyc-resolve-account-name')?.accepted).toBeGreaterThan(0);
});
