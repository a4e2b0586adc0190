import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { enqueueMessage } from '../../messaging/outbox';

describe('outside production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('GET /api/dev/outbox?to= lists recent messages to that recipient, newest first', async () => {
    await enqueueMessage(t.ctx.db, {
      channel: 'email',
      recipient: 'reader@example.com',
      subject: 'One',
      body: 'first',
    });
    await enqueueMessage(t.ctx.db, {
      channel: 'email',
      recipient: 'someone-else@example.com',
      subject: 'X',
      body: 'other',
    });
    await enqueueMessage(t.ctx.db, {
      channel: 'email',
      recipient: 'Reader@Example.com',
      subject: 'Two',
      body: 'second',
    });
    await enqueueMessage(t.ctx.db, { channel: 'whatsapp', recipient: '+2348030000000', body: 'code 123456' });

    const res = await request(t.app).get('/api/dev/outbox').query({ to: 'reader@example.com' });
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m: { body: string }) => m.body)).toEqual(['second', 'first']);
    expect(res.body.messages[0]).toEqual({
      messageId: expect.any(Number),
      channel: 'email',
      recipient: 'Reader@Example.com',
      subject: 'Two',
      body: 'second',
      status: 'pending',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const whatsapp = await request(t.app).get('/api/dev/outbox').query({ to: '+2348030000000' });
    expect(whatsapp.body.messages).toHaveLength(1);
  });

  test('`to` is required', async () => {
    const res = await request(t.app).get('/api/dev/outbox');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please provide to.');
  });

  test('GET /api/dev/captcha/{id} gives the answer; unknown ids are 404', async () => {
    const { body } = await request(t.app).post('/api/captcha');
    const res = await request(t.app).get(`/api/dev/captcha/${body.captchaId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ captchaId: body.captchaId, answer: expect.stringMatching(/^[A-Z0-9]{6}$/) });
    expect((await request(t.app).get('/api/dev/captcha/3f0c8a0e-7f0e-4a41-9d8c-3d0b1f6b2a11')).status).toBe(
      404,
    );
    expect((await request(t.app).get('/api/dev/captcha/nope')).status).toBe(404);
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
  });
  afterAll(() => t.close());

  test('the dev routes do not exist', async () => {
    expect(t.ctx.config.isProduction).toBe(true);
    await enqueueMessage(t.ctx.db, {
      channel: 'email',
      recipient: 'prod@example.com',
      subject: 'S',
      body: 'secret 123456',
    });
    const outbox = await request(t.app).get('/api/dev/outbox').query({ to: 'prod@example.com' });
    expect(outbox.status).toBe(404);
    expect(outbox.body).toEqual({ message: 'No such call: GET /api/dev/outbox' });
    const { body } = await request(t.app).post('/api/captcha').expect(200);
    const captcha = await request(t.app).get(`/api/dev/captcha/${body.captchaId}`);
    expect(captcha.status).toBe(404);
  });

  test('and no captcha answer is kept in clear', async () => {
    const { body } = await request(t.app).post('/api/captcha').expect(200);
    const { rows } = await t.ctx.db.query<{ dev_answer: string | null }>(
      'SELECT dev_answer FROM captcha_challenges WHERE captcha_id = $1',
      [body.captchaId],
    );
    expect(rows[0].dev_answer).toBeNull();
  });
});
