import { z } from 'zod';

/** Every error answer: `{ message }`, plus `errors` per field for validation failures (DESIGN §4). */
export const ErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** A trimmed string; empty after trimming counts as missing. */
export const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message });
