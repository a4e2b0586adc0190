import './error-map';
import { z } from 'zod';
import { hasControlCharacters, TextMessages } from '../rules/plain-text';

/** Every error answer: `{ message }`, plus `errors` per field for validation failures (DESIGN §4). */
export const ErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** A string schema that also refuses control characters (rules/plain-text.ts). */
export const withoutControlCharacters = <T extends z.ZodString>(schema: T) =>
  schema.refine((value) => !hasControlCharacters(value), { error: TextMessages.controlCharacters });

/** A trimmed string; empty after trimming counts as missing. */
export const requiredText = (message: string) =>
  withoutControlCharacters(z.string({ error: message }).trim().min(1, { error: message }));

export const SEARCH_MAX_LENGTH = 100;

export const SearchMessages = {
  tooLong: `Search must be at most ${SEARCH_MAX_LENGTH} characters.`,
  notText: 'Search must be text.',
} as const;

/** The `search` of a list or report: trimmed, at most 100 characters, no control characters. */
export const SearchText = withoutControlCharacters(
  z
    .string({ error: SearchMessages.notText })
    .trim()
    .max(SEARCH_MAX_LENGTH, { error: SearchMessages.tooLong }),
);

/**
 * Date parameters (report filters, later the order filters) are whole days within these bounds: the portal
 * holds nothing from before 2000, and PostgreSQL's date arithmetic fails on years before 100.
 */
export const DATE_PARAM_MIN = '2000-01-01';
export const DATE_PARAM_MAX = '2100-12-31';

export const DateMessages = {
  format: 'Dates must be yyyy-MM-dd.',
  range: `Dates must be between ${DATE_PARAM_MIN} and ${DATE_PARAM_MAX}.`,
} as const;

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A yyyy-MM-dd calendar date between DATE_PARAM_MIN and DATE_PARAM_MAX (strings of that form compare as dates). */
export const DateParam = z
  .string({ error: DateMessages.format })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DateMessages.format })
  .refine(isCalendarDate, { error: DateMessages.format, abort: true })
  .refine((value) => value >= DATE_PARAM_MIN && value <= DATE_PARAM_MAX, { error: DateMessages.range });

/** A date query parameter that may be left out or sent empty. */
export const OptionalDateParam = z
  .string({ error: DateMessages.format })
  .trim()
  .transform((value) => value || undefined)
  .pipe(DateParam.optional())
  .optional();
