import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { keyedHashMatches } from '../../../lib/keyed-hash';
import { latestOtp, newBrowser } from '../../../../test-support/registration-flow';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('send-email-otp', () => {
  test('validates the email with the spec messages', async () => {
    const missing = await request(t.app).post('/api/affiliate/send-email-otp').send({});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please provide email.');
    const invalid = await request(t.app)
      .post('/api/affiliate/send-email-otp')
      .send({ email: 'not-an-email' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({
      message: 'Email is not valid.',
      errors: { email: 'Email is not valid.' },
    });
  });

  test('sends a 6-digit code through the outbox, stores only its hash and never answers it', async () => {
    const browser = newBrowser(t);
    const res = await browser.post('/api/affiliate/send-email-otp').send({ email: 'Send.One@Example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'An OTP has been sent to your email.' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(
      /portal_registration=[^;]+; Max-Age=86400; Path=\/api\/affiliate; Expires=[^;]+; HttpOnly; SameSite=Strict/,
    );
    const code = await latestOtp(t, 'send.one@example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(res.body)).not.toContain(code);
    const { rows } = await t.ctx.db.query<{ code_hash: string }>(
      `SELECT c.code_hash FROM otp_challenges c JOIN registrations r USING (registration_id) WHERE r.email = $1`,
      ['send.one@example.com'],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].code_hash).not.toContain(code);
  });

  test('an address with an account gets the same answer; its owner is emailed that it has one, with no code', async () => {
    await t.ctx.db.query(
      `INSERT INTO users (full_name, email, role_id) VALUES ('Old', 'taken@example.com', 3), ('Staff', 'staff.taken@example.com', 2)`,
    );
    const answers = [];
    for (const email of ['TAKEN@example.com', 'staff.taken@example.com', 'free.address@example.com']) {
      const browser = newBrowser(t);
      const sent = await browser.post('/api/affiliate/send-email-otp').send({ email });
      // A wrong code, and a resend after 30 s, answer alike too.
      const verify = await browser.post('/api/affiliate/verify-email-otp').send({ email, otp: '000000' });
      t.advanceClock(30_000);
      const resent = await browser.post('/api/affiliate/resend-email-otp').send({ email });
      answers.push({
        sent: [
          sent.status,
          sent.body,
          String(sent.headers['set-cookie'])
            .replace(/=[^;]+;/, '=…;')
            .replace(/Expires=[^;]+/, ''),
        ],
        verify: [verify.status, verify.body],
        resent: [resent.status, resent.body],
      });
    }
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[2]);
    expect(answers[2].sent[0]).toBe(200);

    const outbox = await request(t.app).get('/api/dev/outbox').query({ to: 'taken@example.com' });
    const messages = outbox.body.messages as Array<{ subject: string; body: string }>;
    expect(messages).toHaveLength(2);
    for (const message of messages) {
      expect(message.subject).toBe('You already have an Affiliate Portal account');
      expect(message.body).toContain('It already has an account');
      expect(message.body).toContain('"Forgot password"');
      expect(message.body).not.toMatch(/\d{6}/);
    }
    await expect(latestOtp(t, 'free.address@example.com')).resolves.toMatch(/^\d{6}$/);
  });

  test('no code verifies the registration of an address that has an account', async () => {
    await t.ctx.db.query(
      `INSERT INTO users (full_name, email, role_id) VALUES ('Old', 'owned@example.com', 1)`,
    );
    const browser = newBrowser(t);
    await browser.post('/api/affiliate/send-email-otp').send({ email: 'owned@example.com' }).expect(200);
    const { rows } = await t.ctx.db.query<{ challenge_id: string; code_hash: string }>(
      `SELECT c.challenge_id, c.code_hash FROM otp_challenges c JOIN registrations r USING (registration_id)
        WHERE r.email = 'owned@example.com'`,
    );
    expect(rows).toHaveLength(1);
    // Every code a person can type is checked against the stored hash: none matches.
    for (let code = 0; code < 1_000_000; code += 1) {
      const otp = String(code).padStart(6, '0');
      if (keyedHashMatches(t.ctx, 'otp', `${rows[0].challenge_id}:${otp}`, rows[0].code_hash)) {
        throw new Error(`code ${otp} would verify`);
      }
    }
  });
});

describe('resend-email-otp', () => {
  test('not before 30 s (429 with a message and Retry-After); then a new code replaces the old one', async () => {
    const browser = newBrowser(t);
    const email = 'resend@example.com';
    // The wait is checked to the second: real time between the calls (2 s once, on a busy machine) must not count.
    t.freezeClock();
    await browser.post('/api/affiliate/send-email-otp').send({ email }).expect(200);
    const first = await latestOtp(t, email);

    t.advanceClock(10_000);
    const early = await browser.post('/api/affiliate/resend-email-otp').send({ email });
    expect(early.status).toBe(429);
    expect(early.body.message).toBe('Please wait 20 seconds before requesting a new OTP.');
    expect(early.headers['retry-after']).toBe('20');
    // Send OTP again is held to the same 30 s.
    expect((await browser.post('/api/affiliate/send-email-otp').send({ email })).status).toBe(429);

    t.advanceClock(20_000);
    await browser.post('/api/affiliate/resend-email-otp').send({ email }).expect(200);
    const second = await latestOtp(t, email);
    if (second !== first) {
      const old = await browser.post('/api/affiliate/verify-email-otp').send({ email, otp: first });
      expect(old.status).toBe(400);
    }
    const ok = await browser.post('/api/affiliate/verify-email-otp').send({ email, otp: second });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Email verified successfully!' });
  });

  test('needs the browser that started the registration', async () => {
    const res = await request(t.app)
      .post('/api/affiliate/resend-email-otp')
      .send({ email: 'resend@example.com' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your registration session has expired. Please start again with Send OTP.');
  });

  test('the 30 s also holds per email address, across browsers', async () => {
    const email = 'two-browsers@example.com';
    await newBrowser(t).post('/api/affiliate/send-email-otp').send({ email }).expect(200);
    const other = await newBrowser(t).post('/api/affiliate/send-email-otp').send({ email });
    expect(other.status).toBe(429);
  });
});

describe('verify-email-otp', () => {
  test('wrong codes count down; the fifth ends the challenge; the sixth try fails even with the right code', async () => {
    const browser = newBrowser(t);
    const email = 'brute@example.com';
    await browser.post('/api/affiliate/send-email-otp').send({ email }).expect(200);
    const code = await latestOtp(t, email);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const res = await browser.post('/api/affiliate/verify-email-otp').send({ email, otp: wrongCode(code) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        `Invalid OTP. ${5 - attempt} attempt${5 - attempt === 1 ? '' : 's'} left.`,
      );
    }
    const fifth = await browser.post('/api/affiliate/verify-email-otp').send({ email, otp: wrongCode(code) });
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe('Too many wrong attempts. Please request a new OTP.');
    const sixth = await browser.post('/api/affiliate/verify-email-otp').send({ email, otp: code });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('Too many wrong attempts. Please request a new OTP.');

    // Only a resend (after 30 s) gives a new challenge.
    t.advanceClock(30_000);
    await browser.post('/api/affiliate/resend-email-otp').send({ email }).expect(200);
    const fresh = await latestOtp(t, email);
    await browser.post('/api/affiliate/verify-email-otp').send({ email, otp: fresh }).expect(200);
  });

  test('a code is single use: replaying it fails', async () => {
    const browser = newBrowser(t);
    const email = 'replay@example.com';
    await browser.post('/api/affiliate/send-email-otp').send({ email }).expect(200);
    const otp = await latestOtp(t, email);
    await browser.post('/api/affiliate/verify-email-otp').send({ email, otp }).expect(200);
    const replay = await browser.post('/api/affiliate/verify-email-otp').send({ email, otp });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('This OTP has already been used. Please request a new OTP.');
  });

  test('a code expires after 10 minutes', async () => {
    const browser = newBrowser(t);
    const email = 'expired@example.com';
    await browser.post('/api/affiliate/send-email-otp').send({ email }).expect(200);
    const otp = await latestOtp(t, email);
    t.advanceClock(10 * 60_000);
    const res = await browser.post('/api/affiliate/verify-email-otp').send({ email, otp });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('OTP has expired. Please request a new OTP.');
  });

  test('just inside 10 minutes it still works', async () => {
    const browser = newBrowser(t);
    const email = 'in-time@example.com';
    await browser.post('/api/affiliate/send-email-otp').send({ email }).expect(200);
    const otp = await latestOtp(t, email);
    t.advanceClock(10 * 60_000 - 1000);
    await browser.post('/api/affiliate/verify-email-otp').send({ email, otp }).expect(200);
  });

  test('checks the OTP format and the email of this registration', async () => {
    const browser = newBrowser(t);
    const email = 'format@example.com';
    await browser.post('/api/affiliate/send-email-otp').send({ email }).expect(200);
    const short = await browser.post('/api/affiliate/verify-email-otp').send({ email, otp: '123' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('OTP must be 6 digits.');
    const otp = await latestOtp(t, email);
    const changed = await browser
      .post('/api/affiliate/verify-email-otp')
      .send({ email: 'other@example.com', otp });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toBe('looks like email is changed, please verify again.');
    // A stranger with the code but without the browser's registration gets nowhere.
    const stranger = await request(t.app).post('/api/affiliate/verify-email-otp').send({ email, otp });
    expect(stranger.status).toBe(400);
    await browser.post('/api/affiliate/verify-email-otp').send({ email, otp }).expect(200);
  });

  test('sending again resets the verified state', async () => {
    const browser = newBrowser(t);
    const email = 'reverify@example.com';
    await browser.post('/api/affiliate/send-email-otp').send({ email }).expect(200);
    await browser
      .post('/api/affiliate/verify-email-otp')
      .send({ email, otp: await latestOtp(t, email) })
      .expect(200);
    t.advanceClock(30_000);
    await browser.post('/api/affiliate/send-email-otp').send({ email }).expect(200);
    const mobile = await browser
      .post('/api/affiliate/send-mobile-otp')
      .send({ email, countryID: 1, mobileNumber: '8030000001' });
    expect(mobile.status).toBe(400);
    expect(mobile.body.message).toBe('Please verify your email first.');
  });
});

describe('send caps', () => {
  test('per email address: 6 codes an hour', async () => {
    const email = 'capped@example.com';
    const browser = newBrowser(t);
    for (let i = 0; i < 6; i += 1) {
      await browser.post('/api/affiliate/send-email-otp').send({ email }).expect(200);
      t.advanceClock(30_000);
    }
    const over = await browser.post('/api/affiliate/resend-email-otp').send({ email });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Too many OTP requests. Please try again later.');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    t.advanceClock(60 * 60_000);
    await browser.post('/api/affiliate/resend-email-otp').send({ email }).expect(200);
  });

  test('per IP: 30 codes an hour across emails', async () => {
    t.advanceClock(2 * 60 * 60_000);
    for (let i = 0; i < 30; i += 1) {
      await request(t.app)
        .post('/api/affiliate/send-email-otp')
        .send({ email: `ip${i}@example.com` })
        .expect(200);
    }
    const over = await request(t.app)
      .post('/api/affiliate/send-email-otp')
      .send({ email: 'ip-over@example.com' });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Too many OTP requests. Please try again later.');
    // Nothing was written for the refused send: no registration, no message.
    const { rows } = await t.ctx.db.query(`SELECT 1 FROM registrations WHERE email = 'ip-over@example.com'`);
    expect(rows).toHaveLength(0);
    t.advanceClock(2 * 60 * 60_000);
  });
});
