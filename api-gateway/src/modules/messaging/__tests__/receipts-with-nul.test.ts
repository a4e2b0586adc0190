import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { hubSignature } from '../../../../test-support/fakes/whatsapp-cloud-api-fake';
import { termiiDeliveryReport, termiiSignature } from '../../../../test-support/fakes/termii-api-fake';

jest.setTimeout(60_000);

const APP_SECRET = 'test-app-secret-for-signatures';
const TERMII_SECRET = 'test-termii-secret-key';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WHATSAPP_APP_SECRET: APP_SECRET, TERMII_SECRET_KEY: TERMII_SECRET });
});
afterAll(() => t.close());

/** An outbox row the provider has taken (its id stored), as the delivery worker leaves it. */
async function sentRow(channel: 'whatsapp' | 'sms', providerMessageId: string): Promise<string> {
  const { rows } = await t.ctx.db.query<{ message_id: string }>(
    `INSERT INTO outbox (channel, recipient, body, status, provider, provider_message_id, sent_at)
     VALUES ($1, '+2348031234567', 'Your code', 'sent', $2, $3, now()) RETURNING message_id`,
    [channel, channel === 'sms' ? 'termii' : 'whatsapp-cloud', providerMessageId],
  );
  return rows[0].message_id;
}

const rowOf = async (messageId: string) =>
  (
    await t.ctx.db.query<{ delivery_status: string | null; last_error: string | null }>(
      'SELECT delivery_status, last_error FROM outbox WHERE message_id = $1',
      [messageId],
    )
  ).rows[0];

function whatsAppFailure(id: string, title: string): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '1',
        changes: [
          {
            field: 'messages',
            value: {
              statuses: [
                {
                  id,
                  status: 'failed',
                  timestamp: '1796000000',
                  errors: [{ code: 131026, title, message: title }],
                },
              ],
            },
          },
        ],
      },
    ],
  });
}

const postWhatsApp = (body: string) =>
  request(t.app)
    .post('/api/webhooks/whatsapp')
    .set('Content-Type', 'application/json')
    .set('X-Hub-Signature-256', hubSignature(body, APP_SECRET))
    .send(body);
const postTermii = (body: string) =>
  request(t.app)
    .post('/api/webhooks/termii')
    .set('Content-Type', 'application/json')
    .set('X-Termii-Signature', termiiSignature(body, TERMII_SECRET))
    .send(body);

describe('signed receipts holding a NUL never answer 5xx (issue 48)', () => {
  test('WhatsApp: a NUL in the id is ignored (2xx); a NUL in the error text is kept as a space', async () => {
    const ignored = await postWhatsApp(whatsAppFailure('wamid.\u0000evil', 'Undeliverable'));
    expect(ignored.status).toBe(200);
    const kept = await t.ctx.db.query(
      `SELECT 1 FROM early_delivery_receipts WHERE provider_message_id LIKE 'wamid.%'`,
    );
    expect(kept.rows).toEqual([]);

    const messageId = await sentRow('whatsapp', 'wamid.nul-text');
    const res = await postWhatsApp(whatsAppFailure('wamid.nul-text', 'Message\u0000undeliverable'));
    expect(res.status).toBe(200);
    expect(await rowOf(messageId)).toEqual({
      delivery_status: 'failed',
      last_error: 'WhatsApp receipt: failed: code 131026: Message undeliverable',
    });
    // An early receipt (its id not stored yet) with a NUL in the text is kept, cleaned, too.
    expect((await postWhatsApp(whatsAppFailure('wamid.later', 'Bad\u0000\u0001text'))).status).toBe(200);
    expect(
      (
        await t.ctx.db.query<{ failure: string }>(
          `SELECT failure FROM early_delivery_receipts WHERE provider_message_id = 'wamid.later'`,
        )
      ).rows,
    ).toEqual([{ failure: 'WhatsApp receipt: failed: code 131026: Bad  text' }]);
    // Still serving.
    expect((await request(t.app).get('/api/health')).status).toBe(200);
  });

  test('Termii: a NUL in the message_id is ignored; a NUL in the status text is kept as a space', async () => {
    const ignored = await postTermii(
      termiiDeliveryReport({ messageId: '3017\u00005', status: 'Message Failed' }),
    );
    expect(ignored.status).toBe(200);
    const messageId = await sentRow('sms', '3017544054459');
    const res = await postTermii(
      termiiDeliveryReport({ messageId: '3017544054459', status: 'Message Failed\u0000 by operator' }),
    );
    expect(res.status).toBe(200);
    expect(await rowOf(messageId)).toEqual({
      delivery_status: 'failed',
      last_error: 'Termii delivery report: Message Failed  by operator',
    });
  });
});
