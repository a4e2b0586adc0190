import fc from 'fast-check';
import type { IdentityType } from '../identity-number';
import {
  IDENTITY_TYPES,
  IdentityNumberMessages,
  identityNumberError,
  identityNumberFormatError,
} from '../identity-number';

/** An independent reading of spec §5, by sliding windows of six, to check the rule against. */
function windows(digits: string): number[][] {
  const out: number[][] = [];
  for (let i = 0; i + 6 <= digits.length; i += 1) out.push([...digits.slice(i, i + 6)].map(Number));
  return out;
}
const sameWindow = (w: number[]) => w.every((d) => d === w[0]);
const stepWindow = (w: number[], step: number) => w.every((d, i) => i === 0 || d - w[i - 1] === step);

function expectedMessage(value: string, type: IdentityType): string | undefined {
  const digits = [...value].filter((c) => c >= '0' && c <= '9').join('');
  if (digits.length !== 11) return IdentityNumberMessages.length(type);
  if (new Set(digits).size === 1) return IdentityNumberMessages.allSame(type);
  if (windows(digits).some(sameWindow)) return IdentityNumberMessages.repeated(type);
  if (windows(digits).some((w) => stepWindow(w, 1) || stepWindow(w, -1)))
    return IdentityNumberMessages.sequence(type);
  return undefined;
}

const digit = fc.integer({ min: 0, max: 9 });
const digitsOf = (min: number, max: number) =>
  fc.array(digit, { minLength: min, maxLength: max }).map((d) => d.join(''));
const run = (step: number) =>
  fc
    .record({ start: digit, length: fc.integer({ min: 6, max: 11 }) })
    .map(({ start, length }) => Array.from({ length }, (_, i) => start + i * step))
    .filter((d) => d.every((n) => n >= 0 && n <= 9))
    .map((d) => d.join(''));
/** 11-digit numbers with a run of 6+ identical or consecutive digits planted somewhere. */
const planted = fc
  .record({ base: digitsOf(11, 11), run: fc.oneof(run(0), run(1), run(-1)), at: fc.nat({ max: 10 }) })
  .map(({ base, run: r, at }) => {
    const start = Math.min(at, 11 - r.length);
    return base.slice(0, start) + r + base.slice(start + r.length);
  });
const allSame = digit.map((d) => String(d).repeat(11));
const anyCandidate = fc.oneof(
  digitsOf(11, 11),
  planted,
  allSame,
  digitsOf(0, 14),
  fc.string({ maxLength: 16 }),
);
const identityType = fc.constantFrom(...IDENTITY_TYPES);

describe('NIN/BVN format (spec §5)', () => {
  test('every accepted value is 11 digits, not all the same, with no run of 6 identical or consecutive digits', () => {
    fc.assert(
      fc.property(anyCandidate, identityType, (value, type) => {
        fc.pre(identityNumberFormatError(value, type) === undefined);
        const digits = value.replace(/\D/g, '');
        expect(digits).toHaveLength(11);
        expect(new Set(digits).size).toBeGreaterThan(1);
        for (const w of windows(digits)) {
          expect(sameWindow(w) || stepWindow(w, 1) || stepWindow(w, -1)).toBe(false);
        }
      }),
      { numRuns: 2000 },
    );
  });

  test('every rejected value gets the message of the first rule it breaks', () => {
    fc.assert(
      fc.property(anyCandidate, identityType, (value, type) => {
        expect(identityNumberFormatError(value, type)).toBe(expectedMessage(value, type));
      }),
      { numRuns: 5000 },
    );
  });

  test('a planted run of six is always refused', () => {
    fc.assert(
      fc.property(planted, identityType, (value, type) => {
        expect(identityNumberFormatError(value, type)).toBeDefined();
      }),
    );
  });

  test('separators are stripped: the digits decide', () => {
    fc.assert(
      fc.property(
        digitsOf(11, 11),
        fc.array(fc.constantFrom(' ', '-', '.'), { maxLength: 11 }),
        identityType,
        (d, seps, type) => {
          const spaced = [...d].map((c, i) => c + (seps[i] ?? '')).join('');
          expect(identityNumberFormatError(spaced, type)).toBe(identityNumberFormatError(d, type));
        },
      ),
    );
  });

  test('examples with the exact messages, in the spec order', () => {
    expect(identityNumberError('', 'BVN')).toBe('Please provide NIN or BVN.');
    expect(identityNumberError('   ', 'NIN')).toBe('Please provide NIN or BVN.');
    expect(identityNumberError('1234', 'BVN')).toBe('Enter 11 digits for your BVN.');
    expect(identityNumberError('abcdefghijk', 'NIN')).toBe('Enter 11 digits for your NIN.');
    expect(identityNumberError('11111111111', 'NIN')).toBe(
      'NIN cannot have all digits the same (e.g. 11111111111).',
    );
    expect(identityNumberError('20000001234', 'BVN')).toBe(
      'BVN cannot contain too many repeated digits in a row.',
    );
    expect(identityNumberError('12345609182', 'BVN')).toBe(
      'BVN cannot contain consecutive number patterns (e.g. 123456 or 987654).',
    );
    expect(identityNumberError('40987654021', 'NIN')).toBe(
      'NIN cannot contain consecutive number patterns (e.g. 123456 or 987654).',
    );
    // five in a row is still fine; no wrap-around after 9
    expect(identityNumberError('22222131415', 'BVN')).toBeUndefined();
    expect(identityNumberError('78901234560', 'BVN')).toBe(
      'BVN cannot contain consecutive number patterns (e.g. 123456 or 987654).',
    );
    expect(identityNumberError('78907890789', 'BVN')).toBeUndefined();
    expect(identityNumberError('223-344-556-67', 'NIN')).toBeUndefined();
  });
});
