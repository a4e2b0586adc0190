import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import {
  FAKE_PAYSTACK_SECRET,
  startPaystackFake,
  type PaystackFake,
} from '../../../../test-support/fakes/paystack-fake';
import { readyRegistration, type ReadyRegistration } from '../../../../test-support/registration-flow';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';

// Whole registrations per test: slow on a busy two-core machine.
jest.setTimeout(180_000);

const GTBANK = { bankID: 8, code: '058' };
const ZENITH = { bankID: 26, code: '057' };

let fake: PaystackFake;
let t: TestApp;
let staffUserId: number;
/** A fresh session each time: the clock moves hours between tests. */
const staff = () => bearer(t.ctx, staffUserId);
const logLines: string[] = [];
let mobileSeq = 8040000000;
const nextMobile = () => String(++mobileSeq);
let emailSeq = 0;
const nextEmail = () => `bank.${++emailSeq}@example.test`;

beforeAll(async () => {
  fake = await startPaystackFake();
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  );
  t = await createTestApp(
    {
      BANK_VERIFICATION_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: FAKE_PAYSTACK_SECRET,
      PAYSTACK_BASE_URL: fake.baseUrl,
      // Long enough for 25 calls at once on a busy machine (at 500 ms, 7 of 25 once timed out and the IP limit
      // test counted 13 calls to Paystack instead of 20); only the 'hang' test waits it out.
      BANK_VERIFICATION_TIMEOUT_MS: '5000',
    },
    { logger },
  );
  staffUserId = await createStaffUser(t.ctx.db, 2);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
// Each test walks registrations; keep the hourly OTP and resolution caps per IP out of the way.
afterEach(() => t.advanceClock(2 * 60 * 60_000));

/**
 * One request with the registration's cookie, on a server of its own: supertest's agent shares one server among
 * its requests and closes it when the first answer ends, resetting the others sent at the same time.
 */
const resolve = (ready: ReadyRegistration, bankID: number, accountNumber: string) =>
  request(t.app)
    .post('/api/affiliate/resolve-account-name')
    .set('Cookie', ready.cookie)
    .send({ email: ready.email, bankID, accountNumber });

async function registered(email: string) {
  const { rows } = await t.ctx.db.query<{
    affiliate_id: string;
    bank_account_name: string | null;
    bank_name_match_score: number | null;
    bank_resolution_ref: string | null;
    bank_resolved_at: Date | null;
  }>(
    `SELECT affiliate_id, bank_account_name, bank_name_match_score, bank_resolution_ref, bank_resolved_at
       FROM affiliates WHERE email = $1`,
    [email],
  );
  return rows[0];
}

test('resolves the account name at Paystack with the secret key, shows it, and stores name, score and reference at submit', async () => {
  fake.accounts.set(`${GTBANK.code}:0123456789`, 'ADAEZE N. OKAFOR');
  const ready = await readyRegistration(t, nextEmail(), nextMobile(), {
    fullName: 'Adaeze Okafor',
    bankID: GTBANK.bankID,
    accountNumber: '0123456789',
  });
  const res = await resolve(ready, GTBANK.bankID, '0123 456 789');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    status: 'resolved',
    accountName: 'ADAEZE N. OKAFOR',
    message: 'Account name: ADAEZE N. OKAFOR',
  });
  const calls = fake.callsTo('GET /bank/resolve');
  expect(calls.at(-1)?.authorization).toBe(`Bearer ${FAKE_PAYSTACK_SECRET}`);
  expect(calls.at(-1)?.query.get('account_number')).toBe('0123456789');
  expect(calls.at(-1)?.query.get('bank_code')).toBe('058');

  expect((await ready.browser.post('/api/affiliate/submit-registration').send(ready.payload)).status).toBe(
    201,
  );
  const stored = await registered(ready.email);
  expect(stored).toMatchObject({
    bank_account_name: 'ADAEZE N. OKAFOR',
    bank_name_match_score: 88,
    bank_resolution_ref: expect.stringMatching(/^paystack:[0-9a-f-]{36}:bank_id=9$/),
  });
  expect(stored.bank_resolved_at).not.toBeNull();

  const details = await request(t.app)
    .get(`/api/backoffice/affiliate-details/${stored.affiliate_id}`)
    .set('Authorization', await staff());
  expect(details.body.bankVerification).toEqual({
    accountName: 'ADAEZE N. OKAFOR',
    nameMatchScore: 88,
    belowThreshold: false,
    reference: stored.bank_resolution_ref,
    resolvedOn: expect.any(String),
  });
});

