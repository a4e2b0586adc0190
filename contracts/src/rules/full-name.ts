import { Messages } from '../messages';

export const FULL_NAME_MAX_LENGTH = 100;

export const FullNameMessages = {
  tooLong: `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters.`,
  characters: 'Full name may contain only letters, spaces, hyphens, apostrophes and dots.',
} as const;

/**
 * A person's name: letters of any script with their combining marks (accents, Devanagari vowel signs),
 * spaces, hyphens, apostrophes (typed ' or ’) and dots, with at least one letter. Anything else (digits,
 * markup, symbols) is no part of a name as the BVN/NIN and bank records hold it.
 */
const NAME_CHARACTERS = /^[\p{L}\p{M}' ’.-]+$/u;
const HAS_LETTER = /\p{L}/u;

/** Trimmed, inner whitespace collapsed: the name is compared with the BVN/NIN and bank records by people. */
export function normaliseFullName(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/**
 * The rule of every form that takes a person's full name (registration, re-KYC, the user forms):
 * 'Please provide full name.', then its length, then its characters.
 */
export function fullNameError(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return Messages.fullNameRequired;
  const name = normaliseFullName(value);
  if (name.length > FULL_NAME_MAX_LENGTH) return FullNameMessages.tooLong;
  if (!NAME_CHARACTERS.test(name) || !HAS_LETTER.test(name)) return FullNameMessages.characters;
  return undefined;
}
