import { Messages } from '../messages';

/** BVN and NIN are both 11-digit numbers (spec §5, §9); BVN is the form's default. */
export const IDENTITY_TYPES = ['BVN', 'NIN'] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];
export const DEFAULT_IDENTITY_TYPE: IdentityType = 'BVN';

export const IDENTITY_NUMBER_LENGTH = 11;
/** A run of this many identical or consecutive digits is refused (spec §9: "6 in a row"). */
export const IDENTITY_NUMBER_MAX_RUN = 6;

export const IdentityNumberMessages = {
  length: (type: IdentityType) => `Enter 11 digits for your ${type}.`,
  allSame: (type: IdentityType) => `${type} cannot have all digits the same (e.g. 11111111111).`,
  repeated: (type: IdentityType) => `${type} cannot contain too many repeated digits in a row.`,
  sequence: (type: IdentityType) =>
    `${type} cannot contain consecutive number patterns (e.g. 123456 or 987654).`,
} as const;

export function isIdentityType(value: unknown): value is IdentityType {
  return typeof value === 'string' && (IDENTITY_TYPES as readonly string[]).includes(value);
}

/** What is stored and compared: the digits only, so "123 4567 8901" and "12345678901" are one number. */
export function identityNumberDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Longest run of positions where each digit differs from the previous one by exactly `step`. */
function longestRun(digits: string, step: number): number {
  let longest = digits.length ? 1 : 0;
  let current = longest;
  for (let i = 1; i < digits.length; i += 1) {
    current = Number(digits[i]) - Number(digits[i - 1]) === step ? current + 1 : 1;
    longest = Math.max(longest, current);
  }
  return longest;
}

/**
 * The four format rules of spec §5, checked in the spec's order on the digits of the value;
 * the message of the first rule broken, or undefined when the number is acceptable.
 * Sequences do not wrap around: 7890123... is not a run (0 does not follow 9).
 */
export function identityNumberFormatError(value: string, type: IdentityType): string | undefined {
  const digits = identityNumberDigits(value);
  if (digits.length !== IDENTITY_NUMBER_LENGTH) return IdentityNumberMessages.length(type);
  if (/^(\d)\1*$/.test(digits)) return IdentityNumberMessages.allSame(type);
  if (longestRun(digits, 0) >= IDENTITY_NUMBER_MAX_RUN) return IdentityNumberMessages.repeated(type);
  if (Math.max(longestRun(digits, 1), longestRun(digits, -1)) >= IDENTITY_NUMBER_MAX_RUN) {
    return IdentityNumberMessages.sequence(type);
  }
  return undefined;
}

/** Presence first ('Please provide NIN or BVN.'), then the format rules. */
export function identityNumberError(value: unknown, type: IdentityType): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return Messages.ninOrBvnRequired;
  return identityNumberFormatError(value, type);
}
