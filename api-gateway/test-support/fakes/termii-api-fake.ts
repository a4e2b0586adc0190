import { createHmac } from 'node:crypto';
import type { FakeServer, ReceivedRequest } from './fake-http-server';
import { startFakeHttpServer } from './fake-http-server';

/**
 * A fake of Termii's messaging API (test code only), as documented: POST /api/sms/send with
 * { api_key, to, from, sms, type: 'plain', channel } answers { message_id, message: 'Successfully Sent',
 * balance, user }. A wrong api_key is refused (401); modes per recipient as for the WhatsApp fake.
 */
export type TermiiFakeMode = 'accept' | 'server-error' | 'hang';

export interface TermiiFake extends FakeServer {
  apiKey: string;
  setMode(to: string, ...modes: TermiiFakeMode[]): void;
  accepted: { to: string; sms: string; channel: string; from: string; messageId: string }[];
  env(extra?: Record<string, string>): Record<string, string>;
}

export async function startTermiiFake(options: { apiKey?: string } = {}): Promise<TermiiFake> {
  const apiKey = options.apiKey ?? 'fake-termii-api-key';
  const modes = new Map<string, TermiiFakeMode[]>();
  const accepted: TermiiFake['accepted'] = [];
  let counter = 0;
  const server = await startFakeHttpServer((request: ReceivedRequest) => {
    if (request.method !== 'POST' || request.path !== '/api/sms/send') {
      return { status: 404, body: { message: 'Not found' } };
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.api_key !== apiKey) return { status: 401, body: { message: 'Invalid API key' } };
    const to = String(body.to ?? '');
    if (!/^\d{6,15}$/.test(to) || typeof body.sms !== 'string' || body.type !== 'plain') {
      return { status: 400, body: { message: 'Invalid phone number or message' } };
    }
    const queue = modes.get(to);
    const mode = queue && queue.length > 1 ? (queue.shift() as TermiiFakeMode) : (queue?.[0] ?? 'accept');
    if (mode === 'server-error') return { status: 500, body: { message: 'Internal server error' } };
    if (mode === 'hang') return { status: 0, hang: true };
    counter += 1;
    const messageId = `3017${String(counter).padStart(14, '0')}`;
    accepted.push({
      to,
      sms: body.sms,
      channel: String(body.channel),
      from: String(body.from),
      messageId,
    });
    return {
      status: 200,
      body: {
        code: 'ok',
        message_id: messageId,
        message: 'Successfully Sent',
        balance: 9,
        user: 'Portal Test',
      },
    };
  });
  return {
    ...server,
    apiKey,
    accepted,
    setMode: (to, ...list) => modes.set(to.replace(/^\+/, ''), list.length ? list : ['accept']),
    env: (extra = {}) => ({
      SMS_PROVIDER: 'termii',
      TERMII_BASE_URL: server.url,
      TERMII_API_KEY: apiKey,
      TERMII_SENDER_ID: 'Portal',
      ...extra,
    }),
  };
}

/**
 * A delivery report as Termii posts it to the webhook ("Events and Reports": type, message_id, receiver, sender,
 * message, sent_at, cost, status, channel), as the JSON text that is signed.
 */
export function termiiDeliveryReport(report: {
  messageId: string;
  status: string;
  receiver?: string;
  sentAt?: string;
}): string {
  return JSON.stringify({
    type: 'outbound',
    id: `fake-${report.messageId}`,
    message_id: report.messageId,
    receiver: report.receiver ?? '2348031234567',
    sender: 'Portal',
    message: 'Your code is hidden in tests.',
    sent_at: report.sentAt ?? '2026-11-27 10:00:05',
    cost: '4.5',
    status: report.status,
    channel: 'dnd',
  });
}

/** X-Termii-Signature of a body with the account's secret key, as Termii computes it (hex HMAC-SHA512). */
export function termiiSignature(body: string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(body).digest('hex');
}
