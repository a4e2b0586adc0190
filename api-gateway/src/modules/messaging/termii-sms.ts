import type { MessagingConfig } from '../../config';
import type { SendResult, SmsMessage, SmsProvider } from './message-types';
import { fetchWithTimeout, UndeliverableError } from './provider-errors';

type TermiiConfig = Extract<MessagingConfig['sms'], { provider: 'termii' }>;

/**
 * Termii's messaging API, POST {base}/api/sms/send on the "dnd" channel: the transactional route that reaches
 * numbers on Do-Not-Disturb (the generic route does not, and MTN holds it at night). The answer's message_id is
 * kept on the outbox row.
 */
export class TermiiSmsProvider implements SmsProvider {
  readonly name = 'termii';

  constructor(
    private readonly config: TermiiConfig,
    private readonly timeoutMs: number,
  ) {}

  async send(message: SmsMessage): Promise<SendResult> {
    const response = await fetchWithTimeout(
      `${this.config.baseUrl}/api/sms/send`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          api_key: this.config.apiKey,
          to: message.to.replace(/^\+/, ''),
          from: this.config.senderId,
          sms: message.text,
          type: 'plain',
          channel: 'dnd',
        }),
      },
      this.timeoutMs,
      'Termii',
    );
    const body = response.json as { message_id?: unknown; message?: unknown } | undefined;
    if (!response.ok) {
      const reason = typeof body?.message === 'string' ? body.message.slice(0, 300) : '';
      const text = `Termii: HTTP ${response.status}${reason ? `: ${reason}` : ''}`;
      // A number Termii refuses as such (400 naming the number) is the applicant's to correct.
      if (response.status === 400 && /number|phone|recipient|\bto\b/i.test(reason)) {
        throw new UndeliverableError(text, response.status);
      }
      throw new Error(text);
    }
    const id = body?.message_id;
    return typeof id === 'string' || typeof id === 'number' ? { providerMessageId: String(id) } : {};
  }
}
