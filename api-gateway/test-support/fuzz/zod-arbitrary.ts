import fc from 'fast-check';
import type { z } from 'zod';

/**
 * A fast-check arbitrary of values shaped like a zod 4 schema's input, read from the schema's own definition
 * (`_zod.def` and the `_zod.bag` of its checks). zod-fast-check speaks zod 3 and fast-check 3 only (see
 * docs/decisions.md), so the portal walks its schemas itself; the types our contracts use are covered, and
 * anything else yields any JSON value. Refinements are not solved: most values are near-valid, which is what
 * reaches the handlers, and the rest reach the validation.
 */
export function arbitraryFor(schema: z.ZodType, depth = 0, field = ''): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  const zod = (schema as unknown as { _zod: { def: Def; bag?: Bag } })._zod;
  const def = zod.def;
  const bag = zod.bag ?? {};
  const inner = (child: unknown, name = field) => arbitraryFor(child as z.ZodType, depth + 1, name);
  switch (def.type) {
    case 'string':
      return withHint(stringFor(bag, def.format), field, bag);
    case 'number':
      return /id$|page/i.test(field)
        ? fc.oneof(
            { arbitrary: fc.integer({ min: 1, max: 40 }), weight: 2 },
            { arbitrary: numberFor(bag), weight: 1 },
          )
        : numberFor(bag);
    case 'bigint':
      return fc.bigInt().map(String);
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 3 });
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return inner(def.innerType);
    case 'lazy':
      return inner((def.getter as () => unknown)());
    case 'pipe': {
      // A transform's input is its `in`; a preprocess is a transform piped into the schema that checks it.
      const from = def.in as { _zod: { def: Def } };
      return from._zod.def.type === 'transform' ? inner(def.out) : inner(def.in);
    }
    case 'array': {
      const min = bag.minimum ?? 0;
      const max = Math.min(bag.maximum ?? min + 4, min + 6);
      return fc.array(inner(def.element), { minLength: min, maxLength: max });
    }
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map((item) => inner(item)));
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => inner(option)));
    case 'intersection':
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([left, right]) =>
          isPlainObject(left) && isPlainObject(right) ? { ...left, ...right } : right,
        );
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const entries = Object.fromEntries(
        Object.entries(shape).map(([key, child]) => [key, inner(child, key)]),
      );
      // Keys the schema requires are mostly sent (a missing one is refused before anything else is read).
      const required = Object.entries(shape)
        .filter(([, child]) => (child as { _zod: { optin?: string } })._zod.optin !== 'optional')
        .map(([key]) => key);
      // Forms send their optional fields too, most of the time (the optional value itself may still be undefined).
      const record = fc.oneof(
        { arbitrary: fc.record(entries), weight: 3 },
        { arbitrary: fc.record(entries, { requiredKeys: required }), weight: 2 },
        { arbitrary: fc.record(entries, { requiredKeys: [] }), weight: 1 },
      );
      return record.map((value) =>
        // fast-check leaves an optional key out; zod's own optional() gives undefined, dropped by JSON too.
        Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)),
      );
    }
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), inner(def.valueType), { maxKeys: 4 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

interface Def {
  type: string;
  format?: string;
  [key: string]: unknown;
}

interface Bag {
  minimum?: number;
  maximum?: number;
  format?: string;
  patterns?: Set<RegExp>;
}

/**
 * Plausible text for a field by its name, beside the text the schema's checks describe: a refinement (a valid
 * phone number, a strong password) is code, not data, so without this hint few inputs would reach a handler.
 */
function withHint(arbitrary: fc.Arbitrary<string>, field: string, bag: Bag): fc.Arbitrary<string> {
  if (bag.patterns?.size || bag.format) return arbitrary;
  const hint = hintFor(field);
  return hint ? fc.oneof({ arbitrary: hint, weight: 5 }, { arbitrary, weight: 1 }) : arbitrary;
}

const word = fc.stringMatching(/^[A-Z][a-z]{2,9}$/);

function hintFor(field: string): fc.Arbitrary<string> | undefined {
  if (/email|userName/i.test(field))
    return fc.oneof(
      { arbitrary: fc.stringMatching(/^[a-z]{3,10}\.[a-z]{2,8}@example\.(com|test)$/), weight: 4 },
      { arbitrary: fc.emailAddress(), weight: 1 },
    );
  if (/mobile|phone(?!code)/i.test(field)) return fc.stringMatching(/^[789][01]\d{8}$/);
  if (/phoneCode|countryCode/i.test(field)) return fc.constantFrom('+234', '234', '+1');
  if (/date/i.test(field))
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
  if (/password/i.test(field)) return fc.constantFrom('Fuzz@12345-Quiet-Otter', 'Admin@12345', 'short');
  if (/otp|code/i.test(field)) return fc.stringMatching(/^\d{6}$/);
  if (/bvn|nin/i.test(field)) return fc.stringMatching(/^\d{11}$/);
  if (/account/i.test(field)) return fc.stringMatching(/^\d{10}$/);
  if (/id$/i.test(field)) return fc.integer({ min: 1, max: 40 }).map(String);
  if (/page|size|limit/i.test(field)) return fc.integer({ min: 1, max: 100 }).map(String);
  if (/name|title|remark|text|message|search/i.test(field))
    return fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
  return undefined;
}

function stringFor(bag: Bag, format: string | undefined): fc.Arbitrary<string> {
  const min = bag.minimum ?? 0;
  const max = Math.max(min, Math.min(bag.maximum ?? 40, 200));
  const plain = fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
  switch (format ?? bag.format) {
    case 'email':
      return fc.emailAddress();
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'url':
      return fc.webUrl();
    case 'date':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2110-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'datetime':
      return fc
        .date({ min: new Date('1990-01-01'), max: new Date('2110-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    default: {
      const [pattern] = [...(bag.patterns ?? [])];
      if (!pattern) return plain;
      // Mostly strings the pattern matches (to reach the handler), some that only fit the length.
      const matching = fc.stringMatching(pattern).filter((text) => text.length >= min && text.length <= max);
      return fc.oneof({ arbitrary: matching, weight: 3 }, { arbitrary: plain, weight: 1 });
    }
  }
}

function numberFor(bag: Bag): fc.Arbitrary<number> {
  const integer = bag.format === 'safeint' || bag.format === 'int32';
  const min = bag.minimum ?? (integer ? -1_000_000 : -1e9);
  const max = bag.maximum ?? (integer ? 1_000_000 : 1e9);
  if (integer) {
    const low = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
    const high = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
    return fc.integer({ min: Math.max(low, -(2 ** 31)), max: Math.min(high, 2 ** 31 - 1) });
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
