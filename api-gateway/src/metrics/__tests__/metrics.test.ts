import { createHmac } from 'node:crypto';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../../test-support/test-app';
import { bearer, createStaffUser } from '../../../test-support/affiliate-fixtures';
import { readyRegistration } from '../../../test-support/registration-flow';
import { closeOpenRuns, createPaystackRun } from '../../../test-support/paystack-payout-fixtures';
import { deliverDueMessages } from '../../modules/messaging/delivery-worker';
import { createTransports } from '../../modules/messaging/transports';
import { sampleValue } from '../../../test-support/metric-samples';

// A whole registration, a payout run and an export: slow on a busy two-core machine.
jest.setTimeout(120_000);

const TOKEN = 'metrics-token-for-the-test-0123456789abcdef';
const PAYSTACK_SECRET = 'sk_test_metrics_0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN, PAYSTACK_SECRET_KEY: PAYSTACK_SECRET });
});
afterAll(async () => {
  await closeOpenRuns(t.ctx.db);
  await t.close();
});

async function scrape(): Promise<string> {
  const res = await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text;
}

test('GET /metrics on the gateway port is a 404 to anyone without the token', async () => {
  for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
    const call = request(t.app).get('/metrics');
    const res = await (authorization ? call.set('Authorization', authorization) : call);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found.' });
    expect(res.text).not.toContain('portal_');
  }
});

