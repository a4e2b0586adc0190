import pino from 'pino';
import { loadConfig } from '../../config';
import {
  FAKE_PAYSTACK_SECRET,
  startPaystackFake,
  type PaystackFake,
} from '../../../test-support/fakes/paystack-fake';
import { PAYSTACK_BULK_CHUNK, paystackClient, type PaystackTransfersClient } from '../paystack-client';

/**
 * Issue 28: the Paystack Transfers adapter against the local fake of the documented endpoints: what it sends,
 * and how it reads each kind of answer (ok, a plain refusal, or inconclusive: 5xx, 429, a bad key, a timeout).
 */
let fake: PaystackFake;
let client: PaystackTransfersClient;

beforeEach(async () => {
  fake = await startPaystackFake();
  client = paystackClient(
    { secretKey: FAKE_PAYSTACK_SECRET, baseUrl: fake.baseUrl, timeoutMs: 300 },
    pino({ level: 'silent' }),
  );
});
afterEach(() => fake.close());

test('a recipient per nuban account, the same code for the same account', async () => {
  const first = await client.createRecipient({
    name: 'Ada Obi',
    accountNumber: '0123456789',
    bankCode: '058',
  });
  expect(first.kind).toBe('ok');
  const again = await client.createRecipient({
    name: 'Ada Obi',
    accountNumber: '0123456789',
    bankCode: '058',
  });
  expect(again).toEqual(first);
  const body = fake.callsTo('POST /transferrecipient')[0].body;
  expect(body).toEqual({
    type: 'nuban',
    name: 'Ada Obi',
    account_number: '0123456789',
    bank_code: '058',
    currency: 'NGN',
  });
  expect(fake.callsTo('POST /transferrecipient')[0].authorization).toBe(`Bearer ${FAKE_PAYSTACK_SECRET}`);
  const refused = await client.createRecipient({ name: 'Bad', accountNumber: '12', bankCode: '058' });
  expect(refused).toMatchObject({ kind: 'refused', status: 422 });
});

test('balance in kobo; bulk transfers queued by reference, at most a chunk per call; verify by reference', async () => {
  fake.balanceKobo = 12_345_67;
  expect(await client.balance()).toEqual({ kind: 'ok', value: { balanceKobo: 12_345_67 } });
  const recipient = await client.createRecipient({
    name: 'Ada',
    accountNumber: '0123456789',
    bankCode: '058',
  });
  if (recipient.kind !== 'ok') throw new Error('no recipient');
  const code = recipient.value.recipientCode;
  const answer = await client.bulkTransfer([
    {
      amountKobo: 5_000_00,
      recipient: code,
      reference: 'po-1-1',
      reason: 'Affiliate commission payout po-1-1',
    },
    {
      amountKobo: 2_500_50,
      recipient: code,
      reference: 'po-1-2',
      reason: 'Affiliate commission payout po-1-2',
    },
  ]);
  if (answer.kind !== 'ok') throw new Error(JSON.stringify(answer));
  expect([...answer.value.keys()]).toEqual(['po-1-1', 'po-1-2']);
  expect(answer.value.get('po-1-1')).toMatchObject({
    status: 'pending',
    transferCode: expect.stringMatching(/^TRF_/),
  });
  expect(fake.callsTo('POST /transfer/bulk')[0].body).toMatchObject({
    currency: 'NGN',
    source: 'balance',
    transfers: [
      { amount: 500000, recipient: code, reference: 'po-1-1' },
      { amount: 250050, recipient: code, reference: 'po-1-2' },
    ],
  });
  expect(fake.balanceKobo).toBe(12_345_67 - 7_500_50);
  expect(await client.verify('po-1-2')).toMatchObject({
    kind: 'ok',
    value: { reference: 'po-1-2', status: 'pending' },
  });
  expect(await client.verify('po-9-9')).toEqual({ kind: 'ok', value: null });
  const tooMany = Array.from({ length: PAYSTACK_BULK_CHUNK + 1 }, (_, i) => ({
    amountKobo: 100_00,
    recipient: code,
    reference: `po-2-${i}`,
    reason: 'x',
  }));
  await expect(client.bulkTransfer(tooMany)).rejects.toThrow('a bulk transfer takes 1 to 100');
});

