import { createHmac } from 'node:crypto';
import type { FakeServer, ReceivedRequest } from './fake-http-server';
import { startFakeHttpServer } from './fake-http-server';

/**
 * A fake of Meta's WhatsApp Cloud API messages call (test code only), as documented: POST
 * /{phone-number-id}/messages with a Bearer token answers { messaging_product, contacts, messages: [{ id }] }, or a
 * Graph error { error: { message, type, code, error_data: { details }, fbtrace_id } }. How it answers a number
 * is set per recipient (digits without '+'); unknown numbers are accepted.
 */
export type WhatsAppFakeMode =
  | 'accept'
  /** 131026 Message undeliverable: not a WhatsApp number (a user-caused error). */
  | 'not-on-whatsapp'
  /** 130429 Rate limit hit (HTTP 429). */
  | 'rate-limit'
  /** HTTP 500 with Graph error code 2 (service temporarily unavailable). */
  | 'server-error'
  /** Never answers. */
  | 'hang';

export interface WhatsAppCloudFake extends FakeServer {
  phoneNumberId: string;
  accessToken: string;
  /** How the next calls to a number are answered; a list is used up one call at a time, the last one sticks. */
  setMode(to: string, ...modes: WhatsAppFakeMode[]): void;
  /** The message calls answered 200, in order, with the wamid given. */
  accepted: { to: string; wamid: string; body: unknown }[];
  /** The env a test app or portal needs to talk to this fake. */
  env(extra?: Record<string, string>): Record<string, string>;
}

const graphError = (status: number, code: number, message: string, details: string) => ({
  status,
  body: {
    error: {
      message: `(#${code}) ${message}`,
      type: 'OAuthException',
      code,
      error_data: { messaging_product: 'whatsapp', details },
      fbtrace_id: 'AFakeTraceId',
    },
  },
});

export async function startWhatsAppCloudFake(
  options: {
    phoneNumberId?: string;
    accessToken?: string;
    /** Numbers (digits, no '+') answered 131026 without a setMode: for a fake shared across processes (e2e). */
    notOnWhatsApp?: (to: string) => boolean;
  } = {},
): Promise<WhatsAppCloudFake> {
  const phoneNumberId = options.phoneNumberId ?? '109876543210987';
  const accessToken = options.accessToken ?? 'fake-whatsapp-access-token';
  const modes = new Map<string, WhatsAppFakeMode[]>();
  const accepted: WhatsAppCloudFake['accepted'] = [];
  let counter = 0;
  const server = await startFakeHttpServer((request: ReceivedRequest) => {
    if (request.method !== 'POST' || request.path !== `/${phoneNumberId}/messages`) {
      return graphError(400, 100, 'Invalid parameter', `Unknown path ${request.path}`);
    }
    if (request.headers.authorization !== `Bearer ${accessToken}`) {
      return graphError(401, 190, 'Invalid OAuth access token', 'Error validating access token');
    }
    const body = request.body as { to?: string; messaging_product?: string } | undefined;
    const to = String(body?.to ?? '');
    if (body?.messaging_product !== 'whatsapp' || !/^\d{6,15}$/.test(to)) {
      return graphError(400, 100, 'Invalid parameter', 'to or messaging_product is not valid');
    }
    const queue = modes.get(to);
    const fallback: WhatsAppFakeMode = options.notOnWhatsApp?.(to) ? 'not-on-whatsapp' : 'accept';
    const mode = queue && queue.length > 1 ? (queue.shift() as WhatsAppFakeMode) : (queue?.[0] ?? fallback);
    switch (mode) {
      case 'not-on-whatsapp':
        return graphError(400, 131026, 'Message undeliverable', 'Unable to deliver message.');
      case 'rate-limit':
        return graphError(429, 130429, 'Rate limit hit', 'Cloud API message throughput has been reached.');
      case 'server-error':
        return graphError(500, 2, 'Service temporarily unavailable', 'Temporary due to downtime.');
      case 'hang':
        return { status: 0, hang: true };
      default: {
        counter += 1;
        const wamid = `wamid.FAKE${String(counter).padStart(6, '0')}${to}`;
        accepted.push({ to, wamid, body: request.body });
        return {
          status: 200,
          body: {
            messaging_product: 'whatsapp',
            contacts: [{ input: to, wa_id: to }],
            messages: [{ id: wamid, message_status: 'accepted' }],
          },
        };
      }
    }
  });
  return {
    ...server,
    phoneNumberId,
    accessToken,
    accepted,
    setMode: (to, ...list) => modes.set(to.replace(/^\+/, ''), list.length ? list : ['accept']),
    env: (extra = {}) => ({
      WHATSAPP_PROVIDER: 'meta',
      WHATSAPP_API_BASE_URL: server.url,
      WHATSAPP_ACCESS_TOKEN: accessToken,
      WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
      WHATSAPP_TEMPLATE_NAME: 'affiliate_portal_code',
      WHATSAPP_TEMPLATE_LANGUAGE: 'en',
      ...extra,
    }),
  };
}

/** A status notification as Meta posts it to the webhook (entry[].changes[].value.statuses[]). */
export function statusNotification(
  statuses: {
    id: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    timestamp?: number;
    errorCode?: number;
  }[],
): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '109876543210987' },
              statuses: statuses.map((s) => ({
                id: s.id,
                status: s.status,
                timestamp: String(s.timestamp ?? Math.floor(Date.now() / 1000)),
                recipient_id: '2348031234567',
                ...(s.errorCode
                  ? {
                      errors: [
                        {
                          code: s.errorCode,
                          title: 'Message undeliverable',
                          message: 'Message undeliverable',
                        },
                      ],
                    }
                  : {}),
              })),
            },
          },
        ],
      },
    ],
  });
}

/** X-Hub-Signature-256 of a body with an app secret, as Meta computes it. */
export function hubSignature(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}
