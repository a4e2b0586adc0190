import request from 'supertest';
import { RegistrationMessages } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createStaffUser } from '../../../../test-support/affiliate-fixtures';
import { newBrowser, NIGERIA, verifyEmail, type Agent } from '../../../../test-support/registration-flow';
import {
  hubSignature,
  startWhatsAppCloudFake,
  statusNotification,
  type WhatsAppCloudFake,
} from '../../../../test-support/fakes/whatsapp-cloud-api-fake';
import {
  startTermiiFake,
  termiiDeliveryReport,
  termiiSignature,
  type TermiiFake,
} from '../../../../test-support/fakes/termii-api-fake';
import { deliverDueMessages, MAX_DELIVERY_ATTEMPTS } from '../delivery-worker';
import { queueSmsFallbacks } from '../sms-fallback';
import { createTransports, type Transports } from '../transports';

jest.setTimeout(60_000);

const APP_SECRET = 'test-app-secret-for-signatures';
const VERIFY_TOKEN = 'test-verify-token';
const TERMII_SECRET = 'test-termii-secret-key';

interface Row {
  message_id: string;
  channel: string;
  status: string;
  attempts: number;
  provider: string | null;
  provider_message_id: string | null;
  delivery_status: string | null;
  delivery_status_at: Date | null;
  user_error: string | null;
  last_error: string | null;
  fallback_of: string | null;
  body: string;
  otp_code: string | null;
}

async function rowsFor(t: TestApp, recipient: string): Promise<Row[]> {
  const { rows } = await t.ctx.db.query<Row>(
    `SELECT message_id, channel, status, attempts, provider, provider_message_id, delivery_status, delivery_status_at,
            user_error, last_error, fallback_of, body, otp_code
       FROM outbox WHERE recipient = $1 ORDER BY message_id`,
    [recipient],
  );
  return rows;
}

let numberSeed = 8031000000;
/** A fresh Nigerian number per test, so the per-number send caps never meet. */
function freshNumber(): { local: string; international: string; digits: string } {
  numberSeed += 1;
  const local = String(numberSeed);
  return { local, international: `+234${local}`, digits: `234${local}` };
}

let emailSeed = 0;
/** Registers up to the mobile code: email verified, send-mobile-otp answered. */
async function requestMobileCode(t: TestApp, local: string): Promise<{ browser: Agent; email: string }> {
  emailSeed += 1;
  const email = `wa-${emailSeed}-${Date.now()}@example.com`;
  const browser = newBrowser(t);
  await verifyEmail(t, browser, email);
  const sent = await browser
    .post('/api/affiliate/send-mobile-otp')
    .send({ email, countryID: NIGERIA.countryID, mobileNumber: local });
  expect(sent.status).toBe(200);
  return { browser, email };
}

async function postNotification(t: TestApp, body: string, signature?: string) {
  const call = request(t.app).post('/api/webhooks/whatsapp').set('Content-Type', 'application/json');
  if (signature !== undefined) call.set('X-Hub-Signature-256', signature);
  return call.send(body);
}

