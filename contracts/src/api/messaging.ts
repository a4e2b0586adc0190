import { z } from 'zod';
import { SearchText } from './common';

/**
 * Issue 27, messaging: the admin's view of the outbox (to answer 'I never got my code') and the WhatsApp
 * webhook. No message body is ever answered: OTP codes and temporary passwords live in bodies.
 */
export const OutboxMessages = {
  invalidPage: 'Page must be a whole number from 1.',
  invalidPageSize: 'Page size must be a whole number from 1 to 100.',
  invalidChannel: 'Channel must be email, whatsapp or sms.',
  invalidStatus: 'Status must be pending, sent or failed.',
  webhookUnauthorized: 'Invalid signature.',
  webhookVerifyRefused: 'Verification refused.',
  webhookBadBody: 'The notification is not valid JSON.',
  webhookReceived: 'Received.',
} as const;

export const OUTBOX_MAX_PAGE_SIZE = 100;

const positiveIntFromQuery = (message: string, max?: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .refine((value) => value >= 1 && (max === undefined || value <= max), { error: message });

/** GET admin/outbox: newest first; `recipient` matches part of the address or number. */
export const AdminOutboxQuery = z.object({
  page: positiveIntFromQuery(OutboxMessages.invalidPage).optional(),
  pageSize: positiveIntFromQuery(OutboxMessages.invalidPageSize, OUTBOX_MAX_PAGE_SIZE).optional(),
  recipient: SearchText.optional(),
  channel: z.enum(['email', 'whatsapp', 'sms'], { error: OutboxMessages.invalidChannel }).optional(),
  status: z.enum(['pending', 'sent', 'failed'], { error: OutboxMessages.invalidStatus }).optional(),
});
export type AdminOutboxQuery = z.input<typeof AdminOutboxQuery>;

export const AdminOutboxMessage = z.object({
  messageID: z.number().int(),
  channel: z.enum(['email', 'whatsapp', 'sms']),
  recipient: z.string(),
  /** What the message is: an e-mail's subject, or a notice's title (never sent on WhatsApp); never the body. */
  subject: z.string().nullable(),
  /** 'otp' for a verification code. */
  purpose: z.enum(['otp']).nullable(),
  /** Ours: pending (queued or retrying), sent (the provider took it), failed. */
  status: z.enum(['pending', 'sent', 'failed']),
  /** The provider's receipts (WhatsApp): sent, delivered, read, failed; null before any. */
  deliveryStatus: z.enum(['sent', 'delivered', 'read', 'failed']).nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  provider: z.string().nullable(),
  providerMessageID: z.string().nullable(),
  /** The WhatsApp message an SMS replaced. */
  fallbackOf: z.number().int().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  deliveryStatusAt: z.string().nullable(),
});
export type AdminOutboxMessage = z.infer<typeof AdminOutboxMessage>;

export const AdminOutboxPage = z.object({
  results: z.array(AdminOutboxMessage),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOutboxPage = z.infer<typeof AdminOutboxPage>;

/** GET webhooks/whatsapp: Meta's verification request. */
export const WhatsAppVerifyQuery = z.object({
  'hub.mode': z.string().max(100).optional(),
  'hub.verify_token': z.string().max(1000).optional(),
  'hub.challenge': z.string().max(1000).optional(),
});

/**
 * POST webhooks/whatsapp, as documented by Meta (only what we read): the route reads the raw bytes and checks
 * the signature before any of this is looked at; the schema documents the call and feeds the fuzzer.
 */
export const WhatsAppNotification = z.object({
  object: z.string().optional(),
  entry: z
    .array(
      z.object({
        id: z.string().optional(),
        changes: z.array(
          z.object({
            field: z.string().optional(),
            value: z.object({
              statuses: z
                .array(
                  z.object({
                    id: z.string(),
                    status: z.enum(['sent', 'delivered', 'read', 'failed']),
                    timestamp: z.string().optional(),
                    recipient_id: z.string().optional(),
                    errors: z.array(z.object({ code: z.number(), title: z.string().optional() })).optional(),
                  }),
                )
                .optional(),
            }),
          }),
        ),
      }),
    )
    .optional(),
});

/**
 * POST webhooks/termii: Termii's outbound-message delivery report ("Events and Reports"), only what we read. The
 * route checks X-Termii-Signature over the raw bytes before any of this is looked at; the schema documents the
 * call and feeds the fuzzer (every field optional: the route reads the raw bytes, never the parsed body). status is Termii's words, e.g. 'DELIVERED', 'Message Sent', 'Message Failed',
 * 'DND Active on Phone Number'.
 */
export const TermiiDeliveryReport = z.object({
  type: z.string().optional(),
  id: z.string().optional(),
  message_id: z.union([z.string(), z.number()]).optional(),
  receiver: z.string().optional(),
  status: z.string().optional(),
  sent_at: z.string().optional(),
  channel: z.string().optional(),
});
