import { Messages } from '../messages';

export const FULL_NAME_MAX_LENGTH = 100;

export const FullNameMessages = {
  tooLong: `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters.`,
} as const;

/** Trimmed, inner whitespace collapsed: the name is compared with the BVN/NIN and bank records by people. */
export function normaliseFullName(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

export function fullNameError(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return Messages.fullNameRequired;
  if (normaliseFullName(value).length > FULL_NAME_MAX_LENGTH) return FullNameMessages.tooLong;
  return undefined;
}