test('a registration, a payout run, webhooks and an export each move their series; no label holds personal data', async () => {
  const before = await scrape();
  const at = (text: string, name: string, labels: Record<string, string> = {}) =>
    sampleValue(text, name, labels);

  // A registration: KYC waits, its email waits in the outbox, then the outbox worker sends.
  const email = 'metrics.person@example.com';
  const mobile = '8031234599';
  const ready = await readyRegistration(t, email, mobile);
  const submitted = await ready.browser.post('/api/affiliate/submit-registration').send(ready.payload);
  expect(submitted.status).toBe(201);
  // One message the gateway cannot send (no SMS provider configured): a failure by channel and provider.
  await t.ctx.db.query(`INSERT INTO outbox (channel, recipient, body) VALUES ('sms', '+2348031234599', 'x')`);
  await t.ctx.db.query(
    `UPDATE outbox SET created_at = now() - interval '90 seconds' WHERE status = 'pending'`,
  );
  const registered = await scrape();
  expect(at(registered, 'portal_kyc_waiting_cases')).toBe(at(before, 'portal_kyc_waiting_cases') + 1);
  expect(at(registered, 'portal_kyc_oldest_waiting_age_seconds')).toBeGreaterThan(0);
  expect(at(registered, 'portal_outbox_waiting_messages', { channel: 'email' })).toBeGreaterThan(0);
  expect(at(registered, 'portal_outbox_oldest_waiting_age_seconds')).toBeGreaterThanOrEqual(90);
  const submitCount = {
    method: 'POST',
    route: '/api/affiliate/submit-registration',
    status_class: '2xx',
  };
  expect(at(registered, 'portal_http_request_duration_seconds_count', submitCount)).toBe(1);

  await deliverDueMessages(t.ctx, createTransports(t.ctx));
  const delivered = await scrape();
  expect(at(delivered, 'portal_outbox_sends_total', { channel: 'email', provider: 'log' })).toBeGreaterThan(
    0,
  );
  expect(at(delivered, 'portal_outbox_send_failures_total', { channel: 'sms', provider: 'none' })).toBe(1);

  // A payout run with one line in 'sending' for ten minutes.
  const run = await createPaystackRun(t.ctx, ['5000.00', '7000.00']);
  await t.ctx.db.query(
    `UPDATE payout_lines SET status = 'sending', updated_at = now() - interval '10 minutes' WHERE payout_line_id = $1`,
    [run.lines[0].lineId],
  );
  const paying = await scrape();
  expect(at(paying, 'portal_payout_lines', { status: 'sending' })).toBe(1);
  expect(at(paying, 'portal_payout_lines', { status: 'pending' })).toBe(
    at(before, 'portal_payout_lines', { status: 'pending' }) + 1,
  );
  expect(at(paying, 'portal_payout_oldest_sending_age_seconds')).toBeGreaterThanOrEqual(600);

  // Paystack's webhook: a forged signature, a signed body that is not JSON, a signed transfer event.
  const sign = (body: string) => createHmac('sha512', PAYSTACK_SECRET).update(body).digest('hex');
  const hook = (body: string, signature: string) =>
    request(t.app)
      .post('/api/webhooks/paystack')
      .set('Content-Type', 'application/json')
      .set('x-paystack-signature', signature)
      .send(body);
  // What Paystack moved must match the line (issue 48): ₦5,000.00 in kobo, in naira.
  const event = JSON.stringify({
    event: 'transfer.success',
    data: { reference: run.lines[0].reference, amount: 500_000, currency: 'NGN' },
  });
  expect((await hook(event, 'f'.repeat(128))).status).toBe(401);
  expect((await hook('{not json', sign('{not json'))).status).toBe(400);
  expect((await hook(event, sign(event))).status).toBe(200);
  const hooked = await scrape();
  for (const outcome of ['accepted', 'bad_signature', 'refused']) {
    expect(at(hooked, 'portal_webhook_receipts_total', { provider: 'paystack', outcome })).toBe(
      at(before, 'portal_webhook_receipts_total', { provider: 'paystack', outcome }) + 1,
    );
  }
  expect(at(hooked, 'portal_payout_lines', { status: 'sending' })).toBe(0);
  expect(at(hooked, 'portal_payout_oldest_sending_age_seconds')).toBe(0);

  // An export.
  const admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
  const exported = await request(t.app).get('/api/report/loginhistory').set('Authorization', admin);
  expect(exported.status).toBe(200);
  const after = await scrape();
  expect(at(after, 'portal_exports_total', { outcome: 'written' })).toBe(
    at(before, 'portal_exports_total', { outcome: 'written' }) + 1,
  );
  expect(at(after, 'portal_exports_running')).toBe(0);
  expect(
    at(after, 'portal_http_request_duration_seconds_count', {
      method: 'GET',
      route: '/api/report/loginhistory',
      status_class: '2xx',
    }),
  ).toBe(1);

  // The pool (PostgreSQL) and the process.
  if (t.ctx.db.driver === 'postgres') {
    expect(at(after, 'portal_db_pool_checkouts_total')).toBeGreaterThan(
      at(before, 'portal_db_pool_checkouts_total'),
    );
    expect(at(after, 'portal_db_pool_connections_open')).toBeGreaterThan(0);
    expect(after).toMatch(/^portal_db_pool_clients_waiting \d+$/m);
    expect(after).toMatch(/^portal_db_pool_connections_in_use \d+$/m);
  }
  expect(at(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  expect(at(after, 'portal_gateway_ready')).toBe(1);

  // Templates only: no address, number, token or reference of anyone in a label.
  for (const personal of [email, mobile, run.lines[0].reference, TOKEN, 'loginhistory?']) {
    expect(after).not.toContain(personal);
  }
  const routes = [...after.matchAll(/route="([^"]*)"/g)].map((match) => match[1]);
  expect(routes.length).toBeGreaterThan(0);
  for (const route of routes) expect(route).toMatch(/^(web|\/api \(no route\)|\/api(\/[\w:.-]+)+)$/);
});

test('readiness: ready while the database answers; /api/health stays', async () => {
  const ready = await request(t.app).get('/api/ready');
  expect(ready.status).toBe(200);
  expect(ready.body).toEqual({ status: 'ready' });
  expect(ready.headers['cache-control']).toBe('no-store');
  expect((await request(t.app).get('/api/health')).status).toBe(200);
});
