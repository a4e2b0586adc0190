import type { MessagingConfig } from '../../config';
import type { SendResult, WhatsAppMessage, WhatsAppProvider } from './message-types';
import type { GraphError } from './provider-errors';
import {
  fetchWithTimeout,
  graphErrorText,
  UndeliverableError,
  WHATSAPP_RECIPIENT_ERRORS,
} from './provider-errors';

type MetaConfig = Extract<MessagingConfig['whatsapp'], { provider: 'meta' }>;

/**
 * WhatsApp Business Cloud API (Meta): an OTP goes as the configured authentication template with a copy-code
 * button, POST {base}/{phone-number-id}/messages with the code as the body parameter and as the url button's
 * parameter (Meta's "Sending authentication templates"). The answer's messages[0].id (a wamid) is what the
 * status webhook later names. A message without a code (none today) goes as plain text, which Meta only
 * delivers inside a 24-hour customer-service window.
 */
export class MetaWhatsAppProvider implements WhatsAppProvider {
  readonly name = 'meta';

  constructor(
    private readonly config: MetaConfig,
    private readonly timeoutMs: number,
  ) {}

  async send(message: WhatsAppMessage): Promise<SendResult> {
    const to = message.to.replace(/^\+/, '');
    const payload = message.otpCode
      ? {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          type: 'template',
          template: {
            name: this.config.templateName,
            language: { code: this.config.templateLanguage },
            components: [
              { type: 'body', parameters: [{ type: 'text', text: message.otpCode }] },
              {
                type: 'button',
                sub_type: 'url',
                index: '0',
                parameters: [{ type: 'text', text: message.otpCode }],
              },
            ],
          },
        }
      : {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to,
          type: 'text',
          text: { body: message.text },
        };
    const response = await fetchWithTimeout(
      `${this.config.baseUrl}/${encodeURIComponent(this.config.phoneNumberId)}/messages`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.config.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      },
      this.timeoutMs,
      'WhatsApp Cloud API',
    );
    const body = response.json as { messages?: { id?: unknown }[]; error?: GraphError } | undefined;
    if (!response.ok) {
      const error = body?.error;
      const text = `WhatsApp Cloud API: ${graphErrorText(error, response.status)}`;
      if (typeof error?.code === 'number' && WHATSAPP_RECIPIENT_ERRORS.has(error.code)) {
        throw new UndeliverableError(text, error.code);
      }
      throw new Error(text);
    }
    const id = body?.messages?.[0]?.id;
    if (typeof id !== 'string' || id.length === 0 || id.length > 200) {
      // Accepted without an id we can match receipts to: sent, but never "delivered" by a receipt.
      return {};
    }
    return { providerMessageId: id };
  }
}
