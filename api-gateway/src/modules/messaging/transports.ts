import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { AppContext } from '../../context';
import type {
  EmailMessage,
  EmailTransport,
  SmsProvider,
  Transports,
  WhatsAppProvider,
} from './message-types';
import { TermiiSmsProvider } from './termii-sms';
import { MetaWhatsAppProvider } from './whatsapp-cloud';

export type {
  EmailMessage,
  EmailTransport,
  SendResult,
  SmsMessage,
  SmsProvider,
  Transports,
  WhatsAppMessage,
  WhatsAppProvider,
} from './message-types';

/** What the log transports print for each channel. */
const LOG_LINES = {
  email: 'email (log transport)',
  whatsapp: 'WhatsApp message (log provider)',
  sms: 'SMS (log provider)',
} as const;

/**
 * The `log` transport of a channel prints the message, because that is its point on a developer's machine. In
 * production the body stays out of the logs (it holds OTPs and temporary passwords); it is kept in the
 * outbox row.
 */
export class LogTransport implements EmailTransport, WhatsAppProvider, SmsProvider {
  readonly name = 'log';

  constructor(
    readonly channel: keyof typeof LOG_LINES,
    private readonly logger: Pick<Logger, 'info'>,
    private readonly withholdBody: boolean,
  ) {}

  async send(message: { to: string; text: string; subject?: string }): Promise<void> {
    const { to, subject, text } = message;
    const body = this.withholdBody ? `[withheld in production: ${text.length} characters]` : text;
    this.logger.info({ channel: this.channel, to, subject, body }, LOG_LINES[this.channel]);
  }
}

/** SMTP through nodemailer; SMTP_URL is e.g. smtp://user:pass@smtp.example.com:587 or smtps://...:465. */
export class SmtpEmailTransport implements EmailTransport {
  readonly name = 'smtp';
  private readonly transporter: nodemailer.Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transporter.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * SMTP when SMTP_URL is set, otherwise the log transport; WhatsApp by Meta's Cloud API with
 * WHATSAPP_PROVIDER=meta, otherwise the log provider; SMS by Termii, the log provider, or none.
 */
export function createTransports(ctx: AppContext): Transports {
  const { messaging } = ctx.config;
  const withhold = ctx.config.isProduction;
  if (withhold && !ctx.config.smtpUrl) {
    ctx.logger.warn('SMTP_URL is not set: emails are kept in the outbox and logged without their bodies');
  }
  return {
    email: ctx.config.smtpUrl
      ? new SmtpEmailTransport(ctx.config.smtpUrl, ctx.config.mailFrom)
      : new LogTransport('email', ctx.logger, withhold),
    whatsapp:
      messaging.whatsapp.provider === 'meta'
        ? new MetaWhatsAppProvider(messaging.whatsapp, messaging.timeoutMs)
        : new LogTransport('whatsapp', ctx.logger, withhold),
    sms:
      messaging.sms.provider === 'termii'
        ? new TermiiSmsProvider(messaging.sms, messaging.timeoutMs)
        : messaging.sms.provider === 'log'
          ? new LogTransport('sms', ctx.logger, withhold)
          : undefined,
  };
}
