import { createHmac } from 'node:crypto';
import pino from 'pino';
import request from 'supertest';
import { bearer, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import {
  FAKE_PAYSTACK_SECRET,
  startPaystackFake,
  type PaystackFake,
} from '../../../../test-support/fakes/paystack-fake';
import {
  closeOpenRuns,
  createPaystackRun,
  lineStatuses,
} from '../../../../test-support/paystack-payout-fixtures';
import { executeNextRun } from '../execute-run';
import { paystackClient, type PaystackTransfersClient } from '../../../lib/paystack-client';

/**
 * Issue 48, against the local Paystack fake: a signed transfer.success whose amount or currency is not the
 * line's is refused (not paid), recorded on the line and in the audit trail and shown on the run page; a
 * reversal tells the affiliate; every line Paystack settles has its own audit row.
 */
jest.setTimeout(120_000);

let t: TestApp;
let fake: PaystackFake;
let client: PaystackTransfersClient;
let admin: string;

beforeAll(async () => {
  fake = await startPaystackFake();
  t = await createTestApp({
    PAYOUT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: FAKE_PAYSTACK_SECRET,
    PAYSTACK_BASE_URL: fake.baseUrl,
    PAYOUT_TIMEOUT_MS: '2000',
  });
  client = paystackClient(
    { secretKey: FAKE_PAYSTACK_SECRET, baseUrl: fake.baseUrl, timeoutMs: 2000 },
    pino({ level: 'silent' }),
  );
  admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
afterEach(() => closeOpenRuns(t.ctx.db));

/** A signed event as Paystack sends it; `data` overrides the transfer's own fields. */
function webhook(event: string, reference: string, data: Record<string, unknown> = {}) {
  const transfer = fake.transfers.get(reference);
  const body = JSON.stringify({
    event,
    data: {
      reference,
      status: event.slice('transfer.'.length),
      transfer_code: transfer?.transferCode,
      amount: transfer?.amount,
      currency: 'NGN',
      ...data,
    },
  });
  return request(t.app)
    .post('/api/webhooks/paystack')
    .set('Content-Type', 'application/json')
    .set('x-paystack-signature', createHmac('sha512', FAKE_PAYSTACK_SECRET).update(body).digest('hex'))
    .send(body);
}

async function auditOf(lineId: number) {
  const { rows } = await t.ctx.db.query<{
    action: string;
    from_status: string;
    to_status: string;
    remark: string;
  }>(
    `SELECT action, from_status, to_status, remark FROM audit_log
      WHERE entity_type = 'payout_line' AND entity_id = $1 ORDER BY audit_id`,
    [String(lineId)],
  );
  return rows;
}

async function reasonOf(lineId: number) {
  const { rows } = await t.ctx.db.query<{ status_reason: string | null }>(
    'SELECT status_reason FROM payout_lines WHERE payout_line_id = $1',
    [lineId],
  );
  return rows[0].status_reason;
}

test('a signed transfer.success for another amount or currency is refused: not paid, the mismatch on the line, in the audit trail and on the run page', async () => {
  const run = await createPaystackRun(t.ctx, ['1000.00']);
  await executeNextRun(t.ctx, client, { leaseSeconds: 30 });
  const [line] = run.lines;
  expect(fake.transfers.get(line.reference)?.amount).toBe(100000);

  // ₦1.00 reported for a ₦1,000.00 line.
  expect((await webhook('transfer.success', line.reference, { amount: 100 })).status).toBe(200);
  expect(await lineStatuses(t.ctx.db, run.runId)).toEqual({ [line.reference]: 'processing' });
  const amountWrong =
    'Not marked paid: Paystack reported a successful transfer of ₦1.00 (NGN), but this line pays ₦1,000.00 (NGN). Check the transfer on Paystack before marking the line.';
  expect(await reasonOf(line.lineId)).toBe(amountWrong);
  // The same report again: nothing new.
  expect((await webhook('transfer.success', line.reference, { amount: 100 })).status).toBe(200);
  // The right amount in dollars; then no amount at all.
  expect((await webhook('transfer.success', line.reference, { currency: 'USD' })).status).toBe(200);
  expect((await webhook('transfer.success', line.reference, { amount: '100000' })).status).toBe(200);
  expect(await lineStatuses(t.ctx.db, run.runId)).toEqual({ [line.reference]: 'processing' });
  const audit = await auditOf(line.lineId);
  expect(audit.map((row) => [row.action, row.from_status, row.to_status])).toEqual([
    ['payout.line.mismatch', 'processing', 'processing'],
    ['payout.line.mismatch', 'processing', 'processing'],
    ['payout.line.mismatch', 'processing', 'processing'],
  ]);
  expect(audit[1].remark).toContain('₦1,000.00 (USD)');
  expect(audit[2].remark).toContain('an unstated amount (NGN)');
  // No paid notice went out.
  const { rows: notices } = await t.ctx.db.query(
    `SELECT 1 FROM outbox o JOIN affiliates f ON f.affiliate_id = $1 WHERE o.recipient = f.email`,
    [line.affiliateId],
  );
  expect(notices).toEqual([]);

  // The admins see it on the run page's line.
  const page = await request(t.app).get(`/api/admin/payouts/runs/${run.runId}`).set('Authorization', admin);
  expect(page.status).toBe(200);
  const shown = (page.body.lines.results as Array<{ lineId: number; status: string; reason: string }>).find(
    (one) => one.lineId === line.lineId,
  );
  expect(shown).toMatchObject({ status: 'processing', reason: expect.stringContaining('Not marked paid') });

  // The true success: paid, with its own audit row.
  expect((await webhook('transfer.success', line.reference)).status).toBe(200);
  expect(await lineStatuses(t.ctx.db, run.runId)).toEqual({ [line.reference]: 'paid' });
  expect((await auditOf(line.lineId)).at(-1)).toMatchObject({
    action: 'payout.line.paid',
    from_status: 'processing',
    to_status: 'paid',
  });
});

test('each line paid, failed or reversed by webhook has its own audit row; a reversal tells the affiliate as the paid notice did', async () => {
  const run = await createPaystackRun(t.ctx, ['1000.00', '2000.00']);
  await executeNextRun(t.ctx, client, { leaseSeconds: 30 });
  const [a, b] = run.lines;
  expect((await webhook('transfer.success', a.reference)).status).toBe(200);
  expect((await webhook('transfer.failed', b.reference)).status).toBe(200);
  expect((await webhook('transfer.reversed', a.reference)).status).toBe(200);
  expect((await webhook('transfer.reversed', a.reference)).status).toBe(200);
  expect((await auditOf(a.lineId)).map((row) => [row.action, row.from_status, row.to_status])).toEqual([
    ['payout.line.paid', 'processing', 'paid'],
    ['payout.line.reversed', 'paid', 'reversed'],
  ]);
  expect((await auditOf(b.lineId)).map((row) => [row.action, row.from_status, row.to_status])).toEqual([
    ['payout.line.failed', 'processing', 'failed'],
  ]);
  const { rows } = await t.ctx.db.query<{ channel: string; subject: string | null; body: string }>(
    `SELECT o.channel, o.subject, o.body FROM outbox o JOIN affiliates f ON f.affiliate_id = $1
      WHERE o.recipient IN (f.email, f.phone_code || f.mobile_number, '+' || f.phone_code || f.mobile_number)
      ORDER BY o.message_id`,
    [a.affiliateId],
  );
  expect(rows.map((row) => [row.channel, row.subject])).toEqual([
    ['email', 'Your commission has been paid'],
    // The WhatsApp text has no subject; it names the message in the admin's outbox (issue 51).
    ['whatsapp', 'Your commission has been paid'],
    ['email', 'Your commission payment was returned'],
    ['whatsapp', 'Your commission payment was returned'],
  ]);
  expect(rows[3].body).toMatch(
    /^Affiliate Portal: ₦1,000\.00 sent to GTBank \*{4}\d{4} was returned by the bank\./,
  );
});