test('a name far from the full name is stored with its low score and flagged for the reviewer', async () => {
  fake.accounts.set(`${GTBANK.code}:0123450001`, 'JOHN SMITH');
  const ready = await readyRegistration(t, nextEmail(), nextMobile(), {
    fullName: 'Adaeze Okafor',
    bankID: GTBANK.bankID,
    accountNumber: '0123450001',
  });
  expect((await resolve(ready, GTBANK.bankID, '0123450001')).body.status).toBe('resolved');
  expect((await ready.browser.post('/api/affiliate/submit-registration').send(ready.payload)).status).toBe(
    201,
  );
  const stored = await registered(ready.email);
  const details = await request(t.app)
    .get(`/api/backoffice/affiliate-details/${stored.affiliate_id}`)
    .set('Authorization', await staff());
  expect(details.body.bankVerification).toMatchObject({ nameMatchScore: 0, belowThreshold: true });
});

test('an account Paystack cannot resolve (422) is a message on the field; the applicant still registers, not verified', async () => {
  const ready = await readyRegistration(t, nextEmail(), nextMobile(), {
    bankID: ZENITH.bankID,
    accountNumber: '9999999999',
  });
  const res = await resolve(ready, ZENITH.bankID, '9999999999');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    status: 'not-found',
    accountName: null,
    message:
      'We could not find this account number at the selected bank. Please check it; you can still register and the reviewer will check the account.',
  });
  expect((await ready.browser.post('/api/affiliate/submit-registration').send(ready.payload)).status).toBe(
    201,
  );
  const stored = await registered(ready.email);
  expect(stored.bank_account_name).toBeNull();
  const details = await request(t.app)
    .get(`/api/backoffice/affiliate-details/${stored.affiliate_id}`)
    .set('Authorization', await staff());
  expect(details.body.bankVerification).toBeNull();
});

test('a refused key (401), a 5xx and a timeout are each "could not check", logged without the secret or the number', async () => {
  fake.accounts.set(`${GTBANK.code}:0123450002`, 'ADA OBI');
  const ready = await readyRegistration(t, nextEmail(), nextMobile());
  const failed = {
    status: 'failed',
    accountName: null,
    message:
      'We could not check the account name just now. You can still continue; the reviewer will check the account.',
  };
  fake.failNext(401);
  expect((await resolve(ready, GTBANK.bankID, '0123450002')).body).toEqual(failed);
  fake.failNext(503);
  expect((await resolve(ready, GTBANK.bankID, '0123450002')).body).toEqual(failed);
  fake.failNext('hang');
  expect((await resolve(ready, GTBANK.bankID, '0123450002')).body).toEqual(failed);
  const log = logLines.join('');
  expect(log).toContain('bank account resolution failed');
  expect(log).toContain('no answer within 5000 ms');
  expect(log).not.toContain(FAKE_PAYSTACK_SECRET);
  expect(log).not.toContain('0123450002');
  // Nothing failed was cached: the next try reaches Paystack and resolves.
  expect((await resolve(ready, GTBANK.bankID, '0123450002')).body.accountName).toBe('ADA OBI');
});

test('a wrong key configured gets 401 from Paystack and the applicant sees "could not check"', async () => {
  const wrongKey = await createTestApp({
    BANK_VERIFICATION_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: 'sk_test_not_the_right_one',
    PAYSTACK_BASE_URL: fake.baseUrl,
  });
  try {
    const ready = await readyRegistration(wrongKey, nextEmail(), nextMobile());
    const res = await ready.browser
      .post('/api/affiliate/resolve-account-name')
      .send({ email: ready.email, bankID: GTBANK.bankID, accountNumber: '0123456789' });
    expect(res.body.status).toBe('failed');
    expect(fake.requests.at(-1)?.authorization).toBe('Bearer sk_test_not_the_right_one');
  } finally {
    await wrongKey.close();
  }
});