describe('WhatsApp Cloud API with SMS fallback (fakes of Meta and Termii)', () => {
  let meta: WhatsAppCloudFake;
  let termii: TermiiFake;
  let t: TestApp;
  let transports: Transports;

  beforeAll(async () => {
    meta = await startWhatsAppCloudFake();
    termii = await startTermiiFake();
    t = await createTestApp({
      ...meta.env(),
      ...termii.env(),
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN,
      TERMII_SECRET_KEY: TERMII_SECRET,
      SMS_FALLBACK_SECONDS: '60',
      // Generous: a loaded machine must not turn an answer into a timeout; 'hang' waits it out.
      PROVIDER_TIMEOUT_MS: '5000',
    });
    transports = createTransports(t.ctx);
  });
  afterAll(async () => {
    await t.close();
    await meta.close();
    await termii.close();
  });
  // The hourly send caps per IP count every test's sends: each test starts in a fresh hour.
  beforeEach(() => t.advanceClock(61 * 60_000));

  test('the code goes as the authentication template with a copy-code button, and the wamid is kept', async () => {
    const number = freshNumber();
    await requestMobileCode(t, number.local);
    expect(await deliverDueMessages(t.ctx, transports)).toMatchObject({ retrying: 0, failed: 0 });
    const call = meta.received.filter((r) => (r.body as { to?: string })?.to === number.digits).at(-1);
    expect(call?.path).toBe(`/${meta.phoneNumberId}/messages`);
    expect(call?.headers.authorization).toBe(`Bearer ${meta.accessToken}`);
    const [row] = await rowsFor(t, number.international);
    const code = row.otp_code as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(call?.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: number.digits,
      type: 'template',
      template: {
        name: 'affiliate_portal_code',
        language: { code: 'en' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: code }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
        ],
      },
    });
    expect(row).toMatchObject({ status: 'sent', provider: 'meta', attempts: 1 });
    expect(row.provider_message_id).toBe(meta.accepted.at(-1)?.wamid);
  });

  test("a number that is not on WhatsApp (131026) fails at once and the code goes once by SMS on Termii's DND route", async () => {
    const number = freshNumber();
    meta.setMode(number.digits, 'not-on-whatsapp');
    const { browser, email } = await requestMobileCode(t, number.local);
    // The failure queues the SMS at the end of the pass; the next pass (2 s later in a server) sends it.
    await deliverDueMessages(t.ctx, transports);
    await deliverDueMessages(t.ctx, transports);
    const rows = await rowsFor(t, number.international);
    expect(rows.map((r) => [r.channel, r.status])).toEqual([
      ['whatsapp', 'failed'],
      ['sms', 'sent'],
    ]);
    expect(rows[0]).toMatchObject({ attempts: 1, user_error: RegistrationMessages.whatsappUndeliverable });
    expect(rows[0].last_error).toContain('131026');
    expect(rows[1]).toMatchObject({ fallback_of: rows[0].message_id, provider: 'termii' });
    const sms = termii.accepted.filter((m) => m.to === number.digits);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ channel: 'dnd', from: 'Portal' });
    // The same live code as the WhatsApp message, and it verifies.
    expect(sms[0].sms).toContain(rows[0].otp_code as string);
    expect(rows[1].provider_message_id).toBe(sms[0].messageId);
    const status = await browser.post('/api/affiliate/mobile-otp-status').send({ email });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      channel: 'sms',
      state: 'sent',
      message: `We sent the code by SMS to +234*******${number.local.slice(-3)}.`,
    });
    // More passes send nothing more.
    t.advanceClock(10 * 60_000 - 60_000);
    await deliverDueMessages(t.ctx, transports);
    expect(termii.accepted.filter((m) => m.to === number.digits)).toHaveLength(1);
    const verified = await browser
      .post('/api/affiliate/verify-mobile-otp')
      .send({ email, countryID: NIGERIA.countryID, mobileNumber: number.local, otp: rows[0].otp_code });
    expect(verified.status).toBe(200);
  });

  test('a code WhatsApp took but did not deliver within SMS_FALLBACK_SECONDS goes once by SMS; not before', async () => {
    const number = freshNumber();
    const { browser, email } = await requestMobileCode(t, number.local);
    await deliverDueMessages(t.ctx, transports);
    t.advanceClock(30_000);
    await deliverDueMessages(t.ctx, transports);
    expect(termii.accepted.filter((m) => m.to === number.digits)).toHaveLength(0);
    expect((await browser.post('/api/affiliate/mobile-otp-status').send({ email })).body).toMatchObject({
      channel: 'whatsapp',
      message: RegistrationMessages.mobileOtpSent,
    });
    t.advanceClock(31_000);
    await deliverDueMessages(t.ctx, transports);
    await deliverDueMessages(t.ctx, transports);
    expect(termii.accepted.filter((m) => m.to === number.digits)).toHaveLength(1);
    const rows = await rowsFor(t, number.international);
    expect(rows.map((r) => [r.channel, r.status])).toEqual([
      ['whatsapp', 'sent'],
      ['sms', 'sent'],
    ]);
    expect(rows[1].body).toBe(rows[0].body);
  });

  test('a code delivered in time does not fall back; nor does a code a resend replaced', async () => {
    const delivered = freshNumber();
    await requestMobileCode(t, delivered.local);
    await deliverDueMessages(t.ctx, transports);
    const [row] = await rowsFor(t, delivered.international);
    const body = statusNotification([{ id: row.provider_message_id as string, status: 'delivered' }]);
    expect((await postNotification(t, body, hubSignature(body, APP_SECRET))).status).toBe(200);

    const replaced = freshNumber();
    meta.setMode(replaced.digits, 'hang');
    const { browser, email } = await requestMobileCode(t, replaced.local);
    await deliverDueMessages(t.ctx, transports);
    t.advanceClock(31_000);
    meta.setMode(replaced.digits, 'accept');
    expect((await browser.post('/api/affiliate/resend-mobile-otp').send({ email })).status).toBe(200);
    await deliverDueMessages(t.ctx, transports);
    const body2 = statusNotification([
      {
        id: (await rowsFor(t, replaced.international)).at(-1)?.provider_message_id as string,
        status: 'read',
      },
    ]);
    expect((await postNotification(t, body2, hubSignature(body2, APP_SECRET))).status).toBe(200);

    t.advanceClock(5 * 60_000);
    await deliverDueMessages(t.ctx, transports);
    expect(termii.accepted.filter((m) => [delivered.digits, replaced.digits].includes(m.to))).toHaveLength(0);
  });

  test('WhatsApp down for good: retries until the fallback is due, then one SMS and no more WhatsApp calls', async () => {
    const number = freshNumber();
    meta.setMode(number.digits, 'server-error');
    await requestMobileCode(t, number.local);
    for (let pass = 0; pass < MAX_DELIVERY_ATTEMPTS + 2; pass += 1) {
      await deliverDueMessages(t.ctx, transports);
      t.advanceClock(35_000);
    }
    const rows = await rowsFor(t, number.international);
    expect(rows.map((r) => [r.channel, r.status])).toEqual([
      ['whatsapp', 'failed'],
      ['sms', 'sent'],
    ]);
    expect(termii.accepted.filter((m) => m.to === number.digits)).toHaveLength(1);
    const callsAfter = meta.received.length;
    t.advanceClock(5 * 60_000);
    await deliverDueMessages(t.ctx, transports);
    expect(meta.received.length).toBe(callsAfter);
  });

  test('two workers racing for the same fallback queue one SMS (the database decides)', async () => {
    const number = freshNumber();
    await requestMobileCode(t, number.local);
    await deliverDueMessages(t.ctx, transports);
    t.advanceClock(61_000);
    const queued = await Promise.all([
      queueSmsFallbacks(t.ctx),
      queueSmsFallbacks(t.ctx),
      queueSmsFallbacks(t.ctx),
    ]);
    expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
    // Even with the due mark put back, the unique fallback_of refuses a second SMS row.
    await t.ctx.db.query(
      `UPDATE outbox SET fallback_due_at = $2 WHERE recipient = $1 AND channel = 'whatsapp'`,
      [number.international, t.ctx.now()],
    );
    expect(await queueSmsFallbacks(t.ctx)).toBe(0);
    expect((await rowsFor(t, number.international)).filter((r) => r.channel === 'sms')).toHaveLength(1);
  });

  describe('status webhook', () => {
    test('GET answers the verify challenge only with the verify token', async () => {
      const ok = await request(t.app)
        .get('/api/webhooks/whatsapp')
        .query({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1158201444' });
      expect(ok.status).toBe(200);
      expect(ok.text).toBe('1158201444');
      for (const query of [
        { 'hub.mode': 'subscribe', 'hub.verify_token': 'wrong', 'hub.challenge': '1' },
        { 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' },
        { 'hub.mode': 'subscribe', 'hub.challenge': '1' },
        { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '<script>' },
      ]) {
        const refused = await request(t.app).get('/api/webhooks/whatsapp').query(query);
        expect(refused.status).toBe(403);
        expect(typeof refused.body.message).toBe('string');
      }
    });

    test('POST without, or with a wrong, signature is 401 and changes nothing; a valid one applies', async () => {
      const number = freshNumber();
      await requestMobileCode(t, number.local);
      await deliverDueMessages(t.ctx, transports);
      const [row] = await rowsFor(t, number.international);
      const body = statusNotification([{ id: row.provider_message_id as string, status: 'delivered' }]);
      const wrongSecret = hubSignature(body, 'another-secret');
      const tampered = hubSignature(body.replace('delivered', 'read'), APP_SECRET);
      for (const signature of [undefined, '', 'sha256=', wrongSecret, tampered, `sha1=${'0'.repeat(40)}`]) {
        const res = await postNotification(t, body, signature);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ message: 'Invalid signature.' });
      }
      expect((await rowsFor(t, number.international))[0].delivery_status).toBeNull();
      const ok = await postNotification(t, body, hubSignature(body, APP_SECRET));
      expect(ok.status).toBe(200);
      expect((await rowsFor(t, number.international))[0].delivery_status).toBe('delivered');
      // Signed but not JSON: 400, nothing else.
      const notJson = '{"entry": [';
      expect((await postNotification(t, notJson, hubSignature(notJson, APP_SECRET))).status).toBe(400);
    });

    test('repeated and reordered receipts change nothing twice: sent < delivered < read, failed only before delivery', async () => {
      const number = freshNumber();
      await requestMobileCode(t, number.local);
      await deliverDueMessages(t.ctx, transports);
      const [row] = await rowsFor(t, number.international);
      const id = row.provider_message_id as string;
      const send = async (status: 'sent' | 'delivered' | 'read' | 'failed', timestamp: number) => {
        const body = statusNotification([
          { id, status, timestamp, errorCode: status === 'failed' ? 131026 : undefined },
        ]);
        expect((await postNotification(t, body, hubSignature(body, APP_SECRET))).status).toBe(200);
        return (await rowsFor(t, number.international))[0];
      };
      const base = 1_790_000_000;
      expect((await send('delivered', base + 2)).delivery_status).toBe('delivered');
      const afterDelivered = (await rowsFor(t, number.international))[0].delivery_status_at;
      expect((await send('sent', base + 1)).delivery_status).toBe('delivered');
      const repeated = await send('delivered', base + 2);
      expect(repeated.delivery_status_at).toEqual(afterDelivered);
      expect((await send('failed', base + 3)).delivery_status).toBe('delivered');
      expect((await send('read', base + 4)).delivery_status).toBe('read');
      expect((await send('delivered', base + 5)).delivery_status).toBe('read');
      expect((await rowsFor(t, number.international)).filter((r) => r.channel === 'sms')).toHaveLength(0);
    });

    /**
     * Meta's webhook can beat the send call's answer: the receipt names a wamid no row carries yet. Issue 27
     * ignored it, so the row stayed 'no receipt' (and an OTP fell back to SMS though WhatsApp delivered it).
     */
    describe('a receipt that arrives before the wamid is stored', () => {
      /** Transports whose WhatsApp send lets `during` post receipts after Meta took the message, before it answers. */
      const receiptsDuringSend = (during: (wamid: string) => Promise<void>): Transports => ({
        ...transports,
        whatsapp: {
          name: transports.whatsapp.name,
          send: async (message) => {
            const result = await transports.whatsapp.send(message);
            if (result?.providerMessageId) await during(result.providerMessageId);
            return result;
          },
        },
      });
      const postSigned = async (body: string) => {
        const res = await postNotification(t, body, hubSignature(body, APP_SECRET));
        expect(res.status).toBe(200);
      };
      const kept = async () =>
        Number(
          (await t.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM early_delivery_receipts')).rows[0]
            .n,
        );

      test('the receipt first, then the send: the row ends delivered, the kept receipt is gone, no SMS', async () => {
        const number = freshNumber();
        await requestMobileCode(t, number.local);
        let keptMeanwhile = -1;
        await deliverDueMessages(
          t.ctx,
          receiptsDuringSend(async (wamid) => {
            await postSigned(
              statusNotification([
                { id: wamid, status: 'sent', timestamp: 1_790_000_001 },
                { id: wamid, status: 'delivered', timestamp: 1_790_000_002 },
              ]),
            );
            keptMeanwhile = await kept();
          }),
        );
        expect(keptMeanwhile).toBe(2);
        const [row] = await rowsFor(t, number.international);
        expect(row).toMatchObject({ status: 'sent', delivery_status: 'delivered' });
        expect(row.delivery_status_at).toEqual(new Date(1_790_000_002 * 1000));
        expect(await kept()).toBe(0);
        // Delivered: nothing falls back when the fallback time comes.
        t.advanceClock(120_000);
        await deliverDueMessages(t.ctx, transports);
        expect((await rowsFor(t, number.international)).map((r) => r.channel)).toEqual(['whatsapp']);
      });

      test('early receipts apply forward only: read before delivered stays read; a stale failure is ignored', async () => {
        const number = freshNumber();
        await requestMobileCode(t, number.local);
        await deliverDueMessages(
          t.ctx,
          receiptsDuringSend(async (wamid) => {
            for (const [status, timestamp] of [
              ['read', 1_790_000_003],
              ['delivered', 1_790_000_002],
              ['failed', 1_790_000_004],
              ['read', 1_790_000_003],
            ] as const) {
              await postSigned(statusNotification([{ id: wamid, status, timestamp }]));
            }
          }),
        );
        const [row] = await rowsFor(t, number.international);
        expect(row.delivery_status).toBe('read');
        expect(row.delivery_status_at).toEqual(new Date(1_790_000_003 * 1000));
        expect(row.user_error).toBeNull();
        expect(await kept()).toBe(0);
      });

      test('an early failed receipt (131026) applies when the wamid is stored and the code goes once by SMS', async () => {
        const number = freshNumber();
        const { browser, email } = await requestMobileCode(t, number.local);
        await deliverDueMessages(
          t.ctx,
          receiptsDuringSend((wamid) =>
            postSigned(statusNotification([{ id: wamid, status: 'failed', errorCode: 131026 }])),
          ),
        );
        const rows = await rowsFor(t, number.international);
        expect(rows.map((r) => r.channel)).toEqual(['whatsapp', 'sms']);
        expect(rows[0]).toMatchObject({
          delivery_status: 'failed',
          user_error: RegistrationMessages.whatsappUndeliverable,
        });
        await deliverDueMessages(t.ctx, transports);
        expect(termii.accepted.filter((m) => m.to === number.digits)).toHaveLength(1);
        expect((await browser.post('/api/affiliate/mobile-otp-status').send({ email })).body.channel).toBe(
          'sms',
        );
      });

      test('receipt and stored wamid racing: every row ends delivered, whatever came first', async () => {
        const numbers = Array.from({ length: 6 }, () => freshNumber());
        for (const number of numbers) await requestMobileCode(t, number.local);
        const posts: Promise<void>[] = [];
        // The notification is posted while the worker stores the wamid, not awaited by the send.
        await deliverDueMessages(
          t.ctx,
          receiptsDuringSend(async (wamid) => {
            posts.push(postSigned(statusNotification([{ id: wamid, status: 'delivered' }])));
            await new Promise((resolve) => setImmediate(resolve));
          }),
        );
        await Promise.all(posts);
        for (const number of numbers) {
          expect((await rowsFor(t, number.international))[0].delivery_status).toBe('delivered');
        }
        expect(await kept()).toBe(0);
      });

      test('a receipt for a wamid no row ever gets is dropped after a day', async () => {
        await postSigned(statusNotification([{ id: 'wamid.NEVER-OURS', status: 'delivered' }]));
        expect(await kept()).toBe(1);
        t.advanceClock(25 * 60 * 60_000);
        await deliverDueMessages(t.ctx, transports);
        expect(await kept()).toBe(0);
      });
    });

    test('a failed receipt (131026) falls back to SMS at once, once, even when repeated', async () => {
      const number = freshNumber();
      const { browser, email } = await requestMobileCode(t, number.local);
      await deliverDueMessages(t.ctx, transports);
      const [row] = await rowsFor(t, number.international);
      const body = statusNotification([
        { id: row.provider_message_id as string, status: 'sent' },
        { id: row.provider_message_id as string, status: 'failed', errorCode: 131026 },
      ]);
      for (let i = 0; i < 3; i += 1) {
        expect((await postNotification(t, body, hubSignature(body, APP_SECRET))).status).toBe(200);
      }
      const rows = await rowsFor(t, number.international);
      expect(rows.map((r) => r.channel)).toEqual(['whatsapp', 'sms']);
      expect(rows[0]).toMatchObject({
        delivery_status: 'failed',
        user_error: RegistrationMessages.whatsappUndeliverable,
      });
      await deliverDueMessages(t.ctx, transports);
      expect(termii.accepted.filter((m) => m.to === number.digits)).toHaveLength(1);
      expect((await browser.post('/api/affiliate/mobile-otp-status').send({ email })).body.channel).toBe(
        'sms',
      );
    });
  });

  describe("Termii's delivery reports", () => {
    const postReport = (body: string, signature?: string) => {
      const call = request(t.app).post('/api/webhooks/termii').set('Content-Type', 'application/json');
      if (signature !== undefined) call.set('X-Termii-Signature', signature);
      return call.send(body);
    };
    /** A code that failed on WhatsApp and went by SMS; its SMS row. */
    const smsFallback = async () => {
      const number = freshNumber();
      meta.setMode(number.digits, 'not-on-whatsapp');
      const { browser, email } = await requestMobileCode(t, number.local);
      await deliverDueMessages(t.ctx, transports);
      await deliverDueMessages(t.ctx, transports);
      const sms = (await rowsFor(t, number.international)).find((r) => r.channel === 'sms') as Row;
      expect(sms).toMatchObject({ status: 'sent', provider: 'termii' });
      return { number, sms, browser, email };
    };
    const smsRow = async (recipient: string) =>
      (await rowsFor(t, recipient)).find((r) => r.channel === 'sms') as Row;

    test('without, or with a wrong, signature: 401 and nothing changed; signed: the SMS row is delivered', async () => {
      const { number, sms } = await smsFallback();
      const body = termiiDeliveryReport({
        messageId: sms.provider_message_id as string,
        status: 'DELIVERED | Message delivered to handset',
      });
      for (const signature of [
        undefined,
        '',
        termiiSignature(body, 'another-secret'),
        termiiSignature(body.replace('DELIVERED', 'Message Failed'), TERMII_SECRET),
        hubSignature(body, TERMII_SECRET),
      ]) {
        const res = await postReport(body, signature);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ message: 'Invalid signature.' });
      }
      expect((await smsRow(number.international)).delivery_status).toBeNull();
      expect((await postReport(body, termiiSignature(body, TERMII_SECRET))).status).toBe(200);
      const row = await smsRow(number.international);
      expect(row.delivery_status).toBe('delivered');
      expect(row.delivery_status_at).toEqual(new Date('2026-11-27T10:00:05Z'));
      const notJson = '{"message_id": ';
      expect((await postReport(notJson, termiiSignature(notJson, TERMII_SECRET))).status).toBe(400);
    });

    test('reports move forward only: a late Message Sent or Message Failed after DELIVERED changes nothing', async () => {
      const { number, sms } = await smsFallback();
      const post = async (status: string, sentAt: string) => {
        const body = termiiDeliveryReport({ messageId: sms.provider_message_id as string, status, sentAt });
        expect((await postReport(body, termiiSignature(body, TERMII_SECRET))).status).toBe(200);
        return smsRow(number.international);
      };
      expect((await post('Message Sent', '2026-11-27 10:00:01')).delivery_status).toBe('sent');
      expect((await post('Delivered', '2026-11-27 10:00:03')).delivery_status).toBe('delivered');
      expect((await post('Message Sent', '2026-11-27 10:00:02')).delivery_status).toBe('delivered');
      const last = await post('Message Failed', '2026-11-27 10:00:04');
      expect(last).toMatchObject({ delivery_status: 'delivered', user_error: null });
      expect(last.delivery_status_at).toEqual(new Date('2026-11-27T10:00:03Z'));
    });

    test('DND Active on the number: the SMS row fails and the OTP step says the code was not delivered', async () => {
      const { number, sms, browser, email } = await smsFallback();
      const body = termiiDeliveryReport({
        messageId: sms.provider_message_id as string,
        status: 'DND Active on Phone Number',
      });
      expect((await postReport(body, termiiSignature(body, TERMII_SECRET))).status).toBe(200);
      expect(await smsRow(number.international)).toMatchObject({
        delivery_status: 'failed',
        user_error: RegistrationMessages.codeNotDelivered,
        last_error: 'Termii delivery report: DND Active on Phone Number',
      });
      const status = await browser.post('/api/affiliate/mobile-otp-status').send({ email });
      expect(status.status).toBe(200);
      expect(JSON.stringify(status.body)).toContain(RegistrationMessages.codeNotDelivered);
    });

    test("a report that comes before Termii's answer is stored applies when the message_id is stored", async () => {
      const number = freshNumber();
      meta.setMode(number.digits, 'not-on-whatsapp');
      await requestMobileCode(t, number.local);
      await deliverDueMessages(t.ctx, transports);
      const sms = transports.sms as NonNullable<Transports['sms']>;
      await deliverDueMessages(t.ctx, {
        ...transports,
        sms: {
          name: sms.name,
          send: async (message) => {
            const result = await sms.send(message);
            const body = termiiDeliveryReport({
              messageId: result?.providerMessageId as string,
              status: 'Delivered',
            });
            expect((await postReport(body, termiiSignature(body, TERMII_SECRET))).status).toBe(200);
            return result;
          },
        },
      });
      expect((await smsRow(number.international)).delivery_status).toBe('delivered');
    });

    test('unknown statuses and inbound messages are accepted and change nothing', async () => {
      const { number, sms } = await smsFallback();
      for (const body of [
        termiiDeliveryReport({ messageId: sms.provider_message_id as string, status: 'Received' }),
        JSON.stringify({ type: 'inbound', message_id: sms.provider_message_id, status: 'Delivered' }),
        JSON.stringify({ status: 'Delivered' }),
      ]) {
        expect((await postReport(body, termiiSignature(body, TERMII_SECRET))).status).toBe(200);
      }
      expect((await smsRow(number.international)).delivery_status).toBeNull();
    });
  });

  test('staff see the outbox without bodies and the providers in /api/health; anonymous health is unchanged', async () => {
    const number = freshNumber();
    await requestMobileCode(t, number.local);
    await deliverDueMessages(t.ctx, transports);
    const admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
    const page = await request(t.app)
      .get('/api/admin/outbox')
      .query({ recipient: number.local, pageSize: 5 })
      .set('Authorization', admin);
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(1);
    expect(page.body.results[0]).toMatchObject({
      channel: 'whatsapp',
      recipient: number.international,
      purpose: 'otp',
      status: 'sent',
      provider: 'meta',
      attempts: 1,
    });
    expect(JSON.stringify(page.body)).not.toMatch(/verification code|body/i);
    const backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
    expect((await request(t.app).get('/api/admin/outbox').set('Authorization', backoffice)).status).toBe(403);
    expect(
      (await request(t.app).get('/api/admin/outbox').query({ pageSize: '101' }).set('Authorization', admin))
        .status,
    ).toBe(400);

    const health = await request(t.app).get('/api/health').set('Authorization', admin);
    expect(health.body.providers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          channel: 'whatsapp',
          name: 'meta',
          configured: true,
          lastSuccessAt: expect.any(String),
        }),
        expect.objectContaining({ channel: 'sms', name: 'termii', configured: true }),
      ]),
    );
    expect(JSON.stringify(health.body)).not.toContain(meta.accessToken);
    expect(JSON.stringify(health.body)).not.toContain(termii.apiKey);
    const anonymous = await request(t.app).get('/api/health');
    expect(anonymous.body).toEqual({ status: 'ok' });
  });
});

