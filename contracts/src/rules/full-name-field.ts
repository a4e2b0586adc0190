import { z } from 'zod';
import { Messages } from '../messages';
import { fullNameError, normaliseFullName } from './full-name';

/** A full-name field of a request (re-KYC, the user forms): the rule of `fullNameError`, then normalised. */
export const FullNameField = z
  .string({ error: Messages.fullNameRequired })
  .superRefine((value, ctx) => {
    const message = fullNameError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform(normaliseFullName);
