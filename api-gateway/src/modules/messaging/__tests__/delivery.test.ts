import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { deliverDueMessages, MAX_DELIVERY_ATTEMPTS, startOutboxWorker } from '../delivery-worker';
import { enqueueMessage } from '../outbox';
import type { EmailMessage, Transports, WhatsAppMessage } from '../transports';
import { createTransports, LogTransport, SmtpEmailTransport } from '../transports';

interface Received {
  to: string[];
  data: string;
}

/** A real SMTP server on a free port; recipients starting with "reject" are refused with 550. */
async function startSmtpServer(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('reject')) return callback(new Error('550 Mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, received };
}

async function outboxRow(t: TestApp, messageId: number) {
  const { rows } = await t.ctx.db.query<{
    status: string;
    attempts: number;
    last_error: string | null;
    sent_at: Date | null;
    next_attempt_at: Date;
  }>('SELECT status, attempts, last_error, sent_at, next_attempt_at FROM outbox WHERE message_id = $1', [
    messageId,
  ]);
  return rows[0];
}

describe('SMTP transport (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  let transports: Transports;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_FROM: 'Portal <no-reply@portal.test>',
    });
    transports = createTransports(t.ctx);
  });
  afterAll(async () => {
    transports.email.close?.();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    await t.close();
  });

  test('is chosen when SMTP_URL is set and delivers the outbox', async () => {
    expect(transports.email).toBeInstanceOf(SmtpEmailTransport);
    const id = await enqueueMessage(t.ctx.db, {
      channel: 'email',
      recipient: 'ada@example.com',
      subject: 'Hello Ada',
      body: 'Body text 42',
    });
    const report = await deliverDueMessages(t.ctx, transports);
    expect(report).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual(['ada@example.com']);
    expect(mail?.data).toContain('Subject: Hello Ada');
    expect(mail?.data).toContain('From: Portal <no-reply@portal.test>');
    expect(mail?.data).toContain('Body text 42');
    expect(await outboxRow(t, id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      last_error: null,
      sent_at: expect.any(Date),
    });
    expect((await deliverDueMessages(t.ctx, transports)).sent).toBe(0);
  });

  test('an OTP of the registration reaches the mailbox', async () => {
    await request(t.app)
      .post('/api/affiliate/send-email-otp')
      .send({ email: 'smtp-otp@example.com' })
      .expect(200);
    await deliverDueMessages(t.ctx, transports);
    const mail = smtp.received.find((m) => m.to.includes('smtp-otp@example.com'));
    expect(mail?.data).toMatch(/Your verification code is \d{6}\./);
  });

  test('a name with markup stored before names were checked reaches the mailbox as plain text only', async () => {
    const probe = 'Probe <img src=x onerror=alert(1)><script>alert(1)</script>';
    const affiliate = await createAffiliate(t.ctx.db, { fullName: probe, email: 'probe@example.com' });
    const admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
    await request(t.app)
      .post('/api/backoffice/affiliate/kyc')
      .set('Authorization', admin)
      .send({ affiliateID: affiliate.affiliateId, isActive: true })
      .expect(200);
    await deliverDueMessages(t.ctx, transports);
    const mail = smtp.received.find((m) => m.to.includes('probe@example.com'));
    expect(mail?.data).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(mail?.data).not.toMatch(/text\/html|multipart\//i);
    // As text the name is shown as typed, never interpreted.
    expect(mail?.data).toContain(`Hello ${probe},`);
  });

  test('a refused message is retried with backoff, then failed after the last attempt', async () => {
    const id = await enqueueMessage(t.ctx.db, {
      channel: 'email',
      recipient: 'reject@example.com',
      subject: 'S',
      body: 'B',
    });
    expect(await deliverDueMessages(t.ctx, transports)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const first = await outboxRow(t, id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.last_error).toContain('550');
    expect(new Date(first.next_attempt_at).getTime() - t.ctx.now().getTime()).toBeGreaterThan(25_000);
    // Not due yet: nothing is sent.
    expect(await deliverDueMessages(t.ctx, transports)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    for (let attempt = 2; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
      t.advanceClock(10 * 60_000);
      await deliverDueMessages(t.ctx, transports);
    }
    expect(await outboxRow(t, id)).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
    t.advanceClock(60 * 60_000);
    expect(await deliverDueMessages(t.ctx, transports)).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });
});

describe('log transports (default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('are chosen without SMTP_URL and deliver email and WhatsApp', async () => {
    const transports = createTransports(t.ctx);
    expect(transports.email).toBeInstanceOf(LogTransport);
    expect((transports.email as LogTransport).channel).toBe('email');
    expect(transports.whatsapp).toBeInstanceOf(LogTransport);
    expect((transports.whatsapp as LogTransport).channel).toBe('whatsapp');
    await enqueueMessage(t.ctx.db, {
      channel: 'email',
      recipient: 'log@example.com',
      subject: 'S',
      body: 'B',
    });
    await enqueueMessage(t.ctx.db, { channel: 'whatsapp', recipient: '+2348030000001', body: 'W' });
    expect(await deliverDueMessages(t.ctx, transports)).toEqual({ sent: 2, retrying: 0, failed: 0 });
  });

  test('print the body outside production and withhold it in production', async () => {
    const info = jest.fn();
    await new LogTransport('email', { info }, false).send({
      to: 'a@b.c',
      subject: 'Code',
      text: 'Your code is 123456',
    });
    expect(info.mock.calls[0][0]).toMatchObject({
      to: 'a@b.c',
      subject: 'Code',
      body: 'Your code is 123456',
    });
    await new LogTransport('email', { info }, true).send({
      to: 'a@b.c',
      subject: 'Code',
      text: 'Your code is 123456',
    });
    expect(JSON.stringify(info.mock.calls[1])).not.toContain('123456');
    await new LogTransport('whatsapp', { info }, true).send({ to: '+234', text: 'Your code is 654321' });
    expect(JSON.stringify(info.mock.calls[2])).not.toContain('654321');
  });

  test('the background worker polls and delivers in order until stopped', async () => {
    const sent: string[] = [];
    const transports: Transports = {
      email: { name: 'memory', send: async (m: EmailMessage) => void sent.push(m.text) },
      whatsapp: { name: 'memory', send: async (m: WhatsAppMessage) => void sent.push(m.text) },
    };
    await deliverDueMessages(t.ctx, createTransports(t.ctx));
    await enqueueMessage(t.ctx.db, {
      channel: 'email',
      recipient: 'w@example.com',
      subject: 'S',
      body: 'one',
    });
    await enqueueMessage(t.ctx.db, { channel: 'whatsapp', recipient: '+2348030000002', body: 'two' });
    const stop = startOutboxWorker(t.ctx, transports, 20);
    const deadline = Date.now() + 10_000;
    while (sent.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await stop();
    expect(sent).toEqual(['one', 'two']);
  });

  test('stopped mid-pass, the worker finishes the message it is sending and puts the rest back at once', async () => {
    await deliverDueMessages(t.ctx, createTransports(t.ctx));
    const sent: string[] = [];
    let releaseFirst!: () => void;
    let firstStarted!: () => void;
    const sending = new Promise<void>((resolve) => (firstStarted = resolve));
    const transports: Transports = {
      email: {
        name: 'slow',
        send: async (m: EmailMessage) => {
          if (sent.length === 0) {
            firstStarted();
            await new Promise<void>((resolve) => (releaseFirst = resolve));
          }
          sent.push(m.text);
        },
      },
      whatsapp: { name: 'memory', send: async (m: WhatsAppMessage) => void sent.push(m.text) },
    };
    const ids = [];
    for (const body of ['first', 'second', 'third'])
      ids.push(
        await enqueueMessage(t.ctx.db, {
          channel: 'email',
          recipient: 'stop@example.com',
          subject: 'S',
          body,
        }),
      );
    const stop = startOutboxWorker(t.ctx, transports, 60_000);
    await sending;
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    releaseFirst();
    await stopping;
    expect(sent).toEqual(['first']);
    const { rows } = await t.ctx.db.query<{ status: string; due: boolean }>(
      `SELECT status, CASE WHEN status = 'pending' THEN next_attempt_at <= now() END AS due
         FROM outbox WHERE message_id = ANY($1) ORDER BY message_id`,
      [ids],
    );
    // Not held for the lease's minute: the next process sends them straight away.
    expect(rows).toEqual([
      { status: 'sent', due: null },
      { status: 'pending', due: true },
      { status: 'pending', due: true },
    ]);
  });
});
