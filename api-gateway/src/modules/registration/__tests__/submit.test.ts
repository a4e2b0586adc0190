import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { openNumbers } from '../../../lib/sealed-numbers';
import {
  latestOtp,
  newBrowser,
  readyRegistration,
  solvedCaptcha,
  uploadSelfie,
  verifyEmail,
  verifyMobile,
} from '../../../../test-support/registration-flow';

// Whole registrations (or 60 challenges) per test: slow on a busy two-core machine.
jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// Each test walks several registrations; keep the hourly send caps out of the way.
afterEach(() => t.advanceClock(2 * 60 * 60_000));

const submit = (browser: ReturnType<typeof newBrowser>, payload: Record<string, unknown>) =>
  browser.post('/api/affiliate/submit-registration').send(payload);

async function count(table: string): Promise<number> {
  const { rows } = await t.ctx.db.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(rows[0].n);
}

test('creates the affiliate as KYC Pending with a generated code, its user without a password, and tells it by email', async () => {
  const ready = await readyRegistration(t, 'Happy.Path@Example.com', '8031000001', {
    fullName: '  Ada   Obi ',
    ninOrBVN: '223 344 556 67',
  });
  const res = await submit(ready.browser, ready.payload);
  expect(res.status).toBe(201);
  expect(res.body).toEqual({
    message:
      'Registration successful. Your KYC is under review; you will receive your sign-in details by email once it is approved.',
  });
  expect(String(res.headers['set-cookie'])).toMatch(/portal_registration=;/);

  const { rows } = await t.ctx.db.query<Record<string, unknown>>(
    `SELECT a.affiliate_code, a.full_name, a.email, a.status, a.phone_code, a.mobile_number, a.identity_type, a.nin_or_bvn,
            a.bank_id, a.account_number, a.selfie_image_path, a.country_id, a.nin_or_bvn_sealed, a.account_number_sealed,
            u.role_id, u.password_hash, u.email AS user_email, u.full_name AS user_name
       FROM affiliates a JOIN users u USING (user_id) WHERE a.email = 'happy.path@example.com'`,
  );
  // Issue 29: the numbers are stored sealed only (the clear columns stay empty) and open to what was sent.
  const { nin_or_bvn_sealed: ninSealed, account_number_sealed: accountSealed, ...stored } = rows[0];
  expect(
    openNumbers(t.ctx.config.dataKeyring, {
      nin_or_bvn: null,
      account_number: null,
      nin_or_bvn_sealed: ninSealed as string,
      account_number_sealed: accountSealed as string,
    }),
  ).toEqual({ ninOrBVN: '22334455667', accountNumber: '8031000001' });
  expect(stored).toEqual({
    affiliate_code: expect.stringMatching(/^AFF\d+$/),
    full_name: 'Ada Obi',
    email: 'happy.path@example.com',
    status: 'KYC Pending',
    phone_code: '+234',
    mobile_number: '8031000001',
    identity_type: 'BVN',
    nin_or_bvn: null,
    bank_id: 1,
    account_number: null,
    selfie_image_path: ready.payload.selfieImagePath,
    country_id: 1,
    role_id: 3,
    password_hash: null,
    user_email: 'happy.path@example.com',
    user_name: 'Ada Obi',
  });
  const { rows: audit } = await t.ctx.db.query(
    `SELECT action, entity_type, to_status FROM audit_log WHERE action = 'affiliate.register'`,
  );
  expect(audit).toEqual([
    { action: 'affiliate.register', entity_type: 'affiliate', to_status: 'KYC Pending' },
  ]);
  const { rows: mail } = await t.ctx.db.query<{ body: string }>(
    `SELECT body FROM outbox WHERE recipient = 'happy.path@example.com' ORDER BY message_id DESC LIMIT 1`,
  );
  expect(mail[0].body).toContain(String(rows[0].affiliate_code));
  const { rows: files } = await t.ctx.db.query<{ owner_user_id: string | null }>(
    'SELECT owner_user_id FROM stored_files WHERE storage_key = $1',
    [ready.payload.selfieImagePath],
  );
  expect(files[0].owner_user_id).not.toBeNull();
});

