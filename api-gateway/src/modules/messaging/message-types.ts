/** The messages the outbox sends and the transports that send them (issue 27: one file, so providers and the
 * transport factory import it without importing each other). */

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface WhatsAppMessage {
  /** International form, e.g. +2348031234567. */
  to: string;
  text: string;
  /** Set for a registration code: providers with templates send the code, not the text. */
  otpCode?: string;
}

export interface SmsMessage {
  /** International form, e.g. +2348031234567. */
  to: string;
  text: string;
}

/** What a provider answers for a message it took: its id, which receipts name later. */
export interface SendResult {
  providerMessageId?: string;
}

/** Sends one email or throws; the delivery worker records the failure and retries. */
export interface EmailTransport {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
  close?(): void;
}

/**
 * A WhatsApp Business API provider (Meta Cloud API, ...) plugs in here. Throws an `UndeliverableError` for a
 * recipient that cannot get the message (no retry), any other error to be retried.
 */
export interface WhatsAppProvider {
  readonly name: string;
  send(message: WhatsAppMessage): Promise<SendResult | void>;
}

/** An SMS provider (Termii, ...): the fallback for OTPs WhatsApp did not deliver. Errors as for WhatsApp. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<SendResult | void>;
}

export interface Transports {
  email: EmailTransport;
  whatsapp: WhatsAppProvider;
  /** Absent when no SMS provider is configured (SMS_PROVIDER=none): then nothing falls back. */
  sms?: SmsProvider;
}
