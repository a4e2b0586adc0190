import { z } from 'zod';

/**
 * zod's own messages ('Too big: expected number to be <=90', 'Invalid input: expected string, received
 * number') are not the product's words, and every message a request can get back is shown to a person
 * (spec §8). Every schema of the contract gives its own messages; this map words whatever a schema left
 * to zod, by field name, so a missed one still reads as a sentence. It sets zod's global configuration,
 * which the gateway and the browser (zod is one shared module there) both use.
 */
export function productMessage(issue: z.core.$ZodRawIssue): string {
  const path = (issue.path ?? []).map(String);
  const field = path.length ? path.join('.') : 'The request';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `Please provide ${field}.`;
      return `${field} must be ${TYPE_WORDS[issue.expected] ?? `a valid ${issue.expected}`}.`;
    case 'too_big':
      return `${field} must be at most ${issue.maximum}${sizeUnit(issue.origin)}.`;
    case 'too_small':
      return `${field} must be at least ${issue.minimum}${sizeUnit(issue.origin)}.`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'unrecognized_keys':
      return `Unexpected field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}.`;
    default:
      return `${field} is not valid.`;
  }
}

const TYPE_WORDS: Partial<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
};

function sizeUnit(origin: string): string {
  if (origin === 'string') return ' characters';
  if (origin === 'array' || origin === 'set') return ' items';
  if (origin === 'file') return ' bytes';
  return '';
}

z.config({ customError: productMessage });