test('validation runs again on the server, in the spec order', async () => {
  const browser = newBrowser(t);
  const empty = await submit(browser, {});
  expect(empty.status).toBe(400);
  expect(empty.body.message).toBe('Please provide full name.');
  expect(Object.values(empty.body.errors)).toEqual([
    'Please provide full name.',
    'Please provide email.',
    'Please select country.',
    'Please provide NIN or BVN.',
    'Please provide Bank Name.',
    'Please provide Account Number.',
    'Please provide Selfie.',
    'Invalid CAPTCHA!',
    'Please accept terms and conditions.',
  ]);
  const ready = await readyRegistration(t, 'rules@example.com', '8031000002');
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ ninOrBVN: '123' }, 'Enter 11 digits for your BVN.'],
    [
      { identityType: 'NIN', ninOrBVN: '55555555555' },
      'NIN cannot have all digits the same (e.g. 11111111111).',
    ],
    [{ ninOrBVN: '20000001234' }, 'BVN cannot contain too many repeated digits in a row.'],
    [{ ninOrBVN: '12345609182' }, 'BVN cannot contain consecutive number patterns (e.g. 123456 or 987654).'],
    [{ bankID: null, accountNumber: '' }, 'Please provide Bank Name.'],
    [{ bankID: 9999 }, 'Please provide Bank Name.'],
    [{ accountNumber: '12345' }, 'Account number must be 10 digits.'],
    [{ selfieImagePath: '' }, 'Please provide Selfie.'],
    [{ selfieImagePath: 'selfie/2020/01/someone-elses.png' }, 'Please provide Selfie.'],
    [{ captchaId: '' }, 'Invalid CAPTCHA!'],
    [{ captchaId: '5b1c1e9a-5b0b-4b1a-9d55-1c3e0c2b7a11' }, 'Invalid CAPTCHA!'],
    [{ tandc: false }, 'Please accept terms and conditions.'],
  ];
  for (const [change, message] of cases) {
    const res = await submit(ready.browser, { ...ready.payload, ...change });
    expect({ change, status: res.status, message: res.body.message }).toEqual({
      change,
      status: 400,
      message,
    });
  }
  // None of the refused submits consumed anything: the same registration still goes through.
  expect((await submit(ready.browser, ready.payload)).status).toBe(201);
});

test('a full name is letters of any script, spaces, hyphens, apostrophes and dots: markup is refused', async () => {
  const ready = await readyRegistration(t, 'names@example.com', '8031000012');
  const refused = 'Full name may contain only letters, spaces, hyphens, apostrophes and dots.';
  for (const fullName of [
    'Probe <img src=x onerror=alert(1)><script>alert(1)</script>',
    'Ada Obi 2',
    'Ada&Obi',
  ]) {
    const res = await submit(ready.browser, { ...ready.payload, fullName });
    expect({ fullName, status: res.status, body: res.body }).toEqual({
      fullName,
      status: 400,
      body: { message: refused, errors: { fullName: refused } },
    });
  }
  const accepted = await submit(ready.browser, {
    ...ready.payload,
    fullName: ' Ọlábísí  O’Neil-Adébáyọ̀ Jr. ',
  });
  expect(accepted.status).toBe(201);
  const { rows } = await t.ctx.db.query<{ full_name: string }>(
    `SELECT full_name FROM affiliates WHERE email = 'names@example.com'`,
  );
  expect(rows).toEqual([{ full_name: 'Ọlábísí O’Neil-Adébáyọ̀ Jr.' }]);
});