describe('WhatsApp without an SMS provider', () => {
  let meta: WhatsAppCloudFake;
  let t: TestApp;
  beforeAll(async () => {
    meta = await startWhatsAppCloudFake();
    t = await createTestApp({ ...meta.env(), PROVIDER_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await t.close();
    await meta.close();
  });

  test('a number not on WhatsApp is told so on the OTP step; nothing falls back', async () => {
    meta.setMode('2348039999001', 'not-on-whatsapp');
    const { browser, email } = await requestMobileCode(t, '8039999001');
    const transports = createTransports(t.ctx);
    expect(transports.sms).toBeUndefined();
    await deliverDueMessages(t.ctx, transports);
    t.advanceClock(5 * 60_000);
    await deliverDueMessages(t.ctx, transports);
    const rows = await rowsFor(t, '+2348039999001');
    expect(rows.map((r) => [r.channel, r.status])).toEqual([['whatsapp', 'failed']]);
    const status = await browser.post('/api/affiliate/mobile-otp-status').send({ email });
    expect(status.body).toEqual({
      channel: 'whatsapp',
      state: 'failed',
      message: RegistrationMessages.whatsappUndeliverable,
    });
  });

  test('rate limits, 5xx and timeouts are retried with the backoff; the code is accepted once whatever fails', async () => {
    meta.setMode('2348039999002', 'rate-limit', 'server-error', 'hang', 'accept');
    await requestMobileCode(t, '8039999002');
    const transports = createTransports(t.ctx);
    // The registration's email code is not what this test counts.
    await t.ctx.db.query(`UPDATE outbox SET status = 'sent' WHERE channel = 'email'`);
    const errors = [/130429/, /HTTP 500/, /no answer within 2000 ms/];
    for (const [attempt, error] of errors.entries()) {
      expect(await deliverDueMessages(t.ctx, transports)).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const [row] = await rowsFor(t, '+2348039999002');
      expect(row).toMatchObject({ status: 'pending', attempts: attempt + 1 });
      expect(row.last_error).toMatch(error);
      // Not due before its backoff.
      expect(await deliverDueMessages(t.ctx, transports)).toEqual({ sent: 0, retrying: 0, failed: 0 });
      t.advanceClock(30_000 * 2 ** attempt);
    }
    expect(await deliverDueMessages(t.ctx, transports)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    t.advanceClock(10 * 60_000);
    await deliverDueMessages(t.ctx, transports);
    expect(meta.accepted.filter((m) => m.to === '2348039999002')).toHaveLength(1);
    expect(meta.received.filter((m) => (m.body as { to?: string })?.to === '2348039999002')).toHaveLength(4);
    const [row] = await rowsFor(t, '+2348039999002');
    expect(row).toMatchObject({ status: 'sent', attempts: 4, last_error: null });
  });

  test('without WHATSAPP_APP_SECRET every notification is refused', async () => {
    const body = statusNotification([{ id: 'wamid.X', status: 'read' }]);
    expect((await postNotification(t, body, hubSignature(body, ''))).status).toBe(401);
    expect((await postNotification(t, body, hubSignature(body, 'anything'))).status).toBe(401);
  });
});
