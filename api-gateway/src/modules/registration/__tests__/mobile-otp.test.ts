import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { latestOtp, newBrowser, verifyEmail } from '../../../../test-support/registration-flow';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function countryId(name: string): Promise<number> {
  const { rows } = await t.ctx.db.query<{ country_id: number }>(
    'SELECT country_id FROM countries WHERE country_name = $1',
    [name],
  );
  return rows[0].country_id;
}

test('is unlocked only by a verified email of this registration', async () => {
  const browser = newBrowser(t);
  const email = 'locked@example.com';
  await browser.post('/api/affiliate/send-email-otp').send({ email }).expect(200);
  const body = { email, countryID: 1, mobileNumber: '8031111111' };
  const notVerified = await browser.post('/api/affiliate/send-mobile-otp').send(body);
  expect(notVerified.status).toBe(400);
  expect(notVerified.body.message).toBe('Please verify your email first.');
  const noRegistration = await request(t.app).post('/api/affiliate/send-mobile-otp').send(body);
  expect(noRegistration.status).toBe(400);
  expect(noRegistration.body.message).toBe(
    'Your registration session has expired. Please start again with Send OTP.',
  );
});

test("validates country and mobile in the spec's order, with the country's length", async () => {
  const browser = newBrowser(t);
  const email = 'mobile-rules@example.com';
  await verifyEmail(t, browser, email);
  const send = (body: object) => browser.post('/api/affiliate/send-mobile-otp').send({ email, ...body });

  expect((await send({})).body.message).toBe('Please select country.');
  expect((await send({ countryID: 1 })).body.message).toBe('Please provide mobile.');
  expect((await send({ countryID: 999, mobileNumber: '8031234567' })).body.message).toBe(
    'Please select country.',
  );
  expect((await send({ countryID: 1, mobileNumber: '803123456' })).body.message).toBe(
    'Mobile number must be 10 digit.',
  );
  expect((await send({ countryID: 1, mobileNumber: '80312345xy' })).body.message).toBe(
    'Mobile number must be 10 digit.',
  );
  const ghana = await countryId('Ghana');
  expect((await send({ countryID: ghana, mobileNumber: '2412345678' })).body.message).toBe(
    'Mobile number must be 9 digit.',
  );
  const ok = await send({ countryID: ghana, mobileNumber: '241234567' });
  expect(ok.status).toBe(200);
  expect(ok.body).toEqual({ message: 'An OTP has been sent to your WhatsApp number.' });
  const { rows } = await t.ctx.db.query<{ channel: string; body: string }>(
    `SELECT channel, body FROM outbox WHERE recipient = '+233241234567'`,
  );
  expect(rows).toEqual([
    { channel: 'whatsapp', body: expect.stringMatching(/verification code is \d{6}\./) },
  ]);
});

test('verifies the number the code was sent to, bound to the email being registered', async () => {
  const browser = newBrowser(t);
  const email = 'mobile-ok@example.com';
  const mobileNumber = '8032222222';
  await verifyEmail(t, browser, email);
  await browser
    .post('/api/affiliate/send-mobile-otp')
    .send({ email, countryID: 1, mobileNumber })
    .expect(200);
  const otp = await latestOtp(t, `+234${mobileNumber}`);

  const otherNumber = await browser
    .post('/api/affiliate/verify-mobile-otp')
    .send({ email, countryID: 1, mobileNumber: '8039999999', otp });
  expect(otherNumber.status).toBe(400);
  expect(otherNumber.body.message).toBe('looks like mobile number is changed, please verify again.');

  // Another person's registration cannot use this code, even for the same number.
  const intruder = newBrowser(t);
  await verifyEmail(t, intruder, 'intruder@example.com');
  const stolen = await intruder
    .post('/api/affiliate/verify-mobile-otp')
    .send({ email: 'intruder@example.com', countryID: 1, mobileNumber, otp });
  expect(stolen.status).toBe(400);
  expect(stolen.body.message).toBe('Please request an OTP first.');
  const otherEmail = await browser
    .post('/api/affiliate/verify-mobile-otp')
    .send({ email: 'intruder@example.com', countryID: 1, mobileNumber, otp });
  expect(otherEmail.body.message).toBe('looks like email is changed, please verify again.');

  const ok = await browser
    .post('/api/affiliate/verify-mobile-otp')
    .send({ email, countryID: 1, mobileNumber, otp });
  expect(ok.status).toBe(200);
  expect(ok.body).toEqual({ message: 'Mobile verified successfully!' });
  const { rows } = await t.ctx.db.query<{
    country_id: number;
    mobile_number: string;
    mobile_verified_at: Date | null;
  }>('SELECT country_id, mobile_number, mobile_verified_at FROM registrations WHERE email = $1', [email]);
  expect(rows[0]).toEqual({
    country_id: 1,
    mobile_number: mobileNumber,
    mobile_verified_at: expect.any(Date),
  });

  const replay = await browser
    .post('/api/affiliate/verify-mobile-otp')
    .send({ email, countryID: 1, mobileNumber, otp });
  expect(replay.status).toBe(400);
  expect(replay.body.message).toBe('This OTP has already been used. Please request a new OTP.');
});