test('refused without verification in this registration', async () => {
  const noCookie = await submit(newBrowser(t), {
    ...(await readyRegistration(t, 'no-cookie@example.com', '8031000003')).payload,
  });
  expect(noCookie.status).toBe(400);
  expect(noCookie.body.message).toBe(
    'Your registration session has expired. Please start again with Send OTP.',
  );

  // Email verified, mobile never verified.
  const browser = newBrowser(t);
  const email = 'no-mobile@example.com';
  await verifyEmail(t, browser, email);
  const selfieImagePath = await uploadSelfie(browser);
  const payload = {
    fullName: 'Obi',
    email,
    countryID: 1,
    identityType: 'NIN',
    ninOrBVN: '22334455667',
    bankID: 2,
    accountNumber: '0123456789',
    selfieImagePath,
    captchaId: await solvedCaptcha(t),
    tandc: true,
  };
  const noMobile = await submit(browser, payload);
  expect(noMobile.status).toBe(400);
  expect(noMobile.body.message).toBe('Please verify your mobile number first.');

  // Email only sent, never verified.
  const unverified = newBrowser(t);
  await unverified
    .post('/api/affiliate/send-email-otp')
    .send({ email: 'never-verified@example.com' })
    .expect(200);
  const noEmail = await submit(unverified, { ...payload, email: 'never-verified@example.com' });
  expect(noEmail.status).toBe(400);
  expect(noEmail.body.message).toBe('Please verify your email first.');

  // A different email than the verified one.
  const changed = await submit(browser, { ...payload, email: 'someone@example.com' });
  expect(changed.body.message).toBe('looks like email is changed, please verify again.');
  expect(
    await count(`affiliates WHERE email IN ('no-mobile@example.com', 'never-verified@example.com')`),
  ).toBe(0);
});

test('the country must be the one the mobile was verified in', async () => {
  const ready = await readyRegistration(t, 'country@example.com', '8031000004');
  const res = await submit(ready.browser, { ...ready.payload, countryID: 2 });
  expect(res.status).toBe(400);
  expect(res.body.message).toBe('looks like mobile number is changed, please verify again.');
});

test('cannot be replayed: not the registration, its OTPs, nor its captcha', async () => {
  const ready = await readyRegistration(t, 'replay-submit@example.com', '8031000005');
  // Keep the cookie to replay it after the answer cleared it in the browser.
  await submit(ready.browser, ready.payload).expect(201);
  const again = await submit(ready.browser, ready.payload);
  expect(again.status).toBe(400);
  const { rows: open } = await t.ctx.db.query(
    `SELECT 1 FROM otp_challenges c JOIN registrations r USING (registration_id)
      WHERE r.email = 'replay-submit@example.com' AND c.ended_at IS NULL`,
  );
  expect(open).toHaveLength(0);

  // A second registration cannot reuse the solved captcha.
  const second = await readyRegistration(t, 'second@example.com', '8031000006');
  const reused = await submit(second.browser, { ...second.payload, captchaId: ready.payload.captchaId });
  expect(reused.status).toBe(400);
  expect(reused.body.message).toBe('Invalid CAPTCHA!');
  expect((await submit(second.browser, second.payload)).status).toBe(201);
});

test('a submitted registration answers 409 when replayed with its cookie', async () => {
  const ready = await readyRegistration(t, 'cookie-replay@example.com', '8031000007');
  const { rows } = await t.ctx.db.query<{ registration_id: string }>(
    `SELECT registration_id FROM registrations WHERE email = 'cookie-replay@example.com'`,
  );
  expect(rows).toHaveLength(1);
  const cookieHeader = ready.cookie;
  await submit(ready.browser, ready.payload).expect(201);
  const replay = await request(t.app)
    .post('/api/affiliate/submit-registration')
    .set('Cookie', cookieHeader)
    .send({ ...ready.payload, captchaId: await solvedCaptcha(t) });
  expect(replay.status).toBe(409);
  expect(replay.body.message).toBe('This registration has already been submitted.');
  const otp = await latestOtp(t, 'cookie-replay@example.com');
  const verify = await request(t.app)
    .post('/api/affiliate/verify-email-otp')
    .set('Cookie', cookieHeader)
    .send({ email: 'cookie-replay@example.com', otp });
  expect(verify.status).toBe(409);
});