test('5xx, 429, a refused key and a timeout are inconclusive; a plain 4xx is a refusal; a used reference is refused', async () => {
  const recipient = await client.createRecipient({
    name: 'Ada',
    accountNumber: '0123456789',
    bankCode: '058',
  });
  if (recipient.kind !== 'ok') throw new Error('no recipient');
  const item = (reference: string) => ({
    amountKobo: 1_000_00,
    recipient: recipient.value.recipientCode,
    reference,
    reason: 'payout',
  });
  for (const failure of [500, 502, 503, 429] as const) {
    fake.failNextOn('POST /transfer/bulk', failure);
    expect(await client.bulkTransfer([item(`po-3-${failure}`)])).toMatchObject({ kind: 'inconclusive' });
  }
  fake.failNextOn('GET /balance', 'hang');
  expect(await client.balance()).toEqual({ kind: 'inconclusive', reason: 'no answer within 300 ms' });
  // Queued, then the answer lost: inconclusive, and Paystack has the transfer.
  fake.failNextOn('POST /transfer/bulk', 'hang', { afterwards: true });
  expect(await client.bulkTransfer([item('po-3-lost')])).toMatchObject({ kind: 'inconclusive' });
  expect(fake.transfers.has('po-3-lost')).toBe(true);
  expect(await client.bulkTransfer([item('po-3-lost')])).toMatchObject({
    kind: 'refused',
    message: 'Duplicate Transfer Reference',
  });
  fake.balanceKobo = 0;
  expect(await client.bulkTransfer([item('po-3-poor')])).toMatchObject({ kind: 'refused', status: 400 });
  const wrongKey = paystackClient(
    { secretKey: 'sk_test_wrong', baseUrl: fake.baseUrl, timeoutMs: 300 },
    pino({ level: 'silent' }),
  );
  expect(await wrongKey.verify('po-3-lost')).toMatchObject({
    kind: 'inconclusive',
    reason: 'the secret key was refused (401)',
  });
  fake.failNextOn('GET /transfer/verify', 503);
  expect(await client.verify('po-3-lost')).toMatchObject({ kind: 'inconclusive' });
});

test('PAYOUT_PROVIDER: paystack by default when PAYSTACK_SECRET_KEY is set, else bank-file; paystack needs the key', () => {
  const base = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  };
  expect(loadConfig(base).payouts).toEqual({ provider: 'bank-file' });
  expect(loadConfig({ ...base, PAYSTACK_SECRET_KEY: 'sk_live_abc' }).payouts).toMatchObject({
    provider: 'paystack',
    baseUrl: 'https://api.paystack.co',
  });
  expect(
    loadConfig({ ...base, PAYSTACK_SECRET_KEY: 'sk_live_abc', PAYOUT_PROVIDER: 'bank-file' }).payouts,
  ).toEqual({
    provider: 'bank-file',
  });
  expect(() => loadConfig({ ...base, PAYOUT_PROVIDER: 'paystack' })).toThrow(
    'PAYSTACK_SECRET_KEY is required when PAYOUT_PROVIDER is paystack',
  );
  expect(() =>
    loadConfig({
      ...base,
      PAYSTACK_SECRET_KEY: 'sk',
      PAYOUT_TIMEOUT_MS: '30000',
      PAYOUT_RECONCILE_AFTER_SECONDS: '60',
    }),
  ).toThrow('PAYOUT_RECONCILE_AFTER_SECONDS must be more than twice PAYOUT_TIMEOUT_MS');
  expect(() => loadConfig({ ...base, PAYOUT_PROVIDER: 'flutterwave' })).toThrow('PAYOUT_PROVIDER');
});
