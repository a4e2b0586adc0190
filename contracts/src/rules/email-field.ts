import { z } from 'zod';
import { Messages } from '../messages';
import { emailError, normaliseEmail } from './email';

/** An email field of a request: the rule of `emailError`, then trimmed and lower-cased. */
export const EmailField = z
  .string({ error: Messages.emailRequired })
  .superRefine((value, ctx) => {
    const message = emailError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform(normaliseEmail);