test('resend goes to the last number, not before 30 s; a new number resets the verified mobile', async () => {
  const browser = newBrowser(t);
  const email = 'mobile-resend@example.com';
  const mobileNumber = '8033333333';
  await verifyEmail(t, browser, email);
  const noneYet = await browser.post('/api/affiliate/resend-mobile-otp').send({ email });
  expect(noneYet.status).toBe(400);
  expect(noneYet.body.message).toBe('Please request an OTP first.');

  await browser
    .post('/api/affiliate/send-mobile-otp')
    .send({ email, countryID: 1, mobileNumber })
    .expect(200);
  const early = await browser.post('/api/affiliate/resend-mobile-otp').send({ email });
  expect(early.status).toBe(429);
  expect(early.body.message).toMatch(/^Please wait \d+ seconds before requesting a new OTP\.$/);
  t.advanceClock(30_000);
  await browser.post('/api/affiliate/resend-mobile-otp').send({ email }).expect(200);
  const { rows } = await t.ctx.db.query(`SELECT 1 FROM outbox WHERE recipient = $1`, [`+234${mobileNumber}`]);
  expect(rows).toHaveLength(2);
  const otp = await latestOtp(t, `+234${mobileNumber}`);
  await browser
    .post('/api/affiliate/verify-mobile-otp')
    .send({ email, countryID: 1, mobileNumber, otp })
    .expect(200);

  t.advanceClock(30_000);
  await browser
    .post('/api/affiliate/send-mobile-otp')
    .send({ email, countryID: 1, mobileNumber: '8034444444' })
    .expect(200);
  const { rows: registration } = await t.ctx.db.query<{ mobile_verified_at: Date | null }>(
    'SELECT mobile_verified_at FROM registrations WHERE email = $1',
    [email],
  );
  expect(registration[0].mobile_verified_at).toBeNull();
});

test('five wrong mobile codes end the challenge', async () => {
  const browser = newBrowser(t);
  const email = 'mobile-brute@example.com';
  const mobileNumber = '8035555555';
  await verifyEmail(t, browser, email);
  await browser
    .post('/api/affiliate/send-mobile-otp')
    .send({ email, countryID: 1, mobileNumber })
    .expect(200);
  const otp = await latestOtp(t, `+234${mobileNumber}`);
  const wrong = String((Number(otp) + 7) % 1_000_000).padStart(6, '0');
  const statuses: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    statuses.push(
      (
        await browser
          .post('/api/affiliate/verify-mobile-otp')
          .send({ email, countryID: 1, mobileNumber, otp: wrong })
      ).status,
    );
  }
  expect(statuses).toEqual([400, 400, 400, 400, 429]);
  const sixth = await browser
    .post('/api/affiliate/verify-mobile-otp')
    .send({ email, countryID: 1, mobileNumber, otp });
  expect(sixth.status).toBe(429);
});
