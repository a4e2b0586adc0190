import fc from 'fast-check';
import { AffiliatePayoutsResponse } from '../payouts';
import { ExcelPathResponse } from '../reports';
import { parseAffiliatePayoutsResponse, parseExcelPathResponse } from '../affiliate-payouts-check';

const explanation = {
  entryId: 41,
  kind: 'holding',
  amount: '2985.84',
  reason: 'Commission on order ORD-1',
  createdAt: '2026-12-01T10:00:00.000Z',
  availableAt: '2026-12-09T00:00:00.000Z',
  held: true,
};
const validAnswer = {
  cards: {
    pending: '2985.84',
    nextAvailableAt: '2026-12-09T00:00:00.000Z',
    available: '-3895.40',
    inPayout: '0.00',
    paidThisYear: '149298.68',
    heldForReview: false,
  },
  payouts: {
    results: [
      {
        lineId: 7,
        date: '2026-11-30T09:00:00.000Z',
        gross: '1200.00',
        deductions: '0.00',
        net: '1200.00',
        account: 'Access Bank ••••6789',
        status: 'paid',
        reason: null,
      },
    ],
    totalCount: 1,
    pageNo: 1,
    pageSize: 25,
  },
  explanations: {
    results: [
      {
        orderCode: 'ORD-1',
        net: '0.00',
        entries: [
          explanation,
          {
            ...explanation,
            entryId: 42,
            kind: 'reversal',
            amount: '-2985.84',
            availableAt: null,
            held: false,
          },
        ],
      },
    ],
    totalCount: 1,
    pageNo: 1,
    pageSize: 25,
  },
};

/** Every path to a value inside the sample (objects' keys and arrays' indexes). */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const keys = Array.isArray(value) ? value.map((_item, index) => index) : Object.keys(value);
  return [
    prefix,
    ...keys.flatMap((key) => paths((value as Record<string | number, unknown>)[key], [...prefix, key])),
  ];
}

/** A copy of the sample with the value at `path` replaced (or removed when `remove`). */
function changed(path: (string | number)[], replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const copy: unknown = structuredClone(validAnswer);
  let holder = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) holder = holder[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (remove) delete holder[last];
  else holder[last] = replacement;
  return copy;
}

const ALL_PATHS = paths(validAnswer);
const TRICKY = [
  null,
  undefined,
  '',
  '12.5',
  '12.500',
  '-0.00',
  '1,200.00',
  ' 1.00',
  2.5,
  -1,
  Number.MAX_SAFE_INTEGER + 2,
  NaN,
  'paid',
  'excluded',
  'holding',
  'unknown',
  true,
  [],
  {},
];

function expectSameAsZod(value: unknown) {
  const zod = AffiliatePayoutsResponse.safeParse(value);
  const plain = parseAffiliatePayoutsResponse(value);
  expect(plain !== undefined).toBe(zod.success);
  if (zod.success) expect(plain).toEqual(zod.data);
}

test('the sample is valid for both, unknown keys dropped', () => {
  expect(AffiliatePayoutsResponse.safeParse(validAnswer).success).toBe(true);
  expect(parseAffiliatePayoutsResponse(validAnswer)).toEqual(validAnswer);
  expectSameAsZod({ ...validAnswer, extra: 1, cards: { ...validAnswer.cards, extra: 'dropped' } });
});

test.each(ALL_PATHS.map((path) => [path.join('.') || '(the answer)', path]))(
  'at %s, each tricky value and a missing key are judged as zod judges them',
  (_name, path) => {
    for (const replacement of TRICKY) expectSameAsZod(changed(path, replacement));
    if (path.length > 0) expectSameAsZod(changed(path, undefined, true));
  },
);

test('any value anywhere in the answer is judged as zod judges it', () => {
  fc.assert(
    fc.property(fc.constantFrom(...ALL_PATHS), fc.anything(), (path, replacement) => {
      expectSameAsZod(changed(path, replacement));
    }),
    { numRuns: 2000 },
  );
});

test('the advice link: as zod judges it', () => {
  for (const value of [
    { excelPath: '/x.xlsx' },
    { excelPath: '/x', extra: 1 },
    { excelPath: 1 },
    {},
    null,
    [],
  ]) {
    const zod = ExcelPathResponse.safeParse(value);
    const plain = parseExcelPathResponse(value);
    expect(plain !== undefined).toBe(zod.success);
    if (zod.success) expect(plain).toEqual(zod.data);
  }
});