test('a cached resolution answers without calling Paystack, for another registration too', async () => {
  fake.accounts.set(`${GTBANK.code}:0123450003`, 'CHIDI EZE');
  const first = await readyRegistration(t, nextEmail(), nextMobile());
  expect((await resolve(first, GTBANK.bankID, '0123450003')).body.accountName).toBe('CHIDI EZE');
  const callsBefore = fake.callsTo('GET /bank/resolve').length;
  const second = await readyRegistration(t, nextEmail(), nextMobile());
  expect((await resolve(second, GTBANK.bankID, '0123450003')).body.accountName).toBe('CHIDI EZE');
  expect(fake.callsTo('GET /bank/resolve')).toHaveLength(callsBefore);
  // Kept under a keyed hash of bank code and number, not the number in clear.
  const { rows } = await t.ctx.db.query<{ account_key: string }>(
    `SELECT account_key FROM bank_account_resolutions WHERE account_name = 'CHIDI EZE'`,
  );
  expect(rows).toHaveLength(1);
  expect(rows[0].account_key).toMatch(/^[0-9a-f]{64}$/);
});

test('at most 5 resolutions per registration, counted before Paystack is called, under parallel requests', async () => {
  const ready = await readyRegistration(t, nextEmail(), nextMobile());
  const callsBefore = fake.callsTo('GET /bank/resolve').length;
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) => resolve(ready, GTBANK.bankID, `01000000${10 + i}`)),
  );
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  const refused = answers.find((answer) => answer.status === 429);
  expect(refused?.body.message).toBe(
    'Too many account name checks. Please try again later; you can still continue and the reviewer will check the account.',
  );
  expect(refused?.headers['retry-after']).toBeDefined();
  expect(fake.callsTo('GET /bank/resolve').length - callsBefore).toBe(5);
});

test('at most 20 resolutions an hour from one IP, across registrations, under parallel requests', async () => {
  const registrations = [];
  for (let i = 0; i < 5; i++) registrations.push(await readyRegistration(t, nextEmail(), nextMobile()));
  const callsBefore = fake.callsTo('GET /bank/resolve').length;
  const answers = await Promise.all(
    registrations.flatMap((ready, r) =>
      Array.from({ length: 5 }, (_, i) => resolve(ready, GTBANK.bankID, `02000000${r}${i}`)),
    ),
  );
  expect(answers.filter((answer) => answer.status === 200)).toHaveLength(20);
  expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5);
  expect(fake.callsTo('GET /bank/resolve').length - callsBefore).toBe(20);
});

test('refuses bad input before counting or calling anything', async () => {
  const ready = await readyRegistration(t, nextEmail(), nextMobile());
  const callsBefore = fake.callsTo('GET /bank/resolve').length;
  const bad = [
    { email: ready.email, bankID: 999999, accountNumber: '0123456789' },
    { email: ready.email, bankID: GTBANK.bankID, accountNumber: '12345' },
    { email: ready.email, bankID: GTBANK.bankID, accountNumber: 'x'.repeat(1_000_000) },
    { email: ready.email, bankID: -1, accountNumber: '0123456789' },
    { email: 'someone.else@example.test', bankID: GTBANK.bankID, accountNumber: '0123456789' },
  ];
  for (const body of bad) {
    const res = await ready.browser.post('/api/affiliate/resolve-account-name').send(body);
    // A megabyte of text is over the JSON body limit: 413 before any schema.
    expect([400, 413]).toContain(res.status);
    expect(typeof res.body.message).toBe('string');
  }
  // Without the registration cookie.
  const stranger = await request(t.app)
    .post('/api/affiliate/resolve-account-name')
    .send({ email: ready.email, bankID: GTBANK.bankID, accountNumber: '0123456789' });
  expect(stranger.status).toBe(400);
  expect(fake.callsTo('GET /bank/resolve')).toHaveLength(callsBefore);
  // Five still left for this registration.
  const answers = await Promise.all(
    Array.from({ length: 5 }, (_, i) => resolve(ready, GTBANK.bankID, `03000000${10 + i}`)),
  );
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
});

