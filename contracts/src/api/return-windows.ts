import { z } from 'zod';
import { hasControlCharacters, TextMessages } from '../rules/plain-text';

// Return windows per product category (issue 28, the commission ledger): how many days an order's commission
// is held (pending) after the order qualifies, before it is available to pay. Beyond the spec.

export const RETURN_WINDOW_DEFAULT_DAYS = 14;
export const RETURN_WINDOW_MAX_DAYS = 365;
export const RETURN_WINDOW_CATEGORY_MAX = 100;

export const ReturnWindowMessages = {
  categoryRequired: 'Please provide the product category.',
  categoryTooLong: `The product category can have at most ${RETURN_WINDOW_CATEGORY_MAX} characters.`,
  daysRequired: 'Please enter the return window in days.',
  daysWhole: 'The return window must be a whole number of days.',
  daysRange: `The return window must be between 0 and ${RETURN_WINDOW_MAX_DAYS} days.`,
  saved: (category: string, days: number) =>
    `Return window of '${category}' set to ${days} day${days === 1 ? '' : 's'}.`,
  unchanged: (category: string, days: number) =>
    `Return window of '${category}' is already ${days} day${days === 1 ? '' : 's'}.`,
} as const;

/**
 * The one rule for a return window typed in a form or sent as JSON: the problem's message, or undefined.
 * Text is what a field holds ('', ' 30 ', '2.5'); a number is what the API receives.
 */
export function returnDaysProblem(value: unknown): string | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return ReturnWindowMessages.daysRequired;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!/^-?\d+(\.\d+)?$/.test(text)) return ReturnWindowMessages.daysWhole;
    return returnDaysProblem(Number(text));
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || !Number.isInteger(value))
    return ReturnWindowMessages.daysWhole;
  return value < 0 || value > RETURN_WINDOW_MAX_DAYS ? ReturnWindowMessages.daysRange : undefined;
}

/** A category as the rate upload stores it: trimmed, runs of white space as one space. */
export const normaliseCategory = (value: string) => value.trim().replace(/\s+/g, ' ');

export const SaveReturnWindowRequest = z.object({
  productCategory: z
    .string({ error: ReturnWindowMessages.categoryRequired })
    .refine((value) => !hasControlCharacters(value), { error: TextMessages.controlCharacters, abort: true })
    .transform(normaliseCategory)
    .refine((value) => value.length > 0, { error: ReturnWindowMessages.categoryRequired })
    .refine((value) => value.length <= RETURN_WINDOW_CATEGORY_MAX, {
      error: ReturnWindowMessages.categoryTooLong,
    }),
  returnDays: z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? ReturnWindowMessages.daysRequired
          : ReturnWindowMessages.daysWhole,
    })
    .int({ error: ReturnWindowMessages.daysWhole })
    .min(0, { error: ReturnWindowMessages.daysRange })
    .max(RETURN_WINDOW_MAX_DAYS, { error: ReturnWindowMessages.daysRange }),
});
export type SaveReturnWindowRequest = z.output<typeof SaveReturnWindowRequest>;

export const ReturnWindow = z.object({
  productCategory: z.string(),
  returnDays: z.number().int(),
  /** True when no admin set it: the default applies. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ReturnWindow = z.infer<typeof ReturnWindow>;

export const ReturnWindowList = z.object({
  defaultDays: z.number().int(),
  /** Every category with a rate or a window set, by name. */
  results: z.array(ReturnWindow),
});
export type ReturnWindowList = z.infer<typeof ReturnWindowList>;

export const SaveReturnWindowResponse = z.object({
  message: z.string(),
  changed: z.boolean(),
  window: ReturnWindow,
});
export type SaveReturnWindowResponse = z.infer<typeof SaveReturnWindowResponse>;