test('an email already registered gets 409 and nothing is written', async () => {
  // Two browsers verify the same email before either submits; the second one to submit is refused.
  const first = await readyRegistration(t, 'duplicate@example.com', '8031000008');
  t.advanceClock(60_000);
  const second = await readyRegistration(t, 'duplicate@example.com', '8031000009');
  await submit(first.browser, first.payload).expect(201);
  const before = await Promise.all(['users', 'affiliates', 'affiliate_flags', 'audit_log'].map(count));
  const res = await submit(second.browser, second.payload);
  expect(res.status).toBe(409);
  expect(res.body.message).toBe('This email is already registered. Please sign in instead.');
  expect(await Promise.all(['users', 'affiliates', 'affiliate_flags', 'audit_log'].map(count))).toEqual(
    before,
  );
  // The captcha was not consumed by the refused submit.
  const { rows } = await t.ctx.db.query<{ consumed_at: Date | null }>(
    'SELECT consumed_at FROM captcha_challenges WHERE captcha_id = $1',
    [second.payload.captchaId],
  );
  expect(rows[0].consumed_at).toBeNull();
});

test('the same BVN/NIN, bank account or mobile as another affiliate is flagged, not refused', async () => {
  const original = await readyRegistration(t, 'original@example.com', '8031000010', {
    ninOrBVN: '31415926535',
    bankID: 4,
    accountNumber: '1111122222',
  });
  await submit(original.browser, original.payload).expect(201);
  t.advanceClock(60_000);
  const copy = await readyRegistration(t, 'copy@example.com', '8031000010', {
    ninOrBVN: '31415926535',
    bankID: 4,
    accountNumber: '1111122222',
  });
  const res = await submit(copy.browser, copy.payload);
  expect(res.status).toBe(201);
  const { rows } = await t.ctx.db.query<{ kind: string; affiliate_email: string; other_email: string }>(
    `SELECT f.kind, a.email AS affiliate_email, o.email AS other_email FROM affiliate_flags f
       JOIN affiliates a ON a.affiliate_id = f.affiliate_id JOIN affiliates o ON o.affiliate_id = f.other_affiliate_id
      WHERE a.email = 'copy@example.com' ORDER BY f.kind`,
  );
  expect(rows).toEqual([
    { kind: 'accountNumber', affiliate_email: 'copy@example.com', other_email: 'original@example.com' },
    { kind: 'mobileNumber', affiliate_email: 'copy@example.com', other_email: 'original@example.com' },
    { kind: 'ninOrBVN', affiliate_email: 'copy@example.com', other_email: 'original@example.com' },
  ]);
  // A NIN equal to someone's BVN digits is a different identity.
  const other = await readyRegistration(t, 'nin@example.com', '8031000011', {
    identityType: 'NIN',
    ninOrBVN: '31415926535',
  });
  await submit(other.browser, other.payload).expect(201);
  const { rows: none } = await t.ctx.db.query(
    `SELECT 1 FROM affiliate_flags f JOIN affiliates a USING (affiliate_id) WHERE a.email = 'nin@example.com'`,
  );
  expect(none).toHaveLength(0);
});

test('a selfie uploaded in another registration cannot be used', async () => {
  const thief = await readyRegistration(t, 'thief@example.com', '8031000012');
  const victim = newBrowser(t);
  await verifyEmail(t, victim, 'victim@example.com');
  await verifyMobile(t, victim, 'victim@example.com', '8031000013');
  const victimSelfie = await uploadSelfie(victim);
  const res = await submit(thief.browser, { ...thief.payload, selfieImagePath: victimSelfie });
  expect(res.status).toBe(400);
  expect(res.body.message).toBe('Please provide Selfie.');
});