describe('re-KYC', () => {
  test('the rejected affiliate resolves its new account and re-KYC stores the resolution', async () => {
    fake.accounts.set(`${ZENITH.code}:0123450004`, 'OKAFOR CHIDI');
    const affiliate = await createAffiliate(t.ctx.db, {
      status: 'KYC Rejected',
      passwordHash: 'x',
      firstDecisionAt: new Date(),
    });
    const token = await bearer(t.ctx, affiliate.userId);
    const res = await request(t.app)
      .post('/api/affiliate/rekyc-resolve-account-name')
      .set('Authorization', token)
      .send({ bankID: ZENITH.bankID, accountNumber: '0123450004' });
    expect(res.body).toEqual({
      status: 'resolved',
      accountName: 'OKAFOR CHIDI',
      message: 'Account name: OKAFOR CHIDI',
    });
    const rekyc = await request(t.app).post('/api/affiliate/rekyc').set('Authorization', token).send({
      affiliateID: affiliate.affiliateId,
      fullName: 'Chidi Okafor',
      ninOrBVN: '22334455667',
      bankID: ZENITH.bankID,
      accountNumber: '0123450004',
    });
    expect(rekyc.status).toBe(200);
    const { rows } = await t.ctx.db.query(
      'SELECT bank_account_name, bank_name_match_score FROM affiliates WHERE affiliate_id = $1',
      [affiliate.affiliateId],
    );
    expect(rows[0]).toEqual({ bank_account_name: 'OKAFOR CHIDI', bank_name_match_score: 100 });
  });

  test('re-KYC to an account never resolved drops the old resolution: the reviewer sees not verified', async () => {
    const affiliate = await createAffiliate(t.ctx.db, {
      status: 'KYC Rejected',
      passwordHash: 'x',
      firstDecisionAt: new Date(),
    });
    await t.ctx.db.query(
      `UPDATE affiliates SET bank_account_name = 'OLD NAME', bank_name_match_score = 90,
              bank_resolution_ref = 'paystack:old', bank_resolved_at = now() WHERE affiliate_id = $1`,
      [affiliate.affiliateId],
    );
    const rekyc = await request(t.app)
      .post('/api/affiliate/rekyc')
      .set('Authorization', await bearer(t.ctx, affiliate.userId))
      .send({
        affiliateID: affiliate.affiliateId,
        fullName: 'Chidi Okafor',
        ninOrBVN: '22334455667',
        bankID: ZENITH.bankID,
        accountNumber: '0123450999',
      });
    expect(rekyc.status).toBe(200);
    const details = await request(t.app)
      .get(`/api/backoffice/affiliate-details/${affiliate.affiliateId}`)
      .set('Authorization', await staff());
    expect(details.body.bankVerification).toBeNull();
  });

  test('limits re-KYC resolutions to 5 a day per affiliate under parallel requests', async () => {
    const affiliate = await createAffiliate(t.ctx.db, {
      status: 'KYC Rejected',
      passwordHash: 'x',
      firstDecisionAt: new Date(),
    });
    const token = await bearer(t.ctx, affiliate.userId);
    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        request(t.app)
          .post('/api/affiliate/rekyc-resolve-account-name')
          .set('Authorization', token)
          .send({ bankID: GTBANK.bankID, accountNumber: `04000000${10 + i}` }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(2);
  });

  test('staff and affiliates without the re-kyc right are refused', async () => {
    const complete = await createAffiliate(t.ctx.db, { status: 'KYC Complete', passwordHash: 'x' });
    for (const token of [await staff(), await bearer(t.ctx, complete.userId)]) {
      const res = await request(t.app)
        .post('/api/affiliate/rekyc-resolve-account-name')
        .set('Authorization', token)
        .send({ bankID: GTBANK.bankID, accountNumber: '0123456789' });
      expect(res.status).toBe(403);
    }
  });
});
