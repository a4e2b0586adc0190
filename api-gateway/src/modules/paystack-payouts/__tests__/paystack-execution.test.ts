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
import { balancesOf } from '../../payouts';
import { executeNextRun } from '../execute-run';
import { reconcileLines } from '../reconcile-lines';
import { paystackClient, type PaystackTransfersClient } from '../../../lib/paystack-client';

/**
 * Issue 28: paying a run through Paystack, against the local fake of the documented endpoints: chunks, the
 * balance, lost answers and 5xx (the reconciler verifies by reference and sends again only what Paystack does
 * not have, with the same reference), refusals, and the signed webhook (valid, invalid, missing, repeated, out
 * of order, a reversal after success). The fake refuses a reference it already has and counts it: every test
 * ends with no reference sent twice.
 */
jest.setTimeout(180_000);

let t: TestApp;
let fake: PaystackFake;
let client: PaystackTransfersClient;
const LEASE = { leaseSeconds: 30 };
const AFTER = { afterSeconds: 60 };

beforeAll(async () => {
  fake = await startPaystackFake();
  t = await createTestApp({
    PAYOUT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: FAKE_PAYSTACK_SECRET,
    PAYSTACK_BASE_URL: fake.baseUrl,
    PAYOUT_TIMEOUT_MS: '400',
    PAYOUT_RECONCILE_AFTER_SECONDS: '60',
  });
  client = paystackClient(
    { secretKey: FAKE_PAYSTACK_SECRET, baseUrl: fake.baseUrl, timeoutMs: 400 },
    pino({ level: 'silent' }),
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.balanceKobo = 1_000_000_000_00;
});
afterEach(async () => {
  expect(fake.duplicateReferences).toEqual([]);
  await closeOpenRuns(t.ctx.db);
});

const db = () => t.ctx.db;

async function runRow(runId: number) {
  const { rows } = await db().query<{ status: string; provider_message: string | null }>(
    'SELECT status, provider_message FROM payout_runs WHERE payout_run_id = $1',
    [runId],
  );
  return rows[0];
}

/** Entries held by live lines (pending, sending, processing, paid), per line. */
async function liveEntries(lineIds: number[]): Promise<number> {
  const { rows } = await db().query<{ n: string | number }>(
    `SELECT count(*) AS n FROM payout_line_entries
      WHERE payout_line_id = ANY ($1::bigint[]) AND line_status IN ('pending', 'sending', 'processing', 'paid')`,
    [lineIds],
  );
  return Number(rows[0].n);
}

function webhook(
  event: string,
  reference: string,
  options: { signature?: string | null; body?: string } = {},
) {
  const transfer = fake.transfers.get(reference);
  const body =
    options.body ??
    JSON.stringify({
      event,
      data: {
        reference,
        status: event.slice('transfer.'.length),
        transfer_code: transfer?.transferCode ?? 'TRF_unknown',
        amount: transfer?.amount ?? 100,
        currency: 'NGN',
      },
    });
  const call = request(t.app).post('/api/webhooks/paystack').set('Content-Type', 'application/json');
  const signature =
    options.signature === undefined
      ? createHmac('sha512', FAKE_PAYSTACK_SECRET).update(body).digest('hex')
      : options.signature;
  if (signature !== null) call.set('x-paystack-signature', signature);
  return call.send(body);
}

test('a run of 205 lines goes in three bulk calls (100, 100, 5), each line with its own reference; recipients are made once per account and kept', async () => {
  const amounts = Array.from({ length: 205 }, (_, i) => `${1000 + i}.${String(i % 100).padStart(2, '0')}`);
  const run = await createPaystackRun(t.ctx, amounts);
  const started = Date.now();
  const report = await executeNextRun(t.ctx, client, LEASE);
  console.log(`paystack execution: 205 lines (205 recipients, 3 bulk calls) in ${Date.now() - started} ms`);
  expect(report).toMatchObject({ runId: run.runId, sent: 205 });
  expect(report.stoppedBecause).toBeUndefined();
  const bulks = fake.callsTo('POST /transfer/bulk');
  expect(bulks.map((call) => (call.body as { transfers: unknown[] }).transfers.length)).toEqual([
    100, 100, 5,
  ]);
  const sent = bulks.flatMap(
    (call) => (call.body as { transfers: { reference: string; amount: number }[] }).transfers,
  );
  expect(sent.map((item) => item.reference)).toEqual(run.lines.map((line) => line.reference));
  // Kobo, exactly: ₦1000.00 → 100000, ₦1204.04 → 120404.
  expect(sent[0].amount).toBe(100000);
  expect(sent[204].amount).toBe(120404);
  expect(fake.callsTo('GET /balance')).toHaveLength(1);
  expect(fake.callsTo('POST /transferrecipient')).toHaveLength(205);
  expect(Object.values(await lineStatuses(db(), run.runId))).toEqual(Array(205).fill('processing'));
  const { rows } = await db().query<{ n: string | number }>(
    'SELECT count(*) AS n FROM paystack_transfer_recipients',
  );
  expect(Number(rows[0].n)).toBeGreaterThanOrEqual(205);
  // The transfer codes are kept on the lines.
  const { rows: codes } = await db().query<{ provider_transfer_code: string }>(
    'SELECT provider_transfer_code FROM payout_lines WHERE payout_run_id = $1',
    [run.runId],
  );
  expect(codes.every((row) => /^TRF_/.test(row.provider_transfer_code))).toBe(true);
  expect((await runRow(run.runId)).status).toBe('executing');
  // Nothing more to do for this run: another pass takes nothing.
  expect(await executeNextRun(t.ctx, client, LEASE)).toEqual({ runId: null, sent: 0 });

  // Every transfer succeeds (webhooks): the lines are paid, the notices queued, the run completed.
  for (const line of run.lines) expect((await webhook('transfer.success', line.reference)).status).toBe(200);
  expect(Object.values(await lineStatuses(db(), run.runId))).toEqual(Array(205).fill('paid'));
  expect((await runRow(run.runId)).status).toBe('completed');
  const { rows: notices } = await db().query<{ channel: string; body: string }>(
    `SELECT o.channel, o.body FROM outbox o JOIN affiliates f ON f.affiliate_id = $1
      WHERE o.recipient IN (f.email, f.phone_code || f.mobile_number) ORDER BY o.channel`,
    [run.lines[204].affiliateId],
  );
  const notice = `₦1,204.04 sent to GTBank ****${run.lines[204].accountNumber.slice(-4)}`;
  expect(notices.map((row) => row.channel)).toEqual(['email', 'whatsapp']);
  expect(notices.every((row) => row.body.includes(notice))).toBe(true);
});

test('a second run to the same accounts reuses the kept recipients', async () => {
  const first = await createPaystackRun(t.ctx, ['1500.00']);
  await executeNextRun(t.ctx, client, LEASE);
  await closeOpenRuns(db());
  const before = fake.callsTo('POST /transferrecipient').length;
  // Same affiliate account again: a new run whose line pays the same bank code and account number.
  const second = await createPaystackRun(t.ctx, ['1600.00']);
  await db().query('UPDATE payout_lines SET account_number_sealed = $2 WHERE payout_line_id = $1', [
    second.lines[0].lineId,
    (
      await db().query<{ account_number_sealed: string }>(
        'SELECT account_number_sealed FROM payout_lines WHERE payout_line_id = $1',
        [first.lines[0].lineId],
      )
    ).rows[0].account_number_sealed,
  ]);
  await executeNextRun(t.ctx, client, LEASE);
  expect(fake.callsTo('POST /transferrecipient').length).toBe(before);
  expect(await lineStatuses(db(), second.runId)).toEqual({ [second.lines[0].reference]: 'processing' });
});

test('balance too low: the run goes back to approved with the reason, nothing is sent, the lines stay pending', async () => {
  const run = await createPaystackRun(t.ctx, ['60000.00', '2000.00']);
  // ₦62,000 to pay plus up to ₦60 in fees; the balance has ₦62,000.
  fake.balanceKobo = 62_000_00;
  const report = await executeNextRun(t.ctx, client, LEASE);
  expect(report.stoppedBecause).toBe('balance');
  expect(fake.callsTo('POST /transfer/bulk')).toHaveLength(0);
  expect(fake.callsTo('POST /transferrecipient')).toHaveLength(0);
  const row = await runRow(run.runId);
  expect(row.status).toBe('approved');
  expect(row.provider_message).toBe(
    'The Paystack balance (₦62,000.00) is less than this run needs (₦62,060.00: ₦62,000.00 to pay and up to ' +
      '₦60.00 in transfer fees). Fund the balance, then choose Pay now again.',
  );
  expect(Object.values(await lineStatuses(db(), run.runId))).toEqual(['pending', 'pending']);
  const { rows } = await db().query<{ n: string | number }>(
    `SELECT count(*) AS n FROM audit_log WHERE action = 'payout.run.balance' AND entity_id = $1`,
    [String(run.runId)],
  );
  expect(Number(rows[0].n)).toBe(1);
  // Funded, and Pay now again (approved → executing): it goes.
  fake.balanceKobo = 100_000_00;
  await db().query(`UPDATE payout_runs SET status = 'executing' WHERE payout_run_id = $1`, [run.runId]);
  expect(await executeNextRun(t.ctx, client, LEASE)).toMatchObject({ runId: run.runId, sent: 2 });
});

test('a 5xx on the bulk call leaves the lines sending; the reconciler finds Paystack has none and sends them again with the same references, once', async () => {
  const run = await createPaystackRun(t.ctx, ['1000.00', '2000.00']);
  fake.failNextOn('POST /transfer/bulk', 503);
  const report = await executeNextRun(t.ctx, client, LEASE);
  expect(report.stoppedBecause).toBe('inconclusive');
  expect(Object.values(await lineStatuses(db(), run.runId))).toEqual(['sending', 'sending']);
  // Too early: the reconciler leaves lines that may still be in flight.
  expect(await reconcileLines(t.ctx, client, AFTER)).toEqual({ verified: 0, resent: 0 });
  t.advanceClock(61_000);
  expect(await reconcileLines(t.ctx, client, AFTER)).toEqual({ verified: 2, resent: 2 });
  expect(fake.callsTo('GET /transfer/verify/' + run.lines[0].reference)).toHaveLength(1);
  const references = fake
    .callsTo('POST /transfer/bulk')
    .map((call) => (call.body as { transfers: { reference: string }[] }).transfers.map((x) => x.reference));
  expect(references).toEqual([run.lines.map((l) => l.reference), run.lines.map((l) => l.reference)]);
  expect(fake.transfers.size).toBeGreaterThanOrEqual(2);
  expect(Object.values(await lineStatuses(db(), run.runId))).toEqual(['processing', 'processing']);
});

test('an answer lost after Paystack queued the transfers (timeout): the reconciler finds them and sends nothing again', async () => {
  const run = await createPaystackRun(t.ctx, ['1000.00', '2000.00', '3000.00']);
  fake.failNextOn('POST /transfer/bulk', 'hang', { afterwards: true });
  const report = await executeNextRun(t.ctx, client, LEASE);
  expect(report.stoppedBecause).toBe('inconclusive');
  expect(Object.values(await lineStatuses(db(), run.runId))).toEqual(['sending', 'sending', 'sending']);
  await fake.settle(run.lines[2].reference, 'success');
  t.advanceClock(61_000);
  expect(await reconcileLines(t.ctx, client, AFTER)).toEqual({ verified: 3, resent: 0 });
  expect(fake.callsTo('POST /transfer/bulk')).toHaveLength(1);
  expect(Object.values(await lineStatuses(db(), run.runId))).toEqual(['processing', 'processing', 'paid']);
  // Later news by verification: one failed (its entry is free again), one paid: the run completes.
  await fake.settle(run.lines[0].reference, 'failed');
  await fake.settle(run.lines[1].reference, 'success');
  t.advanceClock(61_000);
  await reconcileLines(t.ctx, client, AFTER);
  expect(Object.values(await lineStatuses(db(), run.runId))).toEqual(['failed', 'paid', 'paid']);
  expect(await liveEntries([run.lines[0].lineId])).toBe(0);
  expect(await liveEntries([run.lines[1].lineId, run.lines[2].lineId])).toBe(2);
  expect((await runRow(run.runId)).status).toBe('completed');
});

test('an account Paystack refuses fails its line (nothing sent for it); a refused bulk call fails its lines and frees their entries', async () => {
  const run = await createPaystackRun(t.ctx, ['1000.00', '2000.00']);
  fake.failNextOn('POST /transferrecipient', 422);
  await executeNextRun(t.ctx, client, LEASE);
  expect(Object.values(await lineStatuses(db(), run.runId))).toEqual(['failed', 'processing']);
  await closeOpenRuns(db());

  const refused = await createPaystackRun(t.ctx, ['1000.00']);
  fake.failNextOn('POST /transfer/bulk', 400);
  await executeNextRun(t.ctx, client, LEASE);
  expect(await lineStatuses(db(), refused.runId)).toEqual({ [refused.lines[0].reference]: 'failed' });
  expect(await liveEntries([refused.lines[0].lineId])).toBe(0);
  const { rows } = await db().query<{ status_reason: string }>(
    'SELECT status_reason FROM payout_lines WHERE payout_line_id = $1',
    [refused.lines[0].lineId],
  );
  expect(rows[0].status_reason).toBe('Paystack refused the transfer: Fake failure');
  expect((await runRow(refused.runId)).status).toBe('completed');
});

test('the webhook: a valid signature only (invalid or missing: 401 and nothing changed); repeated and out-of-order events change nothing twice; a reversal after success frees the entries', async () => {
  const run = await createPaystackRun(t.ctx, ['1000.00', '2000.00', '3000.00']);
  await executeNextRun(t.ctx, client, LEASE);
  const [a, b, c] = run.lines;
  const before = await lineStatuses(db(), run.runId);

  const forged = await webhook('transfer.success', a.reference, { signature: 'ab'.repeat(64) });
  expect(forged.status).toBe(401);
  expect(forged.body).toEqual({ message: 'Invalid signature.' });
  expect((await webhook('transfer.success', a.reference, { signature: null })).status).toBe(401);
  expect((await webhook('transfer.success', a.reference, { signature: 'sha512=nothex' })).status).toBe(401);
  // Signed with another key.
  const body = JSON.stringify({ event: 'transfer.success', data: { reference: a.reference } });
  const otherKey = createHmac('sha512', 'sk_test_someone_else').update(body).digest('hex');
  expect((await webhook('transfer.success', a.reference, { body, signature: otherKey })).status).toBe(401);
  expect(await lineStatuses(db(), run.runId)).toEqual(before);
  // Signed, but not JSON.
  expect((await webhook('transfer.success', a.reference, { body: '{not json' })).status).toBe(400);

  // Success, twice: paid once, one notice (email + WhatsApp).
  await fake.settle(a.reference, 'success');
  expect((await webhook('transfer.success', a.reference)).status).toBe(200);
  expect((await webhook('transfer.success', a.reference)).status).toBe(200);
  const { rows: notices } = await db().query<{ n: string | number }>(
    `SELECT count(*) AS n FROM outbox o JOIN affiliates f ON f.affiliate_id = $1
      WHERE o.recipient IN (f.email, f.phone_code || f.mobile_number) AND o.body LIKE '%₦1,000.00 sent to GTBank%'`,
    [a.affiliateId],
  );
  expect(Number(notices[0].n)).toBe(2);
  // Out of order: failed arrives after success for a: ignored (paid stays paid).
  expect((await webhook('transfer.failed', a.reference)).status).toBe(200);
  // b: failed first, then a late success: failed is final.
  expect((await webhook('transfer.failed', b.reference)).status).toBe(200);
  expect((await webhook('transfer.success', b.reference)).status).toBe(200);
  // c: paid, then reversed (the bank sent it back): reversed, its entry free again; a late success changes nothing.
  expect((await webhook('transfer.success', c.reference)).status).toBe(200);
  expect((await webhook('transfer.reversed', c.reference)).status).toBe(200);
  expect((await webhook('transfer.success', c.reference)).status).toBe(200);
  expect(await lineStatuses(db(), run.runId)).toEqual({
    [a.reference]: 'paid',
    [b.reference]: 'failed',
    [c.reference]: 'reversed',
  });
  expect(await liveEntries([a.lineId])).toBe(1);
  expect(await liveEntries([b.lineId, c.lineId])).toBe(0);
  // In the affiliates' balances (payouts' one definition): a's money is paid; b's and c's is back out of any
  // payout (held or available again by its dates), none of it counted as in payout or paid.
  const balances = await balancesOf(db(), [a.affiliateId, b.affiliateId, c.affiliateId], t.ctx.now());
  expect(balances.get(a.affiliateId)).toMatchObject({ paid: '1000.00', inPayout: '0.00' });
  for (const [line, amount] of [
    [b, 2000],
    [c, 3000],
  ] as const) {
    const figures = balances.get(line.affiliateId)!;
    expect([figures.paid, figures.inPayout]).toEqual(['0.00', '0.00']);
    expect(Number(figures.pending) + Number(figures.available)).toBe(amount);
  }
  expect((await runRow(run.runId)).status).toBe('completed');

  // Unknown references and other events are acknowledged and change nothing.
  expect((await webhook('transfer.success', 'po-999999-1')).status).toBe(200);
  const charge = JSON.stringify({ event: 'charge.success', data: { reference: a.reference } });
  expect((await webhook('charge.success', a.reference, { body: charge })).status).toBe(200);
});

test('a reversal of a line never seen paid fails it', async () => {
  const run = await createPaystackRun(t.ctx, ['1000.00']);
  await executeNextRun(t.ctx, client, LEASE);
  expect((await webhook('transfer.reversed', run.lines[0].reference)).status).toBe(200);
  expect(await lineStatuses(db(), run.runId)).toEqual({ [run.lines[0].reference]: 'failed' });
});

test("staff's /api/health shows the payouts provider with its last answered and last failed call, never the key", async () => {
  const run = await createPaystackRun(t.ctx, ['1000.00']);
  fake.failNextOn('POST /transfer/bulk', 502);
  await executeNextRun(t.ctx, client, LEASE);
  expect(await lineStatuses(db(), run.runId)).toEqual({ [run.lines[0].reference]: 'sending' });
  const admin = await bearer(t.ctx, await createStaffUser(db(), 1));
  const health = await request(t.app).get('/api/health').set('Authorization', admin);
  expect(health.body.providers).toEqual(
    expect.arrayContaining([
      {
        channel: 'payouts',
        name: 'paystack',
        configured: true,
        lastSuccessAt: expect.any(String),
        lastFailureAt: expect.any(String),
      },
    ]),
  );
  expect(JSON.stringify(health.body)).not.toContain(FAKE_PAYSTACK_SECRET);
  expect((await request(t.app).get('/api/health')).body).toEqual({ status: 'ok' });
});

test('a gateway whose lease was taken over while it prepared a chunk stops before claiming it: nothing sent twice', async () => {
  const run = await createPaystackRun(t.ctx, ['1000.00', '2000.00']);
  let takenOver = false;
  const slow: PaystackTransfersClient = {
    ...client,
    async createRecipient(input) {
      if (!takenOver) {
        takenOver = true;
        // Another gateway found the lease run out and took the run.
        await db().query(`UPDATE payout_runs SET execution_lease_until = $2 WHERE payout_run_id = $1`, [
          run.runId,
          new Date(Date.now() + 3_600_000),
        ]);
      }
      return client.createRecipient(input);
    },
  };
  const report = await executeNextRun(t.ctx, slow, LEASE);
  expect(report).toMatchObject({ runId: run.runId, sent: 0, stoppedBecause: 'lease lost' });
  expect(Object.values(await lineStatuses(db(), run.runId))).toEqual(['pending', 'pending']);
  expect(fake.callsTo('POST /transfer/bulk')).toHaveLength(0);
  // Its lease is someone else's: this gateway takes nothing until it runs out.
  expect(await executeNextRun(t.ctx, client, LEASE)).toEqual({ runId: null, sent: 0 });
});

test('no answer to the balance check: the run stays executing with a note, nothing sent, tried again a lease later', async () => {
  const run = await createPaystackRun(t.ctx, ['1000.00']);
  fake.failNextOn('GET /balance', 'hang');
  const report = await executeNextRun(t.ctx, client, { leaseSeconds: 5 });
  expect(report).toMatchObject({ runId: run.runId, sent: 0, stoppedBecause: 'balance' });
  expect(await runRow(run.runId)).toEqual({
    status: 'executing',
    provider_message: 'Paystack could not be asked for the balance; the payment starts when it answers.',
  });
  expect(fake.callsTo('POST /transfer/bulk')).toHaveLength(0);
  // Backing off: the lease is kept until it runs out.
  expect(await executeNextRun(t.ctx, client, { leaseSeconds: 5 })).toEqual({ runId: null, sent: 0 });
  t.advanceClock(6_000);
  expect(await executeNextRun(t.ctx, client, { leaseSeconds: 5 })).toMatchObject({
    runId: run.runId,
    sent: 1,
  });
  expect((await runRow(run.runId)).provider_message).toBeNull();
});
