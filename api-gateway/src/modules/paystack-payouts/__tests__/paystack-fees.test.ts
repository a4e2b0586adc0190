import pino from 'pino';
import request from 'supertest';
import { PayoutRunDetail } from '@portal/contracts';
import { bearer, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import {
  FAKE_PAYSTACK_SECRET,
  startPaystackFake,
  type PaystackFake,
} from '../../../../test-support/fakes/paystack-fake';
import { closeOpenRuns, createPaystackRun } from '../../../../test-support/paystack-payout-fixtures';
import { executeNextRun } from '../execute-run';
import { reconcileLines } from '../reconcile-lines';
import { paystackFee, paystackClient } from '../../../lib/paystack-client';

// Issue 48 item 8: a Paystack run's totals show the fees Paystack charged, from its transfer answers
// (`fee_charged`, in kobo, on the transfer objects of GET /transfer/verify and of the webhook events).

jest.setTimeout(120_000);
let t: TestApp;
let fake: PaystackFake;

beforeAll(async () => {
  fake = await startPaystackFake();
  t = await createTestApp({
    PAYOUT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: FAKE_PAYSTACK_SECRET,
    PAYSTACK_BASE_URL: fake.baseUrl,
    PAYOUT_TIMEOUT_MS: '2000',
    PAYOUT_RECONCILE_AFTER_SECONDS: '60',
  });
});
afterAll(async () => {
  await closeOpenRuns(t.ctx.db);
  await t?.close();
  await fake?.close();
});

test('fee_charged read as naira, exact; nonsense is no fee', () => {
  expect(paystackFee(1000)).toBe('10.00');
  expect(paystackFee(2505)).toBe('25.05');
  expect(paystackFee(0)).toBe('0.00');
  for (const value of [-1, 1.5, '1000', null, undefined, Number.MAX_SAFE_INTEGER, NaN]) {
    expect(paystackFee(value)).toBeNull();
  }
});

test("a Paystack run's totals add up the fees of its transfers, from the webhook and from verify", async () => {
  fake.balanceKobo = 1_000_000_000_00;
  const run = await createPaystackRun(t.ctx, ['3000.00', '20000.00', '80000.00']);
  const client = paystackClient(
    { secretKey: FAKE_PAYSTACK_SECRET, baseUrl: fake.baseUrl, timeoutMs: 2000 },
    pino({ level: 'silent' }),
  );
  expect(await executeNextRun(t.ctx, client, { leaseSeconds: 30 })).toMatchObject({ sent: 3 });
  const admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
  const totals = async () =>
    PayoutRunDetail.parse(
      (await request(t.app).get(`/api/admin/payouts/runs/${run.runId}`).set('Authorization', admin)).body,
    ).run.totals;
  expect((await totals()).fees).toBe('0.00');

  // Two by the webhook: ₦10 (up to ₦5,000) and ₦25 (up to ₦50,000).
  for (const line of run.lines.slice(0, 2)) {
    await fake.settle(line.reference, 'success');
    const { body, signature } = fake.signedWebhook('transfer.success', line.reference);
    const res = await request(t.app)
      .post('/api/webhooks/paystack')
      .set('Content-Type', 'application/json')
      .set('x-paystack-signature', signature)
      .send(body);
    expect(res.status).toBe(200);
  }
  expect((await totals()).fees).toBe('35.00');
  // The third by the reconciler's GET /transfer/verify: ₦50.
  await fake.settle(run.lines[2].reference, 'success');
  t.advanceClock(120_000);
  await reconcileLines(t.ctx, client, { afterSeconds: 60 });
  const final = await totals();
  expect(final).toMatchObject({ count: 3, fees: '85.00' });
  // The same event again adds nothing.
  const { body, signature } = fake.signedWebhook('transfer.success', run.lines[0].reference);
  await request(t.app)
    .post('/api/webhooks/paystack')
    .set('Content-Type', 'application/json')
    .set('x-paystack-signature', signature)
    .send(body);
  expect((await totals()).fees).toBe('85.00');
});
