import { PNG } from 'pngjs';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { CAPTCHA_ALPHABET } from '../captcha-font';
import { drawCaptcha, randomCaptchaText } from '../captcha-image';

// Whole registrations (or 60 challenges) per test: slow on a busy two-core machine.
jest.setTimeout(120_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function challenge(): Promise<{ captchaId: string; image: string; answer: string }> {
  const res = await request(t.app).post('/api/captcha');
  expect(res.status).toBe(200);
  const dev = await request(t.app).get(`/api/dev/captcha/${res.body.captchaId}`);
  return { ...res.body, answer: dev.body.answer };
}

const verify = (captchaId: string, answer: string) =>
  request(t.app).post('/api/captcha/verify').send({ captchaId, answer });

test('a challenge is an id and a 150x50 PNG of 6 alphanumeric characters', async () => {
  const res = await request(t.app).post('/api/captcha');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body.captchaId).toMatch(/^[0-9a-f-]{36}$/);
  const [prefix, base64] = String(res.body.image).split(',');
  expect(prefix).toBe('data:image/png;base64');
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  expect([png.width, png.height]).toEqual([150, 50]);
  const { answer } = (await request(t.app).get(`/api/dev/captcha/${res.body.captchaId}`)).body;
  expect(answer).toMatch(/^[A-Z0-9]{6}$/);
  expect([...answer].every((c: string) => CAPTCHA_ALPHABET.includes(c))).toBe(true);
});

test('the answer is stored hashed', async () => {
  const { captchaId, answer } = await challenge();
  const { rows } = await t.ctx.db.query<{ answer_hash: string }>(
    'SELECT answer_hash FROM captcha_challenges WHERE captcha_id = $1',
    [captchaId],
  );
  expect(rows[0].answer_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(rows[0].answer_hash).not.toContain(answer);
});

test('the right answer (any case) verifies once; the same challenge cannot be verified again', async () => {
  const { captchaId, answer } = await challenge();
  const ok = await verify(captchaId, ` ${answer.toLowerCase()} `);
  expect(ok.status).toBe(200);
  expect(ok.body).toEqual({ message: 'CAPTCHA verified.' });
  const again = await verify(captchaId, answer);
  expect(again.status).toBe(400);
  expect(again.body.message).toBe('Invalid CAPTCHA!');
});

test('a wrong answer ends the challenge: even the right answer then fails', async () => {
  const { captchaId, answer } = await challenge();
  const wrong = await verify(captchaId, answer === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
  expect(wrong.status).toBe(400);
  expect(wrong.body.message).toBe('Invalid CAPTCHA!');
  expect((await verify(captchaId, answer)).status).toBe(400);
});

test('unknown, malformed, empty and expired challenges are invalid', async () => {
  expect((await verify('7d0c8a0e-7f0e-4a41-9d8c-3d0b1f6b2a11', 'ABCDEF')).body.message).toBe(
    'Invalid CAPTCHA!',
  );
  expect((await verify('not-an-id', 'ABCDEF')).body.message).toBe('Invalid CAPTCHA!');
  const { captchaId, answer } = await challenge();
  expect((await verify(captchaId, '')).status).toBe(400);
  t.advanceClock(10 * 60_000);
  expect((await verify(captchaId, answer)).status).toBe(400);
});

test('new challenges are capped per IP', async () => {
  t.advanceClock(60 * 60_000);
  for (let i = 0; i < 60; i += 1) await request(t.app).post('/api/captcha').expect(200);
  const over = await request(t.app).post('/api/captcha');
  expect(over.status).toBe(429);
  expect(over.body.message).toBe('Too many CAPTCHA requests. Please try again later.');
  expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  t.advanceClock(10 * 60_000);
  await request(t.app).post('/api/captcha').expect(200);
});

test('the drawing differs every time, even for the same text', () => {
  const text = randomCaptchaText();
  expect(text).toHaveLength(6);
  expect(drawCaptcha(text).equals(drawCaptcha(text))).toBe(false);
});
