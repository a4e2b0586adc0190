import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { AppContext } from '../../context';
import type {
  EmailMessage,
  EmailTransport,
  SmsMessage,
  SmsProvider,
  Transports,
  WhatsAppMessage,
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

/**
 * The `log` transports print the message, because that is their point on a developer's machine. In
 * production the body stays out of the logs (it holds OTPs and temporary passwords); it is kept in the
 * outbox row.
 */
function loggedBody(text: string, withhold: boolean): string {
  return withhold ? `[withheld in production: ${text.length} characters]` : text;
}

export class LogEmailTransport implements EmailTransport {
  readonly name = 'log';

  constructor(
    private readonly logger: Pick<Logger, 'info'>,
    private readonly withholdBody: boolean,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    this.logger.info(
      {
        channel: 'email',
        to: message.to,
        subject: message.subject,
        body: loggedBody(message.text, this.withholdBody),
      },
      'email (log transport)',
    );
  }
}

export class LogWhatsAppProvider implements WhatsAppProvider {
  readonly name = 'log';

  constructor(
    private readonly logger: Pick<Logger, 'info'>,
    private readonly withholdBody: boolean,
  ) {}

  async send(message: WhatsAppMessage): Promise<void> {
    this.logger.info(
      {
        channel: 'whatsapp',
        to: message.to,
        body: loggedBody(message.text, this.withholdBody),
      },
      'WhatsApp message (log provider)',
    );
  }
}

export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';

  constructor(
    private readonly logger: Pick<Logger, 'info'>,
    private readonly withholdBody: boolean,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    this.logger.info(
      { channel: 'sms', to: message.to, body: loggedBody(message.text, this.withholdBody) },
      'SMS (log provider)',
    );
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
      : new LogEmailTransport(ctx.logger, withhold),
    whatsapp:
      messaging.whatsapp.provider === 'meta'
        ? new MetaWhatsAppProvider(messaging.whatsapp, messaging.timeoutMs)
        : new LogWhatsAppProvider(ctx.logger, withhold),
    sms:
      messaging.sms.provider === 'termii'
        ? new TermiiSmsProvider(messaging.sms, messaging.timeoutMs)
        : messaging.sms.provider === 'log'
          ? new LogSmsProvider(ctx.logger, withhold)
          : undefined,
  };
}
