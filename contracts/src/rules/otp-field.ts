import { z } from 'zod';
import { OtpMessages, otpError } from './otp';

/** A one-time code as the gateway reads it: `otpError`'s rule, trimmed. */
export const OtpField = z
  .string({ error: OtpMessages.required })
  .superRefine((value, ctx) => {
    const message = otpError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((value) => value.trim());
