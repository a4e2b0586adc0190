import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import request from 'supertest';
import { bearer, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { FUZZ_APP_ENV, prepareTarget, runFuzz } from '../../../../test-support/fuzz/fuzz-run';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { FAKE_PAYSTACK_SECRET } from '../../../../test-support/fakes/paystack-fake';
import {
  closeOpenRuns,
  createPaystackRun,
  lineStatuses,
} from '../../../../test-support/paystack-payout-fixtures';

/**
 * Issue 28: the Paystack webhook under hostile bodies. Unsigned, any body is 401 and changes nothing; signed
 * (as if the key had leaked, or Paystack sent something odd), any JSON or non-JSON body answers 200 or a 4xx
 * JSON message, never a 5xx, and only a transfer event naming a line's reference can move that line.
 */
jest.setTimeout(180_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    ...FUZZ_APP_ENV,
    PAYOUT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: FAKE_PAYSTACK_SECRET,
  });
});
afterAll(() => t?.close());

const sign = (body: string) => createHmac('sha512', FAKE_PAYSTACK_SECRET).update(body).digest('hex');

const hostileValue = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    'po-1-1',
    '__proto__',
    'constructor',
    '../../etc',
    'x'.repeat(5000),
    "' OR 1=1 --",
    '\u0000',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.string(), fc.string()),
  fc.array(fc.string()),
);
const eventBody = fc.record(
  {
    event: fc.oneof(
      fc.constantFrom('transfer.success', 'transfer.failed', 'transfer.reversed', 'charge.success'),
      hostileValue,
    ),
    data: fc.oneof(
      fc.record(
        { reference: hostileValue, transfer_code: hostileValue, status: hostileValue, reason: hostileValue },
        { requiredKeys: [] },
      ),
      hostileValue,
    ),
  },
  { requiredKeys: [] },
);

test('hostile bodies: unsigned 401, signed never a 5xx; lines move only by a transfer event with their reference', async () => {
  const run = await createPaystackRun(t.ctx, ['1000.00'], { status: 'executing' });
  const before = await lineStatuses(t.ctx.db, run.runId);
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(
        eventBody.map((body) => JSON.stringify(body)),
        fc.string(),
      ),
      async (body) => {
        const unsigned = await request(t.app)
          .post('/api/webhooks/paystack')
          .set('Content-Type', 'application/json')
          .send(body);
        expect(unsigned.status).toBe(401);
        expect(typeof unsigned.body.message).toBe('string');
        const signed = await request(t.app)
          .post('/api/webhooks/paystack')
          .set('Content-Type', 'application/json')
          .set('x-paystack-signature', sign(body))
          .send(body);
        expect([200, 400, 413]).toContain(signed.status);
        expect(typeof signed.body.message).toBe('string');
      },
    ),
    { numRuns: 300, seed: 2828 },
  );
  // No generated body carried this run's reference with a transfer event: the line is as it was.
  expect(await lineStatuses(t.ctx.db, run.runId)).toEqual(before);
  await closeOpenRuns(t.ctx.db);
});

test('a body over 256 KB is refused before it is read', async () => {
  const body = JSON.stringify({ event: 'transfer.success', data: { reference: 'x'.repeat(300_000) } });
  const res = await request(t.app)
    .post('/api/webhooks/paystack')
    .set('Content-Type', 'application/json')
    .set('x-paystack-signature', sign(body))
    .send(body);
  expect(res.status).toBe(413);
});

test('the schema fuzz on the webhook (the shared harness): no 5xx, 4xx JSON, refused calls write nothing', async () => {
  const target = await prepareTarget(t);
  const report = await runFuzz(target, {
    runsPerEndpoint: 120,
    seed: 2828,
    checksums: true,
    only: /\/webhooks\/paystack/,
  });
  expect([...report.endpoints.keys()]).toEqual(['POST /webhooks/paystack']);
  expect(report.failures).toEqual([]);
});

test("authorization: a session, even an admin's, does not open the webhook; only the signature does", async () => {
  const admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
  const body = JSON.stringify({ event: 'transfer.success', data: { reference: 'po-1-1' } });
  const withSession = await request(t.app)
    .post('/api/webhooks/paystack')
    .set('Authorization', admin)
    .set('Content-Type', 'application/json')
    .send(body);
  expect(withSession.status).toBe(401);
  const signed = await request(t.app)
    .post('/api/webhooks/paystack')
    .set('Content-Type', 'application/json')
    .set('x-paystack-signature', sign(body))
    .send(body);
  expect(signed.status).toBe(200);
  expect(signed.body).toEqual({ message: 'Event received.' });
});
