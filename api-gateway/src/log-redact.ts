/**
 * Issue 27: pino paths never written, whatever a log call is given (a config object, a provider's settings, a
 * request's headers): the provider secrets and signature headers print as [Redacted].
 */
export const LOG_REDACT_PATHS = [
  'config.messaging.whatsapp.accessToken',
  'config.messaging.webhook',
  'config.messaging.sms.apiKey',
  'messaging.whatsapp.accessToken',
  'messaging.webhook',
  'messaging.sms.apiKey',
  '*.accessToken',
  '*.apiKey',
  '*.api_key',
  '*.appSecret',
  '*.verifyToken',
  '*.termiiSecret',
  '*.secretKey',
  'config.bankVerification.secretKey',
  'config.payouts.secretKey',
  'config.identityCheck.apiKey',
  'identityCheck.apiKey',
  '*.signature',
  'headers.authorization',
  'headers["x-paystack-signature"]',
  'req.headers["x-paystack-signature"]',
  'headers["x-hub-signature-256"]',
  'headers["x-termii-signature"]',
  'req.headers.authorization',
  'req.headers["x-hub-signature-256"]',
  'req.headers["x-termii-signature"]',
];
